/** Names, previews, times and links of the chat, as spec 1 sections 4, 5 and 9 describe them. */
import { fullName } from "../../src/modules/chat/naming";
import { locale } from "../lib/i18n";
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

/** The file of a file message: message.file, or the {file} JSON of its body. */
export function fileOf(m: Pick<Message, "file" | "decryptedBody" | "messageKey">): FileRef | null {
  if (m.messageKey !== "DEFAULT") return null;
  if (m.file) return m.file;
  if (!m.decryptedBody.startsWith("{")) return null;
  const body = parse<{ file?: FileRef }>(m.decryptedBody, {});
  return body.file && typeof body.file.token === "string" ? body.file : null;
}

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
    default:
      return m.decryptedBody;
  }
}

/** The chat list's one-line preview of the latest record. */
export function preview(top: TopRecord | null): string {
  if (!top) return "";
  const author = `${top.author.firstName} ${top.author.surname}`.trim();
  if (top.messageKey !== "DEFAULT") return systemText(top, author);
  const file = fileOf({ messageKey: "DEFAULT", decryptedBody: top.decryptedBody, file: null });
  const text = file ? `📎 ${file.name}` : top.decryptedBody;
  return author ? `${top.author.firstName}: ${text}` : text;
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

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"'`]+/gi;

/** Text split into plain parts and http(s) links (trailing punctuation stays text). */
export function linkParts(text: string): ({ text: string } | { url: string })[] {
  const parts: ({ text: string } | { url: string })[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    let url = match[0];
    while (/[.,;:!?)\]}]$/.test(url) && !(url.endsWith(")") && url.includes("("))) url = url.slice(0, -1);
    const start = match.index!;
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ url });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}
