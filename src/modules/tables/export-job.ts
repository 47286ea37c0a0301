/**
 * The worker side of a table download (export.ts): reads the table's rows from the database file
 * itself, read-only and in id order, and writes the file, so neither the rows nor the file are built
 * on the event loop. A DATE column's dates go to XLSX as dates; each column is as wide as its longest text.
 */
import { Database } from "bun:sqlite";
import { dateOfCell } from "../../lib/cell-dates";
import { type CsvStyle, type SheetCell, type SheetFormat, sheetBytes, widthFor } from "../../lib/sheet-writer";

export interface TableExportJob {
  dbPath: string;
  tableId: number;
  name: string;
  header: string[];
  /** The columns typed DATE. */
  dated: boolean[];
  format: SheetFormat;
  csv: CsvStyle;
}

/** Each column's longest text, in one pass of SQLite over the rows. */
function longest(db: Database, tableId: number, columns: number): number[] {
  if (!columns) return [];
  const parts = Array.from({ length: columns }, (_, c) => `max(length(cells ->> ${c}))`).join(", ");
  const row = db.query<Record<string, number | null>, [number]>(`select ${parts} from table_rows where table_id = ?`).values(tableId)[0] ?? [];
  return Array.from({ length: columns }, (_, c) => Number(row[c] ?? 0));
}

export default async function exportTableJob({ dbPath, tableId, name, header, dated, format, csv }: TableExportJob) {
  const db = new Database(dbPath, { readonly: true });
  try {
    const widths = format === "xlsx" ? longest(db, tableId, header.length).map((chars, c) => widthFor(Math.max(chars, header[c].length))) : [];
    const rows = db.query<{ cells: string }, [number]>("select cells from table_rows where table_id = ? order by id").iterate(tableId);
    const asDate = (cell: SheetCell) => {
      const time = typeof cell === "string" ? dateOfCell(cell) : undefined;
      return time === undefined ? cell : new Date(time);
    };
    const cells = (function* () {
      for (const row of rows) {
        const values = JSON.parse(row.cells) as SheetCell[];
        yield format === "xlsx" ? values.map((cell, c) => (dated[c] ? asDate(cell) : cell)) : values;
      }
    })();
    return await sheetBytes(format, name, header, cells, { widths, csv });
  } finally {
    db.close();
  }
}
