import { mkdtempSync, rmSync } from "node:fs";
import { open } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomToken } from "./crypto";
import { contentDisposition } from "./downloads";
import { AppError } from "./errors";
import type { SheetJob } from "./sheet-job";
import type { SheetCell } from "./sheet-writer";
import { type JobOptions, runUntrusted, UntrustedJobError } from "./untrusted-worker";

/** A made file's time and memory in the job worker: a full 2,000,000-cell table takes about 25 s there under load. */
const LIMITS = { timeoutMs: 60_000, maxRssGrowthBytes: 1024 * 1024 * 1024 };

/** This process's own folder (0700) for made files between the worker writing them and the download opening them. */
let madeFilesDir: string | undefined;
export const madeFilesFolder = () => (madeFilesDir ??= mkdtempSync(join(tmpdir(), "plexus-downloads-")));
const madeFilePath = () => join(madeFilesFolder(), randomToken(12));

const CHUNK_BYTES = 256 * 1024;

/**
 * The file at `path` as a body read chunk by chunk, removed from the folder once open (the open
 * handle keeps it readable), so nothing is left behind whether the download ends or is dropped.
 */
async function readOnce(path: string): Promise<ReadableStream<Uint8Array>> {
  const handle = await open(path, "r");
  rmSync(path, { force: true });
  return new ReadableStream(
    {
      async pull(controller) {
        try {
          const { bytesRead, buffer } = await handle.read(new Uint8Array(CHUNK_BYTES), 0, CHUNK_BYTES, null);
          if (bytesRead > 0) return controller.enqueue(buffer.subarray(0, bytesRead));
          controller.close();
        } catch (error) {
          controller.error(error);
        }
        await handle.close();
      },
      cancel: () => handle.close(),
    },
    { highWaterMark: 0 },
  );
}

/**
 * A file written by `job` in the job worker, in the requester's fair share of it (`options`), answered
 * as a download; a job past its time, memory or size limits answers `file.tooLarge` (a 413). The
 * worker writes the file to disk and the answer streams it from there: an 18 MB CSV handed to the
 * event loop as one buffer held it for 50-100 ms on its way to the socket.
 */
export async function madeFileDownload(job: URL, input: unknown, options: JobOptions, file: { name: string; type: string; tooLarge: () => AppError }): Promise<Response> {
  const path = madeFilePath();
  let size: number;
  try {
    size = await runUntrusted<number>(job, input, LIMITS, { ...options, writeTo: path });
  } catch (error) {
    rmSync(path, { force: true });
    if (error instanceof UntrustedJobError && error.reason !== "crashed") throw file.tooLarge();
    throw error;
  }
  return new Response(await readOnce(path), {
    headers: {
      "content-type": file.type,
      "content-length": String(size),
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
