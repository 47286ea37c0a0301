import type { User } from "../../../db/schema";
import type { AppContext } from "../../lib/context";
import { AppError, invalid } from "../../lib/errors";
import { log } from "../../lib/log";
import { runUntrusted, UntrustedJobError } from "../../lib/untrusted-worker";
import { discard, receiveFiles } from "../../lib/uploads";
import { audit } from "../audit/service";
import { replacePlaces } from "./gazetteer";
import { GEONAMES_LIMITS, type ParsedDump } from "./geonames";

const CODES = new Set(["geonames_not_a_dump", "geonames_too_large", "geonames_empty"]);
const tooLarge = () => new AppError(422, "geonames_too_large", `The dump is too large: at most ${GEONAMES_LIMITS.places} places, read within ${GEONAMES_LIMITS.timeoutMs / 1000} s`);

/**
 * places/load (SYSTEM_ADMIN): an administrator's GeoNames dump (cities5000.zip or its .txt, field `file`) read in the
 * untrusted worker within caps, then put in place of the whole gazetteer in one transaction. Broken lines are skipped
 * and answered by number (up to 50, with the count); a file that is mostly not GeoNames, a zip bomb, a file past a cap
 * or one without a place is refused with 4xx and the gazetteer is left as it was.
 */
export async function loadGeonames(ctx: AppContext, actor: User, request: Request) {
  const { files } = await receiveFiles(request, ctx.config.dataDir, { maxFiles: 1, maxBytes: GEONAMES_LIMITS.fileBytes });
  try {
    const file = files.find((f) => f.field === "file");
    if (!file) throw invalid([{ path: "body.file", message: "Choose a GeoNames file (cities5000.zip or cities5000.txt)" }]);
    let parsed: ParsedDump;
    try {
      parsed = await runUntrusted<ParsedDump>(new URL("./geonames-job.ts", import.meta.url), { path: file.absolutePath }, { timeoutMs: GEONAMES_LIMITS.timeoutMs, maxRssGrowthBytes: GEONAMES_LIMITS.memoryBytes }, { owner: actor.id, signal: request.signal });
    } catch (error) {
      if (error instanceof AppError) throw error;
      const job = error instanceof UntrustedJobError ? error : new UntrustedJobError("crashed", undefined, String(error));
      log.info("places.load_refused", { reason: job.reason, code: job.code, message: job.message.slice(0, 200), size: file.size });
      if (job.code && CODES.has(job.code)) throw new AppError(422, job.code, job.message);
      if (job.reason === "timeout" || job.reason === "memory") throw tooLarge();
      throw new AppError(422, "geonames_not_a_dump", "The file cannot be read as a GeoNames dump");
    }
    const started = performance.now();
    const count = replacePlaces(ctx.db, parsed.places);
    const ms = Math.round(performance.now() - started);
    audit(ctx.db, actor.id, "UPDATE", `gazetteer: ${count} places from ${file.fileName}`);
    log.info("places.loaded", { count, skipped: parsed.brokenCount, ms });
    return { places: count, skipped: parsed.brokenCount, broken: parsed.broken };
  } finally {
    discard(files);
  }
}
