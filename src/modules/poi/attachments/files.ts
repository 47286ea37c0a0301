import { asc, count, eq } from "drizzle-orm";
import type { Db, Executor } from "../../../../db/client";
import { poiAttachedFiles, type DriveFile, type User } from "../../../../db/schema";
import type { AppContext } from "../../../lib/context";
import { notFound } from "../../../lib/errors";
import { storedFile } from "../../../lib/storage";
import { fileResponse } from "../../drive/presenter";
import { filesById, removeFiles, requireOwnFiles, saveUserFile } from "../../drive/service";
import { POI_LIMITS } from "../limits";
import { requireLinkedObject, requireObjectInProject } from "./access";
import type { AttachRecordsInput } from "./model";

/**
 * An attached file as the spec lists it: id, name, type, owner, creationDate; with the size, MIME type and the drive
 * file's own token, by which the drive's viewer opens it for the layer's readers (file-access.ts).
 */
const present = (linkId: number, file: DriveFile, creationDate: Date) => ({
  id: linkId,
  token: file.token,
  name: file.name,
  type: file.type,
  mime: file.mime,
  size: file.size,
  owner: { id: file.ownerId },
  creationDate,
});

function filesOf(db: Db, objectId: number) {
  const links = db.select().from(poiAttachedFiles).where(eq(poiAttachedFiles.objectId, objectId)).orderBy(asc(poiAttachedFiles.id)).all();
  const files = filesById(db, links.map((link) => link.fileId));
  return links.map((link) => present(link.id, files.get(link.fileId)!, link.creationDate));
}

export const countAttachedFiles = (db: Executor, objectId: number) => db.select({ n: count() }).from(poiAttachedFiles).where(eq(poiAttachedFiles.objectId, objectId)).get()!.n;

/** files/get-attached-files: the object's files, for its layer's readers. */
export function attachedFilesOf(db: Db, actor: User, lpId: number) {
  requireObjectInProject(db, actor, lpId);
  return filesOf(db, lpId);
}

/** Links drive files to the object; one that is linked already stays as it was. */
function link(tx: Executor, objectId: number, fileIds: number[]) {
  for (const fileId of fileIds) tx.insert(poiAttachedFiles).values({ objectId, fileId }).onConflictDoNothing().run();
}

/**
 * files/save-attached-data: one file (multipart field "file") uploaded into the editor's drive, with the drive's limits,
 * sniffing and quota, capped lower for attachments, and attached to object `lpId`. A reader is refused before a byte is
 * read; an object removed while the file streamed takes the file with it (404).
 */
export async function uploadAttachedFile(ctx: AppContext, actor: User, lpId: number, request: Request) {
  requireObjectInProject(ctx.db, actor, lpId, "MODERATOR");
  const saved = await saveUserFile(ctx, actor, request, { maxBytes: POI_LIMITS.attachedFileBytes });
  try {
    // Checked again: the object or the editor's role may have gone while the file streamed (no await from here on).
    requireObjectInProject(ctx.db, actor, lpId, "MODERATOR");
    link(ctx.db, lpId, [saved.id]);
  } catch (error) {
    removeFiles(ctx, actor, { id: String(saved.id) });
    throw error;
  }
  return filesOf(ctx.db, lpId);
}

/** files/save-attached-data-records: attaches files of the editor's own drive (someone else's is a 404, nothing attached). */
export function attachDriveFiles(ctx: AppContext, actor: User, input: AttachRecordsInput) {
  requireObjectInProject(ctx.db, actor, input.lpId, "MODERATOR");
  ctx.db.transaction((tx) => link(tx, input.lpId, requireOwnFiles(tx, actor, [...new Set(input.files.map((file) => file.id))]).map((file) => file.id)));
  return filesOf(ctx.db, input.lpId);
}

const findLink = (db: Executor, id: number) => db.select().from(poiAttachedFiles).where(eq(poiAttachedFiles.id, id)).get();

/** files/attached-file: the layer's editors detach a file; it stays in its owner's drive. */
export function detachFile(db: Db, actor: User, id: number) {
  const found = findLink(db, id);
  if (!found) throw notFound("attached_file");
  requireLinkedObject(db, actor, found.objectId, "MODERATOR", "attached_file");
  db.delete(poiAttachedFiles).where(eq(poiAttachedFiles.id, id)).run();
  return { id };
}

/** files/get-attached-file/{id}: the bytes, for the layer's readers, inline for the viewers when asked (and in ranges). */
export function attachedFileResponse(ctx: AppContext, actor: User, id: number, rangeHeader: string | null, inline: boolean) {
  const found = findLink(ctx.db, id);
  if (!found) throw notFound("attached_file");
  requireLinkedObject(ctx.db, actor, found.objectId, "USER", "attached_file");
  const file = filesById(ctx.db, [found.fileId]).get(found.fileId)!;
  return fileResponse({ file, absolutePath: storedFile(ctx.config.dataDir, file.storedPath), rangeHeader }, inline);
}
