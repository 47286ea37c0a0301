import { dateOfCell } from "../../lib/cell-dates";
import { cellNumber, parseNumber } from "../../lib/numbers";
import { foldText } from "../../lib/text-fold";

/** What a column holds, detected on import and changeable by a moderator (src/modules/tables/column-types.ts). */
export const COLUMN_TYPES = ["NUMBER", "DATE", "TEXT"] as const;
export type ColumnType = (typeof COLUMN_TYPES)[number];

/** A cell as stored and served: text, a number, or empty. */
export type Cell = string | number | null;

export const fieldOf = (column: number) => `cell_${column}`;

/** The column a field names (`cell_3` → 3), or undefined when it names none of `columns`. */
export function columnOf(field: string, columns: number): number | undefined {
  const match = /^cell_(0|[1-9]\d{0,3})$/.exec(field);
  const column = match ? Number(match[1]) : -1;
  return column >= 0 && column < columns ? column : undefined;
}

/** The column holding a row's map points is the one named `url`, in any case. */
export const isUrlHeader = (name: string) => name.trim().toLowerCase() === "url";

/**
 * What a text typed into a cell is stored as, in the page's `language`: empty is no value; a number where
 * the cell held a number or nothing and the text reads as one by the rule imports follow (cellNumber: "3,5"
 * in ru is 3.5, "007" stays text); text otherwise. The browser's editor uses this one copy.
 */
export function typedValue(text: string, before: Cell | undefined, language: string): Cell {
  if (!text.trim()) return null;
  const number = typeof before === "string" ? undefined : cellNumber(text, language);
  return number ?? text;
}

/** A file's cell text as a number (src/lib/numbers' cellNumber), a decimal comma too when `comma` allows it. */
export const numberIn = (text: string, comma: boolean) => cellNumber(text, comma ? "comma" : "point");

const EMPTY_KEY = new Uint8Array(0);
/** Text sorts by its first 100 characters (longer keys would only swell the index); ties keep the rows' order. */
const SORT_CHARS = 100;

/**
 * A cell's sort key (see db/schema/tables.ts): numbers, and text that reads as one, by value; in a
 * column typed DATE, dates by their time; other text folded (case and е/ё ignored); empty cells an
 * empty blob, after everything else.
 */
export function sortKeyOf(cell: Cell, dated = false): number | string | Uint8Array {
  if (cell === null) return EMPTY_KEY;
  if (typeof cell === "number") return cell;
  if (!cell.trim()) return EMPTY_KEY;
  return (dated ? dateOfCell(cell) : undefined) ?? numberIn(cell, true) ?? foldText(cell.trim().slice(0, SORT_CHARS));
}

/**
 * How a number the reader typed into the filter in their `locale` is stored in the rows' text
 * ("31,5" in ru, "1 234,5" as ru displays it: "31.5", "1234.5"), when it differs from what they typed.
 */
export function storedNumberText(filter: string, locale: string): string | undefined {
  const reading = parseNumber(filter, locale);
  const text = reading.ok ? String(reading.value) : undefined;
  return text !== filter.trim() ? text : undefined;
}

/** The row's text the filter searches: every cell but the hidden url column, folded, one per line. */
export const searchTextOf = (cells: Cell[], urlColumn: number) =>
  foldText(cells.map((cell, i) => (i === urlColumn || cell === null ? "" : String(cell))).join("\n"));
