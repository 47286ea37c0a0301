/** The worker side of xlsx-download.ts: rows given in the input, written as a one-sheet XLSX. */
import { type SheetCell, sheetBytes } from "./sheet-writer";

export interface SheetJob {
  sheetName: string;
  header: string[];
  rows: SheetCell[][];
}

export default function sheetJob({ sheetName, header, rows }: SheetJob) {
  return sheetBytes("xlsx", sheetName, header, rows, { widths: header.map(() => 18) });
}
