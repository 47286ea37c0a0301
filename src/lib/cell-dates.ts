/**
 * Dates as tables hold them, shared by the server and the browser (no server imports): an XLSX date is
 * imported as `2026-03-12` or `2026-03-12 14:30` (src/modules/tables/xlsx-read.ts), and people type and
 * export `12.03.2026` (ru, es and most of Europe). Read as UTC, since a table's dates carry no zone.
 * Slashed dates are not read: 03/04/2026 is April to some readers and March to others.
 */

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;
const DOTTED = /^(\d{1,2})\.(\d{1,2})\.(\d{4})(?: (\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

/** The time a cell's text names, in ms since 1970 UTC, or undefined when it is no date (or no real day: 31.02). */
export function dateOfCell(text: string): number | undefined {
  const trimmed = text.trim();
  const iso = ISO.exec(trimmed);
  const dotted = iso ? undefined : DOTTED.exec(trimmed);
  const parts = iso ? [iso[1], iso[2], iso[3], iso[4], iso[5], iso[6]] : dotted ? [dotted[3], dotted[2], dotted[1], dotted[4], dotted[5], dotted[6]] : undefined;
  if (!parts) return undefined;
  const [year, month, day, hour = 0, minute = 0, second = 0] = parts.map((part) => (part === undefined ? undefined : Number(part))) as number[];
  if (hour! > 23 || minute! > 59 || second! > 59) return undefined;
  const time = Date.UTC(year!, month! - 1, day!, hour, minute, second);
  const date = new Date(time);
  // Date.UTC rolls 31.02 over to 03.03: a day that does not exist is no date.
  return date.getUTCFullYear() === year && date.getUTCMonth() === month! - 1 && date.getUTCDate() === day ? time : undefined;
}

export const DATE_BUCKETS = ["DAY", "WEEK", "MONTH"] as const;
export type DateBucket = (typeof DATE_BUCKETS)[number];

const DAY_MS = 86_400_000;

/** The start of the day, week (from Monday, as ISO 8601 and ru/es calendars count) or month that `time` falls in. */
export function bucketStart(time: number, bucket: DateBucket): number {
  const day = Math.floor(time / DAY_MS) * DAY_MS;
  if (bucket === "DAY") return day;
  if (bucket === "WEEK") return day - ((new Date(day).getUTCDay() + 6) % 7) * DAY_MS;
  const date = new Date(day);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
}

/** The start of the next bucket after the one starting at `start`. */
export function nextBucket(start: number, bucket: DateBucket): number {
  if (bucket === "DAY") return start + DAY_MS;
  if (bucket === "WEEK") return start + 7 * DAY_MS;
  const date = new Date(start);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
}

/** The bucket that gives at most `points` points between `first` and `last`: days, then weeks, then months. */
export function bucketFor(first: number, last: number, points: number): DateBucket {
  const days = (last - first) / DAY_MS + 1;
  if (days <= points) return "DAY";
  return days / 7 <= points ? "WEEK" : "MONTH";
}
