import { AppError } from "../../lib/errors";
import { log } from "../../lib/log";
import { type JobOptions, runUntrusted, UntrustedJobError, type UntrustedLimits } from "../../lib/untrusted-worker";
import { checkZipLimits, readZipDirectory, ZipRefusal, type ZipLimits } from "../../lib/zip";

const unreadable = () => new AppError(422, "file_unreadable", "The file cannot be read");
const tooComplex = () => new AppError(422, "file_too_complex", "The document is too large or too complex to open");

/**
 * Caps for a DOCX: its zip's declared sizes are checked before anything inflates, then again for
 * real in the worker. 100 MB in all (images included), no part inflating past 100:1 once above
 * 1 MB, at most 1000 parts, XML nested at most 1000 elements deep (mammoth's reader recurses per
 * level and overflows the worker's stack near 6000).
 */
export const DOCX_LIMITS: ZipLimits & { maxXmlDepth: number } = {
  maxEntries: 1000,
  maxTotalBytes: 100 * 1024 * 1024,
  maxRatio: 100,
  ratioFloorBytes: 1024 * 1024,
  maxXmlDepth: 1000,
};

/** A 20 MB document.xml takes mammoth ~4 s and ~750 MB; past these the worker is stopped. */
const DOCX_WORKER_LIMITS: UntrustedLimits = { timeoutMs: 20_000, maxRssGrowthBytes: 1024 * 1024 * 1024 };

/**
 * DOCX to sanitised HTML; headings get ids so the viewer can build its structure tree.
 * The zip's central directory is checked here (it is small); conversion runs in a worker
 * (convert-job.ts). A damaged file is refused with 422 file_unreadable, one past a cap with
 * 422 file_too_complex, rather than stored half-read or allowed to stall the server. `options` says whose
 * upload it is and whether they still wait (untrusted-worker.ts).
 */
export async function docxToHtml(absolutePath: string, options: JobOptions = {}, limits: UntrustedLimits = DOCX_WORKER_LIMITS): Promise<string> {
  const file = Bun.file(absolutePath);
  const size = file.size;
  try {
    if (size > DOCX_LIMITS.maxTotalBytes) throw new ZipRefusal("too_complex", "file larger than the uncompressed cap");
    checkZipLimits(await readZipDirectory((start, end) => file.slice(start, end).bytes(), size), DOCX_LIMITS);
  } catch (error) {
    if (!(error instanceof ZipRefusal)) throw unreadable();
    log.info("docx_refused", { reason: error.message, size });
    throw error.reason === "too_complex" ? tooComplex() : unreadable();
  }
  try {
    return await runUntrusted<string>(new URL("./convert-job.ts", import.meta.url), { path: absolutePath }, limits, options);
  } catch (error) {
    // The fair share's refusals (429, 503, the requester gone) are not the file's fault.
    if (error instanceof AppError) throw error;
    const job = error instanceof UntrustedJobError ? error : new UntrustedJobError("crashed", undefined, String(error));
    log.info("docx_refused", { reason: job.reason, code: job.code, message: job.message.slice(0, 200), size });
    if (job.reason === "timeout" || job.reason === "memory" || job.code === "file_too_complex") throw tooComplex();
    throw unreadable();
  }
}

/** A PDF that was cut short has no end-of-file marker near its end. */
export async function assertCompletePdf(absolutePath: string, size: number): Promise<void> {
  const tail = await Bun.file(absolutePath).slice(Math.max(0, size - 2048), size).text();
  if (!tail.includes("%%EOF")) throw unreadable();
}
