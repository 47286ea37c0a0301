import type { Cell } from "./cells";
import { TABLE_LIMITS } from "./limits";

/** What reading a file gives: the first row as headers, then `rows` (all of them, or the first `keep`), and how many there were. */
export interface ParsedTable {
  headers: string[];
  rows: Cell[][];
  totalRows: number;
  encoding?: string;
  delimiter?: string;
}

/** A refusal the import answers with (the job's error keeps its code across the worker's boundary). */
export const refuse = (code: "table_too_wide" | "table_too_long" | "table_too_large" | "file_unreadable" | "csv_encoding_invalid" | "csv_quote_broken", message: string) => Object.assign(new Error(message), { code });

/**
 * Gathers a file's rows as a reader finds them, holding the caps while it reads: a row wider than
 * the column cap, or more rows or cells than a table may have, stops the reading at once.
 */
export class RowCollector {
  headers: string[] | undefined;
  readonly rows: Cell[][] = [];
  private width = 0;
  totalRows = 0;

  constructor(private readonly keep: number) {}

  add(cells: Cell[]) {
    if (cells.length > TABLE_LIMITS.columns) throw refuse("table_too_wide", `A table may have at most ${TABLE_LIMITS.columns} columns`);
    let end = cells.length;
    while (end > 0 && (cells[end - 1] === null || cells[end - 1] === "")) end--;
    if (end === 0) return; // blank lines are skipped
    if (!this.headers) {
      this.headers = cells.slice(0, end).map((cell) => (cell === null ? "" : String(cell)));
      this.width = end;
      return;
    }
    this.width = Math.max(this.width, end);
    if (++this.totalRows > TABLE_LIMITS.rows) throw refuse("table_too_long", `A table may have at most ${TABLE_LIMITS.rows} rows`);
    if (this.totalRows * this.width > TABLE_LIMITS.cells) throw refuse("table_too_large", `A table may have at most ${TABLE_LIMITS.cells} cells`);
    if (this.rows.length < this.keep) this.rows.push(cells.slice(0, end));
  }

  /** The table read: headers as wide as the widest row (missing ones empty, named later), rows padded to that width. */
  result(extra: Pick<ParsedTable, "encoding" | "delimiter"> = {}): ParsedTable {
    if (!this.headers) throw refuse("file_unreadable", "The file has no rows");
    const headers = Array.from({ length: this.width }, (_, i) => this.headers![i] ?? "");
    const rows = this.rows.map((row) => Array.from({ length: this.width }, (_, i) => row[i] ?? null));
    return { headers, rows, totalRows: this.totalRows, ...extra };
  }
}
