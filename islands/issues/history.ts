import type { MessageKey } from "../../locales/en";
import { hasMessage, t, tf } from "../lib/i18n";

/**
 * The words of a task's history line in its ISSUE chat (this runs inside the chat panel, so it stays
 * small). The server stores the event as JSON ({ event, ...values }, src/modules/issues/history.ts)
 * so each reader sees it in their language; `author` is who made the change.
 */
interface HistoryEvent {
  event?: string;
  task?: string;
  from?: string;
  to?: string;
  performer?: { fullName?: string } | null;
}

export function historyText(body: string, author: string): string {
  let e: HistoryEvent;
  try {
    e = JSON.parse(body) as HistoryEvent;
  } catch {
    return body;
  }
  const key = `issue.history.${e?.event}`;
  if (!hasMessage(key)) return body;
  // Statuses are named in the reader's language; other values (names) as they are.
  const named = (value = "") => (e.event === "statusChanged" && hasMessage(`issueStatus.${value}`) ? t(`issueStatus.${value}` as MessageKey) : value);
  return tf(key as MessageKey, { name: author, task: e.task ?? "", from: named(e.from), to: named(e.to), performer: e.performer?.fullName ?? "" });
}
