import { Readable } from "node:stream";
import ExcelJS from "exceljs";
import { readZipDirectory, type ZipEntry } from "../../lib/zip";
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

/** The parts a sheet's cells need, which exceljs's streaming reader must see before the sheet. */
const FIRST = ["xl/_rels/workbook.xml.rels", "xl/workbook.xml", "xl/sharedStrings.xml", "xl/styles.xml"];

const SHEET = /^xl\/worksheets\/sheet\d+\.xml$/;

/** The parts readXlsx reads: the workbook's own, and its first sheet in the order the reader meets them. */
export function partsRead(entries: ZipEntry[]): Set<string> {
  const sheet = entries.find((entry) => SHEET.test(entry.name));
  return new Set(sheet ? [...FIRST, sheet.name] : FIRST);
}

/** One entry's local record as stored: header, name, extra field, data and any data descriptor. */
function record(zip: Uint8Array, entry: ZipEntry): Uint8Array {
  const v = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const at = entry.localHeaderOffset;
  let end = at + 30 + v.getUint16(at + 26, true) + v.getUint16(at + 28, true) + entry.compressedSize;
  if (entry.flags & 8) end += end + 4 <= zip.byteLength && v.getUint32(end, true) === 0x08074b50 ? 16 : 12;
  return zip.subarray(at, end);
}

/**
 * The first worksheet's rows, read as a stream so the caps stop a huge sheet early; rows with nothing
 * in them are skipped. exceljs's streaming reader parks a sheet listed before the shared strings
 * (Excel's own order) in a temp file, and under Bun sometimes reads it without them, losing every
 * text cell; so it is handed the zip's records with the shared strings and workbook parts first.
 */
export async function readXlsx(zip: Uint8Array, keep: number): Promise<ParsedTable> {
  const entries = await readZipDirectory((start, end) => zip.subarray(start, end), zip.byteLength);
  const rank = (entry: ZipEntry) => (FIRST.includes(entry.name) ? 0 : 1);
  const records = entries.sort((a, b) => rank(a) - rank(b)).map((entry) => record(zip, entry));
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(records), { worksheets: "emit", sharedStrings: "cache", hyperlinks: "ignore", styles: "cache", entries: "ignore" });
  const collector = new RowCollector(keep);
  for await (const sheet of reader) {
    for await (const row of sheet) {
      // row.values is 1-based and sparse.
      const values = row.values as unknown[];
      const cells: Cell[] = [];
      for (let i = 1; i < values.length; i++) cells.push(cellOf(values[i]));
      collector.add(cells);
    }
    break;
  }
  return collector.result();
}
