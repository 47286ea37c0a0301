import ExcelJS from "exceljs";
import Papa from "papaparse";
import type { Db } from "../../../db/client";
import type { User } from "../../../db/schema";
import { contentDisposition } from "../../lib/downloads";
import { audit } from "../audit/service";
import type { Cell } from "./cells";
import { TABLE_LIMITS } from "./limits";
import { pageOfRows } from "./rows";
import { headersOf, requireTable } from "./service";

const TYPES = { xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", csv: "text/csv; charset=utf-8" } as const;

/**
 * Text a spreadsheet would run as a formula when it opens a CSV (=, +, -, @, tab, carriage return
 * first) gets a leading apostrophe, as OWASP advises against CSV injection; numbers stay numbers.
 */
const inert = <C extends Cell>(cell: C) => (typeof cell === "string" && /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell);

/**
 * RFC 4180 CSV: comma-separated, fields quoted when they hold a comma, quote or line break, lines
 * ended by CRLF, UTF-8 with a byte order mark. Excel needs the mark to read UTF-8 (Cyrillic comes out
 * garbled without it) and LibreOffice accepts it; both take quoted line breaks. Comma rather than
 * semicolon because it is the format's own separator, which LibreOffice's import and Excel's
 * Data > From Text detect; where Excel's list separator is a semicolon (a Russian Windows) a
 * double-clicked CSV opens in one column, and the XLSX export is the one to use there.
 */
function csvOf(names: string[], rows: Cell[][]): Uint8Array<ArrayBuffer> {
  const text = Papa.unparse({ fields: names.map(inert), data: rows.map((row) => row.map(inert)) }, { newline: "\r\n", quotes: false });
  return new TextEncoder().encode(`\ufeff${text}\r\n`);
}

/** XLSX with the header row bold, numbers as numbers and text as text (never formulas). */
async function xlsxOf(names: string[], rows: Cell[][]): Promise<Uint8Array<ArrayBuffer>> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Table");
  sheet.addRow(names).font = { bold: true };
  sheet.addRows(rows);
  return new Uint8Array(await book.xlsx.writeBuffer() as ArrayBuffer);
}

/** files/get-data-table: the whole table, url column included (it is data), as a download named after the item. */
export async function exportTable(db: Db, actor: User, tableId: number, format: "xlsx" | "csv"): Promise<Response> {
  const item = requireTable(db, actor, tableId);
  const names = headersOf(item).map((header) => header.name);
  const { rows } = pageOfRows(db, item.id, { offset: 0, limit: TABLE_LIMITS.rows });
  const cells = rows.map((row) => row.cells);
  const bytes = format === "csv" ? csvOf(names, cells) : await xlsxOf(names, cells);
  audit(db, actor.id, "DOWNLOAD", `TABLE ${item.name}`, item.id);
  return new Response(bytes, {
    headers: {
      "content-type": TYPES[format],
      "content-disposition": contentDisposition("attachment", `${item.name}.${format}`),
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
      "cache-control": "private, no-cache",
    },
  });
}
