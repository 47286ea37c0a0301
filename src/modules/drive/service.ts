import { and, desc, eq, inArray } from "drizzle-orm";
import { copyFile, rm, statfs } from "node:fs/promises";
import type { Db, Executor } from "../../../db/client";
import { driveFiles, type DriveFile, type FileType, type User } from "../../../db/schema";
import type { AppContext } from "../../lib/context";
import { randomToken } from "../../lib/crypto";
import { AppError, conflict, invalid, notFound } from "../../lib/errors";
import { log } from "../../lib/log";
import { extensionOf, MIME_BY_EXTENSION } from "../../lib/sniff";
import { newStoredPath, removeStored, storedFile } from "../../lib/storage";
import { checkUpload, discard, MAX_FILE_BYTES, receiveFiles } from "../../lib/uploads";
import { audit } from "../audit/service";
import { mayReadChatFile } from "../chat/policy";
import { mayReadIssuePicture } from "../issues/policy";
import { mayReadPoiFile } from "../poi/attachments/file-access";
import { MAX_IDS, SHARE_LIMITS, type IdsQuery, type SaveRecordsInput, type ShareOptionsInput } from "./model";
import { parseRange, presentFile } from "./presenter";
import { assertFits, quotaExceeded } from "./quota";
import { assertLinkOpen, linkState, unlockShare } from "./share-link";

/** Spec 1 section 9: a 500 MB hint, enforced here while the upload streams. */
const DRIVE_MAX_BYTES = MAX_FILE_BYTES;

const TYPE_BY_EXTENSION: Record<string, FileType> = {
  doc: "doc",
  docx: "doc",
  rtf: "doc",
  jpg: "jpg",
  jpeg: "jpg",
  pdf: "pdf",
  png: "png",
  ppt: "ppt",
  pptx: "ppt",
  txt: "txt",
  xls: "xls",
  xlsx: "xls",
  csv: "xls",
  zip: "zip",
};

/** Spec 1 section 5: the type from the extension; csv and xlsx count as xls, jpeg as jpg, rtf and docx as doc, pptx as ppt, anything else as zip. */
export const fileTypeOf = (name: string): FileType => TYPE_BY_EXTENSION[extensionOf(name)] ?? "zip";


const TOKEN = /^[A-Za-z0-9_-]{1,128}$/;

const byToken = (db: Executor, token: string) =>
  TOKEN.test(token) ? db.select().from(driveFiles).where(eq(driveFiles.token, token)).get() : undefined;
const byShareToken = (db: Executor, token: string) =>
  TOKEN.test(token) ? db.select().from(driveFiles).where(eq(driveFiles.shareToken, token)).get() : undefined;

/**
 * POST /files/save-user-file: one file (multipart field "file") streamed into the actor's drive.
 * Over `maxBytes`, or past what is left of the actor's quota, is refused while streaming (413
 * payload_too_large or drive_quota_exceeded); an empty file (422) or bytes that contradict the
 * extension (415) leave nothing behind.
 */
export async function saveUserFile(ctx: AppContext, actor: User, request: Request, { maxBytes = DRIVE_MAX_BYTES } = {}) {
  const room = assertFits(ctx, ctx.db, actor.id, 0);
  const { files } = await receiveFiles(request, ctx.config.dataDir, {
    maxFiles: 1,
    maxBytes: Math.min(maxBytes, room),
    tooBig: room < maxBytes ? quotaExceeded : undefined,
  });
  const [file] = files;
  if (!file) throw invalid([{ path: "body.file", message: "Choose a file" }]);
  try {
    checkUpload(file);
    return ctx.db.transaction((tx) => {
      // Counted again: another upload of the same user may have finished while this one streamed.
      assertFits(ctx, tx, actor.id, file.size);
      const row = tx
        .insert(driveFiles)
        .values({
          ownerId: actor.id,
          name: file.fileName,
          type: fileTypeOf(file.fileName),
          size: file.size,
          mime: MIME_BY_EXTENSION[extensionOf(file.fileName)] ?? "application/octet-stream",
          storedPath: file.storedPath,
          token: randomToken(24),
        })
        .returning()
        .get();
      audit(tx, actor.id, "CREATE", row.name);
      return presentFile(row);
    });
  } catch (error) {
    discard(files);
    throw error;
  }
}

