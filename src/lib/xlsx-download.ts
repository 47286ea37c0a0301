import { contentDisposition } from "./downloads";
import { AppError } from "./errors";
import type { SheetJob } from "./sheet-job";
import type { SheetCell } from "./sheet-writer";
import { type JobOptions, runUntrusted, UntrustedJobError } from "./untrusted-worker";

const LIMITS = { timeoutMs: 60_000, maxRssGrowthBytes: 1024 * 1024 * 1024 };

/**
 * A one-sheet XLSX as a download: the header row bold, dates as dates, written in the job worker in
 * the requester's fair share of it (`options`), so a long list never stalls the event loop. exceljs
 * writes a string that begins with "=" as text, never as a formula, so user-typed values stay inert.
 */
export async function xlsxDownload(fileName: string, sheetName: string, header: string[], rows: SheetCell[][], options: JobOptions): Promise<Response> {
  const job: SheetJob = { sheetName, header, rows };
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = await runUntrusted(new URL("./sheet-job.ts", import.meta.url), job, LIMITS, options);
  } catch (error) {
    if (error instanceof UntrustedJobError && error.reason !== "crashed") throw new AppError(413, "download_too_large", "The list is too large to download");
    throw error;
  }
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
