import { AppError } from "../../../lib/errors";
import { log } from "../../../lib/log";
import { runUntrusted, UntrustedJobError } from "../../../lib/untrusted-worker";
import { GEOJSON_LIMITS } from "./limits";

/** The worker's refusals and the status each answers with; anything else the file did to the worker is 422 geojson_unreadable. */
const STATUS: Record<string, number> = {
  geojson_compressed: 415,
  geojson_unreadable: 422,
  geojson_too_deep: 422,
  geojson_not_feature_collection: 422,
  geojson_too_many_features: 422,
  geojson_too_many_vertices: 422,
  save_all_not_list: 422,
};

/** Runs one of this folder's worker jobs within the GeoJSON caps, turning what the file did to it into a 4xx. */
export async function runGeoJsonJob<T>(job: string, input: unknown, owner: number, signal: AbortSignal): Promise<T> {
  try {
    return await runUntrusted<T>(new URL(job, import.meta.url), input, { timeoutMs: GEOJSON_LIMITS.timeoutMs, maxRssGrowthBytes: GEOJSON_LIMITS.rssGrowthBytes }, { owner, signal });
  } catch (error) {
    // The fair share's refusals (429, 503, the requester gone) are not the file's fault.
    if (error instanceof AppError) throw error;
    const failure = error instanceof UntrustedJobError ? error : new UntrustedJobError("crashed", undefined, String(error));
    log.info("geojson_refused", { job, reason: failure.reason, code: failure.code, message: failure.message.slice(0, 200) });
    if (failure.code && failure.code in STATUS) throw new AppError(STATUS[failure.code], failure.code, failure.message);
    if (failure.reason === "timeout" || failure.reason === "memory") throw new AppError(422, "geojson_too_complex", "The file is too large or complex to read in time");
    throw new AppError(422, "geojson_unreadable", "The file cannot be read as GeoJSON");
  }
}