/**
 * GET /files/get-file-entities: the actor's own files, newest first, whose name contains `name`
 * ignoring case. Compared here rather than in SQL, whose lower() folds ASCII only («отч» finds «Отчёт»).
 */
export function listFiles(db: Db, actor: User, name = "") {
  const term = name.trim().toLowerCase();
  return db
    .select()
    .from(driveFiles)
    .where(eq(driveFiles.ownerId, actor.id))
    .orderBy(desc(driveFiles.creationDate), desc(driveFiles.id))
    .all()
    .filter((file) => !term || file.name.toLowerCase().includes(term))
    .map((file) => presentFile(file));
}

/**
 * The file behind a token for `actor` (null: signed out), else 404 whatever the reason:
 * - a share token (a public link, set on share and cleared on withdrawal): its owner, and anyone
 *   while the link is open (share-link's assertLinkOpen: 410 past its end date, 403 until the
 *   password was given in this browser, `cookies` being the request's Cookie header);
 * - the file's own token: its owner, and, signed in, whoever may enter a chat where a message
 *   that is not deleted carries the file (chat/policy's mayReadChatFile). A chat's file is the
 *   members' whatever its share link does: no end date or password applies to them. So is a picture
 *   of a task's description to whoever may read the task (issues/policy's mayReadIssuePicture), and a file attached
 *   to a map object to whoever may read its layer (poi/attachments/file-access's mayReadPoiFile).
 */
function viewableFile(ctx: AppContext, actor: User | null, token: string, cookies: string | null): DriveFile {
  const shared = byShareToken(ctx.db, token);
  if (shared) {
    if (shared.ownerId !== actor?.id) assertLinkOpen(ctx, shared, cookies);
    return shared;
  }
  const file = byToken(ctx.db, token);
  if (!file || !actor) throw notFound("file");
  if (file.ownerId !== actor.id && !mayReadChatFile(ctx.db, actor, file.id) && !mayReadIssuePicture(ctx.db, actor, file.id) && !mayReadPoiFile(ctx.db, actor, file.id)) throw notFound("file");
  return file;
}

/** GET /files/get-file-entity/{token}: the entity as `actor` may see it (see presentFile). */
export const fileEntity = (ctx: AppContext, actor: User | null, token: string, cookies: string | null) =>
  presentFile(viewableFile(ctx, actor, token, cookies), actor?.id ?? null, token);

/**
 * The file pages' load: the entity when the token opens it for `actor`, or why a share link does
 * not open yet (past its end date, or waiting for its password); 404 otherwise.
 */
export function fileView(ctx: AppContext, actor: User | null, token: string, cookies: string | null) {
  const shared = byShareToken(ctx.db, token);
  const state = shared && shared.ownerId !== actor?.id ? linkState(ctx, shared, cookies) : "open";
  if (state !== "open") return { state, file: null };
  return { state, file: fileEntity(ctx, actor, token, cookies) };
}

/** POST /files/unlock-share/{token}: the Set-Cookie that opens a password-protected link in this browser (share-link's unlockShare). */
export function unlockLink(ctx: AppContext, token: string, password: string, address: string) {
  const file = byShareToken(ctx.db, token);
  if (!file) throw notFound("file");
  return unlockShare(ctx, file, password, address);
}

/**
 * GET /files/get-user-file/{token}: the file and where its bytes are. Whole downloads are audited
 * (DOWNLOAD); answers to Range requests are parts fetched by viewers and resumed downloads, so they are not.
 */
