import { contentDisposition } from "./downloads";
import { AppError } from "./errors";
import type { SheetJob } from "./sheet-job";
import type { SheetCell } from "./sheet-writer";
import { type JobOptions, runUntrusted, UntrustedJobError } from "./untrusted-worker";

/** A made file's time and memory in the job worker: a full 2,000,000-cell table takes about 25 s there under load. */
const LIMITS = { timeoutMs: 60_000, maxRssGrowthBytes: 1024 * 1024 * 1024 };

/**
 * A file written by `job` in the job worker, in the requester's fair share of it (`options`), answered
 * as a download; a job past its time, memory or size limits answers `file.tooLarge` (a 413).
 */
export async function madeFileDownload(job: URL, input: unknown, options: JobOptions, file: { name: string; type: string; tooLarge: () => AppError }): Promise<Response> {
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = await runUntrusted(job, input, LIMITS, options);
  } catch (error) {
    if (error instanceof UntrustedJobError && error.reason !== "crashed") throw file.tooLarge();
    throw error;
  }
  return new Response(bytes, {
    headers: {
      "content-type": file.type,
      "content-disposition": contentDisposition("attachment", file.name),
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
      "cache-control": "private, no-cache",
    },
  });
}

/**
 * A one-sheet XLSX as a download: the header row bold, dates as dates, so a long list never stalls the
 * event loop. exceljs writes a string that begins with "=" as text, never as a formula, so user-typed
 * values stay inert.
 */
export function xlsxDownload(fileName: string, sheetName: string, header: string[], rows: SheetCell[][], options: JobOptions): Promise<Response> {
  const job: SheetJob = { sheetName, header, rows };
  return madeFileDownload(new URL("./sheet-job.ts", import.meta.url), job, options, {
    name: fileName,
    type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    tooLarge: () => new AppError(413, "download_too_large", "The list is too large to download"),
  });
}
