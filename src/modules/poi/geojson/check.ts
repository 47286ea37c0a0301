import type { User } from "../../../../db/schema";
import type { AppContext } from "../../../lib/context";
import { invalid } from "../../../lib/errors";
import { checkUpload, discard, receiveFiles } from "../../../lib/uploads";
import { GEOJSON_LIMITS } from "./limits";
import type { GeoJsonReport } from "./read-job";
import { runGeoJsonJob } from "./run-job";

/**
 * layer-poi/geo-json/check: what an import would make of the uploaded file (field `file`), read in the untrusted
 * worker: its features grouped by geometry type with their property names, and each feature that cannot be imported
 * as it is. Nothing is stored; the file is removed whatever happens. ADMIN (checked by the route).
 */
export async function checkGeoJson(ctx: AppContext, actor: User, request: Request): Promise<GeoJsonReport> {
  const { files } = await receiveFiles(request, ctx.config.dataDir, { maxFiles: 1, maxBytes: GEOJSON_LIMITS.fileBytes });
  try {
    const file = files.find((f) => f.field === "file");
    if (!file) throw invalid([{ path: "body.file", message: "Choose a file" }]);
    checkUpload(file);
    return await runGeoJsonJob<GeoJsonReport>("./read-job.ts", { path: file.absolutePath }, actor.id, request.signal);
  } finally {
    discard(files);
  }
}
