import { PassThrough } from "node:stream";
import ExcelJS from "exceljs";
import Papa from "papaparse";
import { formatNumber } from "./numbers";

export type SheetCell = string | number | boolean | Date | null;
export type SheetFormat = "xlsx" | "csv";

/** The largest file a download writes; past it the job stops with code file_too_large. */
const SHEET_MAX_BYTES = 256 * 1024 * 1024;

const CSV_SLICE_ROWS = 5000;

const tooLarge = () => Object.assign(new Error(`larger than ${SHEET_MAX_BYTES} bytes`), { code: "file_too_large" });

/**
 * Text a spreadsheet would run as a formula when it opens a CSV (=, +, -, @, tab, carriage return
 * first) gets a leading apostrophe, as OWASP advises against CSV injection; numbers stay numbers.
 */
const inert = (cell: SheetCell) => (typeof cell === "string" && /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell);

/** Appends chunks, refusing to grow past SHEET_MAX_BYTES. */
class Bytes {
  private chunks: Uint8Array[] = [];
  private size = 0;
  add(chunk: Uint8Array) {
    this.size += chunk.byteLength;
    if (this.size > SHEET_MAX_BYTES) throw tooLarge();
    this.chunks.push(chunk);
  }
  joined(): Uint8Array<ArrayBuffer> {
    return Buffer.concat(this.chunks) as unknown as Uint8Array<ArrayBuffer>;
  }
}

/**
 * How a CSV is written: "point" is RFC 4180's comma-separated text with decimal points; "comma" is
 * what Excel opens with a double click where its list separator is a semicolon (ru, es and most of
 * Europe): semicolons, and decimal commas ("31,5").
 */
export type CsvStyle = "point" | "comma";

/** The CSV style a reader of `locale` expects. */
export const csvStyleOf = (locale: string): CsvStyle => (locale === "ru" || locale === "es" ? "comma" : "point");

/**
 * CSV: fields quoted when they hold the separator, a quote or a line break, lines ended by CRLF,
 * UTF-8 with a byte order mark. Excel needs the mark to read UTF-8 (Cyrillic comes out garbled
 * without it) and LibreOffice accepts it; both take quoted line breaks.
 */
function csvOf(header: string[], rows: Iterable<SheetCell[]>, style: CsvStyle): Uint8Array<ArrayBuffer> {
  const out = new Bytes();
  const encoder = new TextEncoder();
  const field = (cell: SheetCell) => (typeof cell === "number" ? formatNumber(cell, style) : inert(cell));
  const delimiter = style === "comma" ? ";" : ",";
  const write = (slice: SheetCell[][]) => out.add(encoder.encode(`${Papa.unparse(slice.map((row) => row.map(field)), { newline: "\r\n", quotes: false, delimiter })}\r\n`));
  out.add(encoder.encode("\ufeff"));
  write([header]);
  let slice: SheetCell[][] = [];
  for (const row of rows) {
    slice.push(row);
    if (slice.length === CSV_SLICE_ROWS) {
      write(slice);
      slice = [];
    }
  }
  if (slice.length) write(slice);
  return out.joined();
}

/**
 * XLSX through exceljs's streaming writer, row by row, so a 2-million-cell sheet is never whole in
 * memory: the header row bold, numbers as numbers, dates as dates, and text as text (exceljs writes a
 * string that begins with "=" as text, never as a formula).
 */
async function xlsxOf(sheetName: string, header: string[], rows: Iterable<SheetCell[]>, widths: number[]): Promise<Uint8Array<ArrayBuffer>> {
  const out = new Bytes();
  const stream = new PassThrough();
  let failed: unknown;
  stream.on("data", (chunk: Buffer) => {
    try {
      out.add(chunk);
    } catch (error) {
      failed = error;
      stream.destroy();
    }
  });
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = book.addWorksheet(sheetNameOf(sheetName));
  if (widths.length) sheet.columns = widths.map((width) => ({ width }));
  const top = sheet.addRow(header);
  top.font = { bold: true };
  top.commit();
  let n = 0;
  for (const row of rows) {
    if (failed) throw failed;
    sheet.addRow(row).commit();
    // Lets the zip stream drain what was written so far instead of holding the whole sheet's XML.
    if (++n % 1000 === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  sheet.commit();
  await book.commit();
  if (failed) throw failed;
  return out.joined();
}

/**
 * A name Excel takes for a sheet: at most 31 characters, none of : \\ / ? * [ ], not starting or
 * ending with an apostrophe, not "History" (Excel keeps it); "Sheet1" when nothing is left.
 */
export function sheetNameOf(name: string): string {
  const clean = [...name.replace(/[:\\/?*[\]\p{Cc}]/gu, " ").replace(/\s+/g, " ")].slice(0, 31).join("").replace(/^[\s']+|[\s']+$/g, "");
  return !clean || clean.toLowerCase() === "history" ? "Sheet1" : clean;
}

/** A column's width in characters: its longest text, within 10 to 60 (a 3,000-character note would push the rest off the screen). */
export const widthFor = (chars: number) => Math.min(60, Math.max(10, chars + 2));

/** What a download's sheet looks like: columns' widths in characters (XLSX), the CSV's style. */
export interface SheetLayout {
  widths?: number[];
  csv?: CsvStyle;
}

/** A one-sheet spreadsheet file of `header` and `rows`, for a worker job: at most SHEET_MAX_BYTES. */
export const sheetBytes = (format: SheetFormat, sheetName: string, header: string[], rows: Iterable<SheetCell[]>, layout: SheetLayout = {}) =>
  format === "csv" ? Promise.resolve(csvOf(header, rows, layout.csv ?? "point")) : xlsxOf(sheetName, header, rows, layout.widths ?? []);
