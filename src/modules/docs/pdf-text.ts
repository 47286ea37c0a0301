import { and, asc, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { docVersions } from "../../../db/schema";
import type { AppContext } from "../../lib/context";
import { log } from "../../lib/log";
import { storedFile } from "../../lib/storage";
import { AppError } from "../../lib/errors";
import { runUntrusted, UntrustedJobError, type UntrustedLimits } from "../../lib/untrusted-worker";
import type { PdfTextInput } from "./pdf-text-job";

/** What of a PDF is read for the full-text index, and the worker's limits while it is read. */
export interface PdfTextLimits extends UntrustedLimits {
  maxBytes: number;
  maxPages: number;
  maxChars: number;
}

/**
 * Files up to 100 MB, their first 2000 pages, the first 500 000 characters (some 200 pages of dense
 * text); the rest of a longer file is not searchable, though it is stored and shown whole as before.
 * pdf.js reads 20 pages in about a second on a busy machine; a file that takes 30 s or 512 MB more
 * memory is stopped and counts as textless.
 */
const PDF_TEXT_LIMITS: PdfTextLimits = {
  maxBytes: 100 * 1024 * 1024,
  maxPages: 2000,
  maxChars: 500_000,
  timeoutMs: 30_000,
  maxRssGrowthBytes: 512 * 1024 * 1024,
};

/** The text of one PDF, or '' when it has none or cannot be read (encrypted, damaged, too large, scanned pages): logged, never thrown. */
async function readPdfText(absolutePath: string, size: number, limits: PdfTextLimits): Promise<string> {
  if (size > limits.maxBytes) {
    log.info("pdf_text_skipped", { reason: "too_large", size });
    return "";
  }
  const input: PdfTextInput = { path: absolutePath, maxPages: limits.maxPages, maxChars: limits.maxChars };
  try {
    return await runUntrusted<string>(new URL("./pdf-text-job.ts", import.meta.url), input, limits, { owner: "pdf-text" });
  } catch (error) {
    // A full pool (503) ends the pass with the text still unread; the next pass tries again.
    if (error instanceof AppError) throw error;
    const job = error instanceof UntrustedJobError ? error : new UntrustedJobError("crashed", undefined, String(error));
    log.info("pdf_text_unreadable", { reason: job.reason, message: job.message.slice(0, 200), size });
    return "";
  }
}

/** The reader running for a database, so that every caller joins the one pass. */
const passes = new WeakMap<Db, Promise<void>>();

/**
 * Reads, one at a time in the untrusted worker, the text of every PDF version that has none yet
 * (text is null: just uploaded, or stored before PDFs were read) and stores it; the update's trigger
 * (migration 0015) queues the document for the full-text index. Started after each PDF upload and
 * once when the server starts; a call while a pass runs joins it (new versions have higher ids, so
 * the pass reaches them). Never rejects.
 */
export function readPdfTexts(ctx: Pick<AppContext, "db" | "config">, limits: PdfTextLimits = PDF_TEXT_LIMITS): Promise<void> {
  const running = passes.get(ctx.db);
  if (running) return running;
  const pass = (async () => {
    // First a turn of the event loop: the pass is registered below before it can end and remove itself.
    await Promise.resolve();
    try {
      let after = 0;
      for (;;) {
        const next = ctx.db
          .select({ id: docVersions.id, filePath: docVersions.filePath, size: docVersions.size })
          .from(docVersions)
          .where(and(eq(docVersions.type, "PDF"), isNull(docVersions.text), gt(docVersions.id, after)))
          .orderBy(asc(docVersions.id))
          .limit(1)
          .get();
        // No await between this last look and the pass's end below, so an upload never finds a pass about to miss it.
        if (!next) break;
        after = next.id;
        const text = await readPdfText(storedFile(ctx.config.dataDir, next.filePath), next.size, limits);
        ctx.db.update(docVersions).set({ text }).where(and(eq(docVersions.id, next.id), isNull(docVersions.text))).run();
      }
    } catch (error) {
      log.error("pdf_text_failed", { error: String(error) });
    } finally {
      passes.delete(ctx.db);
    }
  })();
  passes.set(ctx.db, pass);
  return pass;
}

/** Resolves once the pass running for `db` (if any) has ended: for tests, which look after the upload's read. */
export const pdfTextsRead = (db: Db): Promise<void> => passes.get(db) ?? Promise.resolve();
