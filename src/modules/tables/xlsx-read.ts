import ExcelJS from "exceljs";
import type { Cell } from "./cells";
import { type ParsedTable, RowCollector } from "./collect";

const pad = (n: number) => String(n).padStart(2, "0");

/** A date as text, the way it reads: the day alone, or with the time when it has one (Excel's dates carry no zone: read as UTC). */
function dateText(date: Date): string {
  const day = `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  const seconds = date.getUTCHours() * 3600 + date.getUTCMinutes() * 60 + date.getUTCSeconds();
  return seconds ? `${day} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}${date.getUTCSeconds() ? `:${pad(date.getUTCSeconds())}` : ""}` : day;
}

/** One Excel value as a cell: numbers stay numbers, dates become text, formulas give their result, rich text its plain text. */
function cellOf(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "string") return value;
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : dateText(value);
  if (typeof value === "object") {
    const v = value as { richText?: { text?: unknown }[]; result?: unknown; text?: unknown; error?: unknown; formula?: unknown; sharedFormula?: unknown };
    if (Array.isArray(v.richText)) return v.richText.map((part) => String(part?.text ?? "")).join("");
    if ("formula" in v || "sharedFormula" in v) return cellOf(v.result);
    if (v.text !== undefined) return cellOf(v.text);
    if (typeof v.error === "string") return v.error;
  }
  return null;
}

/**
 * The first worksheet's rows; rows with nothing in them are skipped. Read whole, not streamed:
 * exceljs's streaming reader parks a sheet that comes before the shared strings (Excel's own order)
 * in a temp file and, under Bun, sometimes reads it before the strings, losing every text cell.
 * The zip caps (import-limits.ts) and the worker's memory cap bound what the whole read holds.
 */
export async function readXlsx(bytes: Uint8Array, keep: number): Promise<ParsedTable> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const collector = new RowCollector(keep);
  const sheet = book.worksheets[0];
  sheet?.eachRow((row) => {
    // row.values is 1-based and sparse.
    const values = row.values as unknown[];
    const cells: Cell[] = [];
    for (let i = 1; i < values.length; i++) cells.push(cellOf(values[i]));
    collector.add(cells);
  });
  return collector.result();
}
