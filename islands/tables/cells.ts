import { dateOfCell } from "../../src/lib/cell-dates";
import { dataListPath } from "../../src/lib/data-paths";
import { formatNumber } from "../../src/lib/numbers";
import { type Cell, type ColumnType, isUrlHeader } from "../../src/modules/tables/cells";

import { locale } from "../lib/i18n";

export type { Cell };

/** A column as the table API gives it: its title, the key of its cells in each row, its type and the share of values that fit it. */
export interface Header {
  name: string;
  field: string;
  type?: ColumnType;
  fit?: number;
}

/** The column that holds each row's map points (spec 2, section 3): kept, never shown. */
export const isPointsColumn = (header: Header) => isUrlHeader(header.name);

const numbers: Record<string, Intl.NumberFormat> = {};
const dates: Record<string, Intl.DateTimeFormat> = {};

/** A date of a DATE column in `lang` (12.03.2026 in ru, 3/12/2026 in en), with its time when it has one. */
function formatDate(text: string, lang: string): string | undefined {
  const time = dateOfCell(text);
  if (time === undefined) return undefined;
  const kind = time % 86_400_000 ? "time" : "day";
  dates[`${lang} ${kind}`] ??= new Intl.DateTimeFormat(lang, { dateStyle: "short", ...(kind === "time" ? { timeStyle: "short" } : {}), timeZone: "UTC" });
  return dates[`${lang} ${kind}`]!.format(time);
}

/**
 * A cell as people read it: numbers with up to 4 decimals, trailing zeros trimmed, and a DATE column's dates, in `lang`
 * (the page's language; the server passes the reader's when it draws a table's first rows).
 */
export function formatCell(value: Cell | undefined, type?: ColumnType, lang = locale()): string {
  if (typeof value === "number") {
    numbers[lang] ??= new Intl.NumberFormat(lang, { maximumFractionDigits: 4 });
    return numbers[lang]!.format(value);
  }
  return (type === "DATE" && value ? formatDate(value, lang) : undefined) ?? value ?? "";
}

/** The text an editor starts with: the stored value itself in the page's locale, every digit, no group marks. */
export const editText = (value: Cell | undefined) => (value === null || value === undefined ? "" : typeof value === "number" ? formatNumber(value, locale(), { grouping: false }) : value);

/** A map point of a row. */
export interface MapPoint {
  lat: number;
  lon: number;
  name?: string;
}

const isCoordinate = (value: unknown, limit: number) => typeof value === "number" && Number.isFinite(value) && Math.abs(value) <= limit;

/** The map points a row's url cell holds (JSON text `[{"lat":..,"lon":..,"name":..}]`); anything unreadable holds none. */
export function pointsOf(value: Cell | undefined): MapPoint[] {
  if (typeof value !== "string" || !value.trim().startsWith("[")) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((point) => {
    const { lat, lon, name } = (point ?? {}) as Record<string, unknown>;
    if (!isCoordinate(lat, 90) || !isCoordinate(lon, 180)) return [];
    return [{ lat: lat as number, lon: lon as number, ...(typeof name === "string" && name ? { name } : {}) }];
  });
}

/**
 * Where a map point opens: the project's map list with the point in the query. The maps issue takes
 * this over (a map page that centres on ?lat=&lon=); until then the list is where maps are.
 */
export function mapHref(projectId: number, point: MapPoint) {
  const query = new URLSearchParams({ lat: String(point.lat), lon: String(point.lon) });
  return `${dataListPath(projectId, "MAP")}?${query}`;
}
