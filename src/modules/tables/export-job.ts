/**
 * The worker side of a table download (export.ts): reads the table's rows from the database file
 * itself, read-only and in id order, and writes the file, so neither the rows nor the file are built
 * on the event loop.
 */
import { Database } from "bun:sqlite";
import { type SheetCell, type SheetFormat, sheetBytes } from "../../lib/sheet-writer";

export interface TableExportJob {
  dbPath: string;
  tableId: number;
  header: string[];
  format: SheetFormat;
}

export default async function exportTableJob({ dbPath, tableId, header, format }: TableExportJob) {
  const db = new Database(dbPath, { readonly: true });
  try {
    const rows = db.query<{ cells: string }, [number]>("select cells from table_rows where table_id = ? order by id").iterate(tableId);
    const cells = (function* () {
      for (const row of rows) yield JSON.parse(row.cells) as SheetCell[];
    })();
    return await sheetBytes(format, "Table", header, cells);
  } finally {
    db.close();
  }
}
