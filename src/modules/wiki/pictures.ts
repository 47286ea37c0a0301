import { and, eq, inArray, isNull, lt } from "drizzle-orm";
import type { Executor } from "../../../db/client";
import { articleAttachments, articles, type User } from "../../../db/schema";
import type { AppContext } from "../../lib/context";
import { conditionsOf, planDownload, storedFileResponse } from "../../lib/downloads";
import { AppError, invalid, notFound, tooLarge } from "../../lib/errors";
import { log } from "../../lib/log";
import { pictureMime } from "../../lib/sniff";
import { removeStored, storedFile } from "../../lib/storage";
import { discard, receiveFiles } from "../../lib/uploads";
import { WIKI_LIMITS } from "./limits";
import { requireSpace, writableSpaces } from "./policy";
import type { PresentedPicture } from "./presenter";

/** The address an article's HTML shows a picture by (the sanitiser keeps images with a path only). */
const pictureUrl = (id: number) => `/api/article/picture/${id}`;
const PICTURE_IN_HTML = /\/api\/article\/picture\/([1-9][0-9]{0,14})\b/g;

/**
 * Stores a picture pasted, dropped or picked in the editor, at most WIKI_LIMITS.pictureBytes (413 while
 * streaming), of a type its bytes show (PNG, JPEG, GIF, BMP; 415 otherwise). It waits, seen by its uploader
 * alone, until a saved version of an article shows it (claimPictures). Only someone who writes in some space
 * may upload (403 before a byte is read).
 */
export async function uploadPicture(ctx: AppContext, actor: User, request: Request): Promise<PresentedPicture> {
  if (!writableSpaces(ctx.db, actor).length) throw new AppError(403, "wiki_read_only", "You may not write in any wiki space");
  const { files } = await receiveFiles(request, ctx.config.dataDir, {
    maxBytes: WIKI_LIMITS.pictureBytes,
    tooBig: () => tooLarge(`A picture may be at most ${WIKI_LIMITS.pictureBytes / 1024 / 1024} MB`),
  });
  const [file] = files;
  if (!file) throw invalid([{ path: "body.file", message: "wiki.pictureMissing", code: "wiki.pictureMissing" }]);
  const mime = pictureMime(file.head);
  if (!mime) {
    discard(files);
    throw file.size ? new AppError(415, "picture_type_unsupported", "Only PNG, JPEG, GIF and BMP pictures can be shown in an article") : new AppError(422, "file_empty", "The file is empty");
  }
  const row = ctx.db
    .insert(articleAttachments)
    .values({ uploadedById: actor.id, fileName: file.fileName, storedPath: file.storedPath, mime, size: file.size })
    .returning({ id: articleAttachments.id, fileName: articleAttachments.fileName })
    .get();
  return { id: row.id, fileName: row.fileName, url: pictureUrl(row.id) };
}

/**
 * A picture's bytes for whoever reads its article (an unclaimed one for its uploader alone; anyone else gets
 * 404, as for one that does not exist). Cached by the browser but asked again each time (a 304 when current),
 * so someone who lost access to the article stops seeing it at once.
 */
export function pictureResponse(ctx: AppContext, actor: User, id: number, request: Request): Response {
  const found = ctx.db
    .select({ picture: articleAttachments, projectId: articles.projectId })
    .from(articleAttachments)
    .leftJoin(articles, eq(articles.id, articleAttachments.articleId))
    .where(eq(articleAttachments.id, id))
    .get();
  if (!found) throw notFound("picture");
  const { picture, projectId } = found;
  if (picture.articleId === null) {
    if (picture.uploadedById !== actor.id) throw notFound("picture");
  } else {
    try {
      requireSpace(ctx.db, actor, projectId, "read");
    } catch {
      throw notFound("picture");
    }
  }
  const file = { absolutePath: storedFile(ctx.config.dataDir, picture.storedPath), mime: picture.mime, name: picture.fileName, etag: `"wiki-picture-${picture.id}"` };
  return storedFileResponse(planDownload(conditionsOf(request), file.etag, picture.size), file, { inline: true, immutable: false });
}

/** Gives article `articleId` the pictures its saved `html` shows that `actor` uploaded and no article has yet. */
export function claimPictures(tx: Executor, actor: User, articleId: number, html: string) {
  const ids = [...new Set([...html.matchAll(PICTURE_IN_HTML)].map((match) => Number(match[1])))];
  if (!ids.length) return;
  tx.update(articleAttachments)
    .set({ articleId })
    .where(and(inArray(articleAttachments.id, ids), isNull(articleAttachments.articleId), eq(articleAttachments.uploadedById, actor.id)))
    .run();
}

/** The stored files of the pictures of `articleIds`, read before their rows go. */
export const picturesOf = (tx: Executor, articleIds: number[]) =>
  articleIds.length ? tx.select({ path: articleAttachments.storedPath }).from(articleAttachments).where(inArray(articleAttachments.articleId, articleIds)).all().map((row) => row.path) : [];

/**
 * Removes the pictures uploaded more than WIKI_LIMITS.unclaimedPictureMs before `now` that no saved article
 * shows (an edit abandoned, or the editor closed without saving): rows first, then their files. Returns how many.
 */
export function removeUnclaimedPictures(db: Executor, dataDir: string, now = Date.now()): number {
  const gone = db
    .delete(articleAttachments)
    .where(and(isNull(articleAttachments.articleId), lt(articleAttachments.createdAt, new Date(now - WIKI_LIMITS.unclaimedPictureMs))))
    .returning({ path: articleAttachments.storedPath })
    .all();
  removePictureFiles(dataDir, gone.map((row) => row.path));
  return gone.length;
}

/** Removes pictures' files once their rows are gone; a file that will not go is logged, the removal stands. */
export function removePictureFiles(dataDir: string, paths: string[]) {
  for (const path of paths) {
    try {
      removeStored(dataDir, path);
    } catch (error) {
      log.error("wiki.picture_remove_failed", { path, error: String(error) });
    }
  }
}
