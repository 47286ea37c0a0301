import { and, eq, gte } from "drizzle-orm";
import { stagedFiles, type User } from "../../../db/schema";
import type { AppContext } from "../../lib/context";
import { type Conditions, planDownload, storedFileResponse } from "../../lib/downloads";
import { notFound } from "../../lib/errors";
import { storedFile } from "../../lib/storage";
import type { SaveAllInput } from "./model";
import { saveAll, STAGED_TTL_MS } from "./service";

// The document dialog of spec 3 (a map object's new document): preview the staged upload, then save one document.

/** GET files/get-temp-file/{path}: a staged upload, to its uploader only and only until it expires; anyone else's is a 404. */
export function stagedFileResponse(ctx: AppContext, actor: User, path: string, conditions: Conditions) {
  const fresh = gte(stagedFiles.createdAt, new Date(Date.now() - STAGED_TTL_MS));
  const staged = ctx.db.select().from(stagedFiles).where(and(eq(stagedFiles.path, path), eq(stagedFiles.ownerId, actor.id), fresh)).get();
  if (!staged) throw notFound("file");
  const etag = `"s${staged.path}-${staged.size}"`;
  const absolutePath = storedFile(ctx.config.dataDir, staged.storedPath);
  return storedFileResponse(planDownload(conditions, etag, staged.size), { absolutePath, mime: staged.mime, name: staged.fileName, etag }, { inline: true, immutable: false });
}

/** POST docs/save-for-project/{projectId}: one document from a staged upload, with the upload wizard's rules (MODERATOR, a data source). */
export const saveForProject = (ctx: AppContext, actor: User, projectId: number, input: SaveAllInput[number]) => saveAll(ctx, actor, projectId, [input])[0]!;
