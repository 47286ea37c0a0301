import type { MessageKey } from "../../locales/en";
import { formatNumber } from "../../src/lib/numbers";
import { hasMessage, locale, t, tf } from "../lib/i18n";

/**
 * The words of a task's history line in its ISSUE chat (this runs inside the chat panel, so it stays
 * small). The server stores the event as JSON ({ event, ...values }, src/modules/issues/history.ts)
 * so each reader sees it in their language, dates and numbers as their locale writes them; `author`
 * is who made the change. Lines stored before values were kept keep their older wording.
 */
type Named = { fullName?: string };
type Value = string | number | boolean | Named | string[] | null | undefined;

interface HistoryEvent {
  event?: string;
  task?: string;
  field?: string;
  type?: string;
  from?: Value;
  to?: Value;
  performer?: Named | null;
  previous?: Named;
}

const none = () => t("issue.history.none");

/** A day in the reader's locale: day and month, and the year unless it is this one. */
function day(ms: number): string {
  const date = new Date(ms);
  const sameYear = date.getFullYear() === new Date().getFullYear();
  return new Intl.DateTimeFormat(locale(), { day: "numeric", month: "short", ...(sameYear ? {} : { year: "numeric" }) }).format(date);
}

/** A value as the reader reads it: statuses in their language, dates and numbers in their locale, people by name. */
function shown(e: HistoryEvent, value: Value): string {
  if (value === null || value === undefined || value === "") return none();
  if (Array.isArray(value)) return value.length ? value.join(", ") : none();
  if (typeof value === "object") return value.fullName || none();
  if (typeof value === "boolean") return t(value ? "common.yes" : "common.no");
  if (e.event === "statusChanged" && hasMessage(`issueStatus.${value}`)) return t(`issueStatus.${value}` as MessageKey);
  if (typeof value === "number") return e.event === "dueDateChanged" || e.type === "DATE" ? day(value) : formatNumber(value, locale());
  return value;
}

/** The key of a line: an assignment that replaced someone says so, categories with their lists say what they were. */
function keyOf(e: HistoryEvent): string {
  if (e.event === "assigned" && e.previous) return "issue.history.reassigned";
  if (e.event === "categoriesChanged" && Array.isArray(e.to)) return "issue.history.categoriesFromTo";
  return `issue.history.${e.event}`;
}

export function historyText(body: string, author: string): string {
  let e: HistoryEvent;
  try {
    e = JSON.parse(body) as HistoryEvent;
  } catch {
    return body;
  }
  const key = e && typeof e === "object" ? keyOf(e) : "";
  if (!hasMessage(key)) return body;
  return tf(key as MessageKey, {
    name: author,
    task: e.task ?? "",
    field: e.field ?? "",
    from: shown(e, e.from),
    to: shown(e, e.to),
    performer: e.performer?.fullName ?? "",
    previous: e.previous?.fullName ?? "",
  });
}