export async function fileForDownload(ctx: AppContext, actor: User | null, token: string, rangeHeader: string | null, cookies: string | null) {
  const file = viewableFile(ctx, actor, token, cookies);
  const absolutePath = storedFile(ctx.config.dataDir, file.storedPath);
  if (!(await Bun.file(absolutePath).exists())) {
    log.error("drive.bytes_missing", { id: file.id, storedPath: file.storedPath });
    throw notFound("file");
  }
  if (parseRange(rangeHeader, file.size) === null) audit(ctx.db, actor?.id ?? null, "DOWNLOAD", file.name);
  return { file, absolutePath, rangeHeader };
}

/** One id or a comma list from `id` and/or `ids`, without repeats; 422 when any part is not an id. */
function parseIds(query: IdsQuery): number[] {
  const parts = [query.id, query.ids]
    .filter((v): v is string => !!v)
    .join(",")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  if (!parts.length || parts.some((part) => !/^[1-9]\d{0,14}$/.test(part))) {
    throw invalid([{ path: "query.ids", message: "Give one id or a comma-separated list of ids" }]);
  }
  const ids = [...new Set(parts.map(Number))];
  if (ids.length > MAX_IDS) throw invalid([{ path: "query.ids", message: `At most ${MAX_IDS} ids at once` }]);
  return ids;
}

/**
 * The actor's files with these ids, in the order asked. If any is missing or someone else's, the
 * whole call is 404 (someone else's file does not exist for the actor), so nothing changes.
 */
export function requireOwnFiles(db: Executor, actor: Pick<User, "id">, ids: number[]): DriveFile[] {
  const rows = db.select().from(driveFiles).where(and(inArray(driveFiles.id, ids), eq(driveFiles.ownerId, actor.id))).all();
  if (rows.length !== ids.length) throw notFound("file");
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id)!);
}

/** Files by id, for features that show them (a chat's file messages); who may read them is the caller's rule. */
export function filesById(db: Db, ids: number[]): Map<number, DriveFile> {
  if (!ids.length) return new Map();
  return new Map(db.select().from(driveFiles).where(inArray(driveFiles.id, ids)).all().map((file) => [file.id, file]));
}

/**
 * Shares (a new share token, with no end date or password, for each file not shared yet; a shared
 * one keeps its link and options) or withdraws (the token, its end date and password are gone for
 * good: a later share makes another link).
 */
function setShared(ctx: AppContext, actor: User, ids: number[], share: boolean) {
  return ctx.db.transaction((tx) => {
    const files = requireOwnFiles(tx, actor, ids);
    const rows = files.map((file) => {
      const shareToken = share ? (file.shareToken ?? randomToken(24)) : null;
      if (shareToken === file.shareToken) return file;
      return tx.update(driveFiles).set({ shareToken, shareExpiresAt: null, sharePasswordHash: null }).where(eq(driveFiles.id, file.id)).returning().get();
    });
    return rows.map((row) => presentFile(row));
  });
}

/** POST /files/share: the owner shares files by link; returns them with their share tokens. */
export const shareFiles = (ctx: AppContext, actor: User, query: IdsQuery) => setShared(ctx, actor, parseIds(query), true);

/** POST /files/withdraw: the owner stops sharing; the links answer 404 from now on. Chats that carry the files still read them. */
export const withdrawFiles = (ctx: AppContext, actor: User, query: IdsQuery) => setShared(ctx, actor, parseIds(query), false);

/**
 * POST /files/share-options: the owner sets or clears the link's end date (an instant ahead, at
 * most SHARE_LIMITS.maxDays) and sets, keeps (absent) or removes (null) its password, hashed with
 * argon2id. The file must be shared (409 file_not_shared).
 */
