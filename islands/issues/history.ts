import type { MessageKey } from "../../locales/en";
import { t, tf } from "../lib/i18n";
import { isStatus, STATUS_KEYS } from "./types";

/**
 * The words of a task's history line in its ISSUE chat. The server stores the event as JSON
 * ({ event, ...values }, src/modules/issues/history.ts) so each reader sees it in their language;
 * `author` is who made the change.
 */
type Person = { fullName?: string } | null | undefined;
interface HistoryEvent {
  event?: string;
  task?: string;
  from?: string;
  to?: string;
  performer?: Person;
}

const EVENTS: Record<string, MessageKey> = {
  taskCreated: "issue.history.taskCreated",
  nameChanged: "issue.history.nameChanged",
  statusChanged: "issue.history.statusChanged",
  descriptionChanged: "issue.history.descriptionChanged",
  assigned: "issue.history.assigned",
  unassigned: "issue.history.unassigned",
  categoriesChanged: "issue.history.categoriesChanged",
  dataChanged: "issue.history.dataChanged",
  taskRemoved: "issue.history.taskRemoved",
};

const statusName = (status: string | undefined) => (isStatus(status) ? t(STATUS_KEYS[status]) : (status ?? ""));

export function historyText(body: string, author: string): string {
  let e: HistoryEvent;
  try {
    e = JSON.parse(body) as HistoryEvent;
  } catch {
    return body;
  }
  const key = e?.event ? EVENTS[e.event] : undefined;
  if (!key) return body;
  const isStatus = e.event === "statusChanged";
  return tf(key, {
    name: author,
    task: e.task ?? "",
    from: isStatus ? statusName(e.from) : (e.from ?? ""),
    to: isStatus ? statusName(e.to) : (e.to ?? ""),
    performer: e.performer?.fullName ?? "",
  });
}
