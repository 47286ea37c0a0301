import type { UntrustedLimits } from "../../lib/untrusted-worker";
import type { ZipLimits } from "../../lib/zip";
import { TABLE_LIMITS } from "./limits";

/**
 * An XLSX's zip, checked on its declared sizes before anything inflates and again for real in the
 * worker: 400 MB of XML in all (a full 200,000-row sheet is well under), no part inflating past
 * 100:1 once above 1 MB (sheet XML compresses about 10:1), at most 1000 parts.
 */
export const XLSX_LIMITS: ZipLimits = { maxEntries: 1000, maxTotalBytes: 400 * 1024 * 1024, maxRatio: 100, ratioFloorBytes: 1024 * 1024 };

/** The worker reading one file: the import's time cap, and 1.5 GB of growth (exceljs holds a sheet's shared strings). */
export const IMPORT_WORKER_LIMITS: UntrustedLimits = { timeoutMs: TABLE_LIMITS.importMs, maxRssGrowthBytes: 1536 * 1024 * 1024 };
