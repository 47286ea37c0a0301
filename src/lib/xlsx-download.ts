import ExcelJS from "exceljs";
import { contentDisposition } from "./downloads";

type XlsxCell = string | number | boolean | Date;

/**
 * A one-sheet XLSX as a download: the header row bold, dates as dates. exceljs writes a string that
 * begins with "=" as text, never as a formula, so user-typed values stay inert.
 */
export async function xlsxDownload(fileName: string, sheetName: string, header: string[], rows: XlsxCell[][]): Promise<Response> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(sheetName);
  sheet.addRow(header).font = { bold: true };
  sheet.addRows(rows);
  sheet.columns.forEach((column) => {
    column.width = 18;
  });
  const bytes = new Uint8Array((await book.xlsx.writeBuffer()) as ArrayBuffer);
  return new Response(bytes, {
    headers: {
      "content-type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "content-disposition": contentDisposition("attachment", fileName),
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
      "cache-control": "private, no-cache",
    },
  });
}
