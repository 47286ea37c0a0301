/** Names, previews, times, files and groups of the chat's messages, as spec 1 sections 4, 5 and 9 describe them. */
import { fullName } from "../../src/modules/chat/naming";
import { locale } from "../lib/i18n";
import { plainText } from "./markdown";
import { historyText } from "../issues/history";
import { ct } from "./strings";
import type { FileRef, Message, TopRecord } from "./types";

export const authorName = (m: Pick<Message, "author" | "firstName" | "surname">) =>
  m.author ? fullName(m.author) : `${m.firstName} ${m.surname}`.trim();

function parse<T>(body: string, fallback: T): T {
  try {
    return JSON.parse(body) as T;
  } catch {
    return fallback;
  }
}

const names = (body: string) =>
  parse<{ fullName?: string }[]>(body, [])
    .map((entry) => entry?.fullName ?? "")
    .filter(Boolean)
    .join(", ");

/** A file message's body: {file, text?} with the author's caption as text. */
function fileBody(m: Pick<Message, "decryptedBody" | "messageKey">): { file: FileRef; text?: string } | null {
  if (m.messageKey !== "DEFAULT" || !m.decryptedBody.startsWith("{")) return null;
  const body = parse<{ file?: FileRef; text?: unknown }>(m.decryptedBody, {});
  return body.file && typeof body.file.token === "string" ? { file: body.file, text: typeof body.text === "string" ? body.text : undefined } : null;
}

/** The file of a file message: message.file, or the {file} JSON of its body. */
export function fileOf(m: Pick<Message, "file" | "decryptedBody" | "messageKey">): FileRef | null {
  if (m.messageKey !== "DEFAULT") return null;
  return m.file ?? fileBody(m)?.file ?? null;
}

/** What a message says: a text message's text, or a file message's caption (often none). */
export const wordsOf = (m: Pick<Message, "decryptedBody" | "messageKey">): string => {
  const body = fileBody(m);
  return body ? (body.text ?? "") : m.decryptedBody;
};

/** Messages of one author within this time share one header. */
const GROUP_MS = 5 * 60_000;

/** Whether `next` continues `previous`'s group: both written (not system records), by the same person, the same day, minutes apart. */
export function sameGroup(previous: Pick<Message, "authorID" | "createdAt" | "messageKey"> | undefined, next: Pick<Message, "authorID" | "createdAt" | "messageKey">): boolean {
  if (!previous || previous.authorID === null || previous.authorID !== next.authorID) return false;
  if (previous.messageKey !== "DEFAULT" || next.messageKey !== "DEFAULT") return false;
  const a = new Date(previous.createdAt);
  const b = new Date(next.createdAt);
  return sameDay(a, b) && b.getTime() - a.getTime() < GROUP_MS;
}

/** The message Up in an empty message box edits, as in Mattermost: one's latest written message. */
export const lastEditable = (list: Message[], meId: number) => [...list].reverse().find((m) => m.authorID === meId && m.messageKey === "DEFAULT");

/** The sentence a system message stands for, or the placeholder of a deleted one. */
export function systemText(m: { messageKey: string; decryptedBody: string }, author: string): string {
  switch (m.messageKey) {
    case "DELETED":
      return ct("chat.messageDeleted");
    case "JOINED":
      return ct("chat.system.joined", { name: author });
    case "LEFT":
      return ct("chat.system.left", { name: author });
    case "RENAMED": {
      const [from, to] = parse<string[]>(m.decryptedBody, ["", ""]);
      return ct("chat.system.renamed", { name: author, from: from ?? "", to: to ?? "" });
    }
    case "INVITED_BY":
      return ct("chat.system.invited", { name: author, users: names(m.decryptedBody) });
    case "REMOVED_BY":
      return ct("chat.system.removed", { name: author, users: names(m.decryptedBody) });
    case "ISSUE_HISTORY":
      return historyText(m.decryptedBody, author);
    default:
      return m.decryptedBody;
  }
}

/** The chat list's one-line preview of the latest record: who wrote it, the file it carries, and its words without markup. */
export function preview(top: TopRecord | null): { who: string; file: string | null; text: string } {
  if (!top) return { who: "", file: null, text: "" };
  const author = `${top.author.firstName} ${top.author.surname}`.trim();
  if (top.messageKey !== "DEFAULT") return { who: "", file: null, text: systemText(top, author) };
  const message = { messageKey: "DEFAULT" as const, decryptedBody: top.decryptedBody, file: null };
  // One line shows a few words: the first thousand characters are plenty and bound the work per render.
  return { who: author ? `${top.author.firstName}: ` : "", file: fileOf(message)?.name ?? null, text: plainText(wordsOf(message).slice(0, 1000)) };
}

const sameDay = (a: Date, b: Date) => a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
const startOfWeek = (d: Date) => {
  const start = new Date(d.getFullYear(), d.getMonth(), d.getDate());
  start.setDate(start.getDate() - ((start.getDay() + 6) % 7));
  return start;
};
const pad = (n: number) => String(n).padStart(2, "0");
const clock = (d: Date) => new Intl.DateTimeFormat(locale(), { hour: "2-digit", minute: "2-digit" }).format(d);

/** List times: the time today, the weekday this week, day.month this year, day.month.year before. */
export function listTime(value: string | null | undefined, now = new Date()): string {
  if (!value) return "";
  const d = new Date(value);
  if (sameDay(d, now)) return clock(d);
  if (d >= startOfWeek(now) && d <= now) return new Intl.DateTimeFormat(locale(), { weekday: "short" }).format(d);
  if (d.getFullYear() === now.getFullYear()) return `${pad(d.getDate())}.${pad(d.getMonth() + 1)}`;
  return `${pad(d.getDate())}.${pad(d.getMonth() + 1)}.${d.getFullYear()}`;
}

/** Message times: the time today, otherwise day.month.year and the time. */
export function messageTime(value: string, now = new Date()): string {
  const d = new Date(value);
  if (sameDay(d, now)) return clock(d);
  return `${pad(d.getDate())}.${pad(d.getMonth() + 1)}.${d.getFullYear()} ${clock(d)}`;
}

/** 'last seen': just now under a minute, otherwise relative time in the reader's language. */
export function lastSeen(value: string | null | undefined, now = Date.now()): string {
  if (!value) return ct("chat.offline");
  const seconds = Math.max(0, Math.round((now - new Date(value).getTime()) / 1000));
  if (seconds < 60) return ct("chat.lastSeen", { when: ct("chat.justNow") });
  const format = new Intl.RelativeTimeFormat(locale(), { numeric: "auto" });
  const [amount, unit]: [number, Intl.RelativeTimeFormatUnit] =
    seconds < 3600 ? [Math.floor(seconds / 60), "minute"] : seconds < 86_400 ? [Math.floor(seconds / 3600), "hour"] : seconds < 2_592_000 ? [Math.floor(seconds / 86_400), "day"] : [Math.floor(seconds / 2_592_000), "month"];
  return ct("chat.lastSeen", { when: format.format(-amount, unit) });
}
