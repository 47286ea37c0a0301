import type { Db } from "../../../db/client";
import type { User } from "../../../db/schema";
import { contentDisposition } from "../../lib/downloads";
import { AppError } from "../../lib/errors";
import type { JobOptions } from "../../lib/untrusted-worker";
import { runUntrusted, UntrustedJobError } from "../../lib/untrusted-worker";
import { audit } from "../audit/service";
import type { TableExportJob } from "./export-job";
import { headersOf, requireTable } from "./service";

const TYPES = { xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", csv: "text/csv; charset=utf-8" } as const;

/** A download's time and memory in the job worker: a full 2,000,000-cell table takes about 10 s there. */
const EXPORT_LIMITS = { timeoutMs: 60_000, maxRssGrowthBytes: 1024 * 1024 * 1024 };

/**
 * files/get-data-table: the whole table, url column included (it is data), as a download named after
 * the item. The file is written in the job worker from the database file (export-job.ts), in the
 * requester's fair share of it; past its time, memory or size the answer is 413 table_export_too_large.
 */
export async function exportTable(db: Db, actor: User, tableId: number, format: "xlsx" | "csv", signal?: AbortSignal): Promise<Response> {
  const item = requireTable(db, actor, tableId);
  const job: TableExportJob = { dbPath: db.$client.filename, tableId: item.id, header: headersOf(item).map((header) => header.name), format };
  const options: JobOptions = { owner: actor.id, signal };
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = await runUntrusted(new URL("./export-job.ts", import.meta.url), job, EXPORT_LIMITS, options);
  } catch (error) {
    if (error instanceof UntrustedJobError && error.reason !== "crashed") throw new AppError(413, "table_export_too_large", "The table is too large to download");
    throw error;
  }
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
