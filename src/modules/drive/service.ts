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
import { MAX_IDS, type IdsQuery, type SaveRecordsInput } from "./model";
import { parseRange, presentFile } from "./presenter";

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
 * Over `maxBytes` is refused while streaming (413); an empty file (422) or bytes that contradict
 * the extension (415) leave nothing behind.
 */
export async function saveUserFile(ctx: AppContext, actor: User, request: Request, { maxBytes = DRIVE_MAX_BYTES } = {}) {
  const { files } = await receiveFiles(request, ctx.config.dataDir, { maxFiles: 1, maxBytes });
  const [file] = files;
  if (!file) throw invalid([{ path: "body.file", message: "Choose a file" }]);
  try {
    checkUpload(file);
    return ctx.db.transaction((tx) => {
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
 * - a share token (a public link, set on share and cleared on withdrawal): anyone;
 * - the file's own token: its owner, and, signed in, whoever may enter a chat where a message
 *   that is not deleted carries the file (chat/policy's mayReadChatFile).
 */
function viewableFile(db: Db, actor: User | null, token: string): DriveFile {
  const shared = byShareToken(db, token);
  if (shared) return shared;
  const file = byToken(db, token);
  if (!file || !actor || (file.ownerId !== actor.id && !mayReadChatFile(db, actor, file.id))) throw notFound("file");
  return file;
}

/** GET /files/get-file-entity/{token} and the file pages: the entity as `actor` may see it (see presentFile). */
export const fileEntity = (db: Db, actor: User | null, token: string) => presentFile(viewableFile(db, actor, token), actor?.id ?? null, token);

/**
 * GET /files/get-user-file/{token}: the file and where its bytes are. Whole downloads are audited
 * (DOWNLOAD); answers to Range requests are parts fetched by viewers and resumed downloads, so they are not.
 */
export async function fileForDownload(ctx: AppContext, actor: User | null, token: string, rangeHeader: string | null) {
  const file = viewableFile(ctx.db, actor, token);
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
 * Shares (a new share token for each file not shared yet; a shared one keeps its link) or
 * withdraws (the token is gone for good: a later share makes another one).
 */
function setShared(ctx: AppContext, actor: User, ids: number[], share: boolean) {
  return ctx.db.transaction((tx) => {
    const files = requireOwnFiles(tx, actor, ids);
    const rows = files.map((file) => {
      const shareToken = share ? (file.shareToken ?? randomToken(24)) : null;
      return shareToken === file.shareToken ? file : tx.update(driveFiles).set({ shareToken }).where(eq(driveFiles.id, file.id)).returning().get();
    });
    return rows.map((row) => presentFile(row));
  });
}

/** POST /files/share: the owner shares files by link; returns them with their share tokens. */
export const shareFiles = (ctx: AppContext, actor: User, query: IdsQuery) => setShared(ctx, actor, parseIds(query), true);

/** POST /files/withdraw: the owner stops sharing; the links answer 404 from now on. Chats that carry the files still read them. */
export const withdrawFiles = (ctx: AppContext, actor: User, query: IdsQuery) => setShared(ctx, actor, parseIds(query), false);

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
 * file; 404 when the actor may not read it (viewableFile).
 */
export async function addFileEntity(ctx: AppContext, actor: User, token: string) {
  const source = viewableFile(ctx.db, actor, token);
  if (source.ownerId === actor.id) throw conflict("file_own", "This file is already in your drive");
  if ((await diskSpace(ctx)).free < source.size) throw new AppError(507, "insufficient_storage", "There is not enough disk space");
  const target = newStoredPath(ctx.config.dataDir);
  try {
    await copyFile(storedFile(ctx.config.dataDir, source.storedPath), target.absolute);
    return ctx.db.transaction((tx) => {
      // Withdrawn, removed, or its message deleted while the bytes were copied: the token no longer works.
      const still = viewableFile(ctx.db, actor, token);
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
