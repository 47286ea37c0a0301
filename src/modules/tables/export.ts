import type { Db } from "../../../db/client";
import type { User } from "../../../db/schema";
import { AppError } from "../../lib/errors";
import { requireDataItem } from "../data/policy";
import { madeFileDownload } from "../../lib/xlsx-download";
import { audit } from "../audit/service";
import type { TableExportJob } from "./export-job";
import { type CsvStyle, csvStyleOf } from "../../lib/sheet-writer";
import { columnKindsOf } from "./column-types";
import { datedColumns, headersOf } from "./service";

const TYPES = { xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", csv: "text/csv; charset=utf-8" } as const;

/**
 * files/get-data-table: the whole table, url column included (it is data), as a download named after
 * the item. The file is written in the job worker from the database file (export-job.ts), in the
 * requester's fair share of it (`signal`: dropped or stopped once they leave); past its time, memory
 * or size the answer is 413 table_export_too_large. The XLSX's sheet is named after the table; a CSV
 * is written in `csv` style, else the one of the reader's `locale` (semicolons and decimal commas in ru and es).
 */
export async function exportTable(db: Db, actor: User, tableId: number, options: { format: "xlsx" | "csv"; locale: string; csv?: CsvStyle }, signal?: AbortSignal): Promise<Response> {
  const { format } = options;
  const item = requireDataItem(db, actor, tableId, { type: "TABLE" }).item;
  const headers = headersOf(item);
  const job: TableExportJob = {
    dbPath: db.$client.filename,
    tableId: item.id,
    name: item.name,
    header: headers.map((header) => header.name),
    dated: datedColumns(columnKindsOf(db, item.id, headers.length)),
    format,
    csv: options.csv ?? csvStyleOf(options.locale),
  };
  const response = await madeFileDownload(new URL("./export-job.ts", import.meta.url), job, { owner: actor.id, signal }, {
    name: `${item.name}.${format}`,
    type: TYPES[format],
    tooLarge: () => new AppError(413, "table_export_too_large", "The table is too large to download"),
  });
  audit(db, actor.id, "DOWNLOAD", `TABLE ${item.name}`, item.id);
  return response;
}
