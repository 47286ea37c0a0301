import { eq } from "drizzle-orm";
import type { Executor } from "../../../db/client";
import { tableColumns } from "../../../db/schema";
import { dateOfCell } from "../../lib/cell-dates";
import { parseNumber } from "../../lib/numbers";
import type { Cell, ColumnType } from "./cells";


/** A column's type and the share (0 to 1) of its non-empty cells that read as that type. */
export interface ColumnKind {
  type: ColumnType;
  fit: number;
}

/** A column is typed NUMBER or DATE on import when at least this share of its non-empty cells are one. */
const DETECT_SHARE = 0.9;

/** Whether a stored cell is of `type`: NUMBER holds numbers, DATE text that names a day (src/lib/cell-dates.ts), TEXT anything. */
export function cellFits(cell: Cell, type: ColumnType): boolean {
  if (cell === null || type === "TEXT") return true;
  if (type === "NUMBER") return typeof cell === "number";
  return typeof cell === "string" && dateOfCell(cell) !== undefined;
}

/**
 * A checked cell as a column of `type` stores it, or undefined when it is not of that type: a NUMBER
 * column reads text as a number in the writer's `locale` ("18,5" in ru), a DATE column keeps a date's text.
 */
export function typedCell(cell: Cell, type: ColumnType, locale: string): Cell | undefined {
  if (cell === null || type === "TEXT") return cell;
  if (type === "DATE") return cellFits(cell, "DATE") ? (cell as string).trim() : undefined;
  if (typeof cell === "number") return cell;
  const reading = parseNumber(cell, locale);
  return reading.ok ? reading.value : undefined;
}

/**
 * Counts, row by row, what each column's cells are, so an import can detect the types in the slices
 * it checks the cells in: a column is NUMBER or DATE when at least 90% of its non-empty cells are
 * numbers (already read by the file's rule, cellNumber) or dates (ISO, as XLSX dates are imported,
 * or dd.mm.yyyy), else TEXT; a column with no values is TEXT.
 */
export class ColumnTypeCounter {
  private readonly filled: number[];
  private readonly numbers: number[];
  private readonly dates: number[];

  constructor(private readonly width: number) {
    this.filled = new Array<number>(width).fill(0);
    this.numbers = new Array<number>(width).fill(0);
    this.dates = new Array<number>(width).fill(0);
  }

  add(row: Cell[]) {
    for (let c = 0; c < this.width; c++) {
      const cell = row[c] ?? null;
      if (cell === null) continue;
      this.filled[c]++;
      if (typeof cell === "number") this.numbers[c]++;
      else if (dateOfCell(cell) !== undefined) this.dates[c]++;
    }
  }

  kinds(): ColumnKind[] {
    return this.filled.map((n, c) => {
      if (n && this.numbers[c] / n >= DETECT_SHARE) return { type: "NUMBER", fit: this.numbers[c] / n };
      if (n && this.dates[c] / n >= DETECT_SHARE) return { type: "DATE", fit: this.dates[c] / n };
      return { type: "TEXT", fit: 1 };
    });
  }
}

/** The types of a table's columns as all of its rows show them (ColumnTypeCounter). */
export function detectColumnTypes(rows: Cell[][], width: number): ColumnKind[] {
  const counter = new ColumnTypeCounter(width);
  for (const row of rows) counter.add(row);
  return counter.kinds();
}

/** A table's column types, one per column; a table imported before types were kept is all TEXT (as tables were). */
export function columnKindsOf(db: Executor, tableId: number, width: number): ColumnKind[] {
  const stored = db.select().from(tableColumns).where(eq(tableColumns.tableId, tableId)).all();
  const kinds = Array.from({ length: width }, (): ColumnKind => ({ type: "TEXT", fit: 1 }));
  for (const row of stored) if (row.col < width) kinds[row.col] = { type: row.type, fit: row.fit };
  return kinds;
}

/** Stores the types of a table's columns, replacing any it had. */
export function writeColumnKinds(tx: Executor, tableId: number, kinds: ColumnKind[]) {
  tx.delete(tableColumns).where(eq(tableColumns.tableId, tableId)).run();
  if (kinds.length) tx.insert(tableColumns).values(kinds.map((kind, col) => ({ tableId, col, ...kind }))).run();
}

/** Stores one column's type. */
export const writeColumnKind = (tx: Executor, tableId: number, col: number, kind: ColumnKind) =>
  tx.insert(tableColumns).values({ tableId, col, ...kind }).onConflictDoUpdate({ target: [tableColumns.tableId, tableColumns.col], set: kind }).run();