export async function setShareOptions(ctx: AppContext, actor: User, input: ShareOptionsInput) {
  const [file] = requireOwnFiles(ctx.db, actor, [input.id]);
  const notShared = () => conflict("file_not_shared", "Share the file by link first");
  if (!file.shareToken) throw notShared();
  const expiresAt = input.expiresAt === null ? null : new Date(input.expiresAt);
  const now = Date.now();
  if (expiresAt && !(expiresAt.getTime() > now && expiresAt.getTime() <= now + SHARE_LIMITS.maxDays * 86_400_000)) {
    throw invalid([{ path: "body.expiresAt", message: "drive.expiryInvalid", code: "drive.expiryInvalid" }]);
  }
  const sharePasswordHash =
    input.password === undefined ? file.sharePasswordHash : input.password === null ? null : await Bun.password.hash(input.password, { algorithm: "argon2id" });
  return ctx.db.transaction((tx) => {
    // Withdrawn or shared anew while the password was hashed: the options were meant for the old link.
    const [still] = requireOwnFiles(tx, actor, [input.id]);
    if (still.shareToken !== file.shareToken) throw notShared();
    const row = tx.update(driveFiles).set({ shareExpiresAt: expiresAt, sharePasswordHash }).where(eq(driveFiles.id, file.id)).returning().get();
    return presentFile(row);
  });
}

/**
 * POST /files/save-records: the chat checks that the files it is about to attach are the actor's
 * own and gets their entities. Nothing is shared: members read a file through the chat's message.
 */
export function saveRecords(ctx: AppContext, actor: User, entries: SaveRecordsInput) {
  return requireOwnFiles(ctx.db, actor, [...new Set(entries.map((entry) => entry.id))]).map((file) => presentFile(file));
}

/**
 * POST /files/remove: deletes the owner's files; their bytes go once the transaction has
 * committed, so a failed call leaves every file readable.
 */
export function removeFiles(ctx: AppContext, actor: User, query: IdsQuery) {
  const ids = parseIds(query);
  const removed = ctx.db.transaction((tx) => {
    const rows = requireOwnFiles(tx, actor, ids);
    tx.delete(driveFiles).where(inArray(driveFiles.id, ids)).run();
    for (const row of rows) audit(tx, actor.id, "DELETE", row.name);
    return rows;
  });
  for (const row of removed) {
    try {
      removeStored(ctx.config.dataDir, row.storedPath);
    } catch (error) {
      log.error("drive.remove_bytes_failed", { storedPath: row.storedPath, error: String(error) });
    }
  }
  return { ids };
}

/** GET /files/disk-space: free (available to the server) and total bytes of the file system holding DATA_DIR. */
export async function diskSpace(ctx: AppContext) {
  const stats = await statfs(ctx.config.dataDir);
  return { free: stats.bavail * stats.bsize, total: stats.blocks * stats.bsize };
}

/**
 * POST /files/add-file-entity/{token}: copies a file someone else shared, or sent into a chat of
 * the actor's, into the actor's drive (its own bytes and token, not shared). 409 for one's own
 * file; 404 when the actor may not read it (viewableFile); 413 past the actor's quota.
 */
export async function addFileEntity(ctx: AppContext, actor: User, token: string, cookies: string | null) {
  const source = viewableFile(ctx, actor, token, cookies);
  if (source.ownerId === actor.id) throw conflict("file_own", "This file is already in your drive");
  assertFits(ctx, ctx.db, actor.id, source.size);
  if ((await diskSpace(ctx)).free < source.size) throw new AppError(507, "insufficient_storage", "There is not enough disk space");
  const target = newStoredPath(ctx.config.dataDir);
  try {
    await copyFile(storedFile(ctx.config.dataDir, source.storedPath), target.absolute);
    return ctx.db.transaction((tx) => {
      // Withdrawn, removed, or its message deleted while the bytes were copied: the token no longer works.
      const still = viewableFile(ctx, actor, token, cookies);
      assertFits(ctx, tx, actor.id, still.size);
      const row = tx
        .insert(driveFiles)
        .values({ ownerId: actor.id, name: still.name, type: still.type, size: still.size, mime: still.mime, storedPath: target.relative, token: randomToken(24) })
        .returning()
        .get();
      audit(tx, actor.id, "CREATE", row.name);
      return presentFile(row);
    });
  } catch (error) {
    await rm(target.absolute, { force: true });
    if ((error as NodeJS.ErrnoException).code === "ENOENT") throw notFound("file");
    throw error;
  }
}
