import { dateOfCell } from "../../src/lib/cell-dates";
import { type Cell, numberIn } from "../../src/modules/tables/cells";

/** What a column holds, as the chart wizard reads it from the table's first rows. */
export type ColumnKind = "number" | "date" | "text";

/** The share of filled cells that must read as numbers (or dates) for the column to count as such: a stray note or "n/a" is allowed. */
const MOSTLY = 0.8;

const filled = (cell: Cell | undefined): cell is string | number => cell !== null && cell !== undefined && String(cell).trim() !== "";
const isNumber = (cell: string | number) => typeof cell === "number" || numberIn(cell, true) !== undefined;

/** A column's kind from sample cells: numbers (a decimal comma too), else dates, else text; an empty column is text. */
export function kindOf(cells: (Cell | undefined)[]): ColumnKind {
  const sample = cells.filter(filled);
  if (!sample.length) return "text";
  const share = (fits: (cell: string | number) => boolean) => sample.filter(fits).length / sample.length;
  if (share(isNumber) >= MOSTLY) return "number";
  return share((cell) => dateOfCell(String(cell)) !== undefined) >= MOSTLY ? "date" : "text";
}
