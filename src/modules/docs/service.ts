import { and, desc, eq, lt, sql } from "drizzle-orm";
import type { Db, Executor } from "../../../db/client";
import { docVersions, stagedFiles, users, type User, type VersionType } from "../../../db/schema";
import type { AppContext } from "../../lib/context";
import { randomToken } from "../../lib/crypto";
import { AppError, invalid } from "../../lib/errors";
import { planDownload, storedFileResponse, type Conditions } from "../../lib/downloads";
import { extensionOf, MIME_BY_EXTENSION } from "../../lib/sniff";
import { removeStored, storedFile } from "../../lib/storage";
import { checkUpload, discard, MAX_FILE_BYTES, receiveFiles, type UploadedFile } from "../../lib/uploads";
import { audit } from "../audit/service";
import { requireDataItem } from "../data/policy";
import { createDataItem } from "../data/service";
import { requireProjectRole } from "../projects/policy";
import { assertCompletePdf, docxToHtml } from "./convert";
import type { JobOptions } from "../../lib/untrusted-worker";
import { readPdfTexts } from "./pdf-text";
import type { AddVersionInput, SaveAllInput, UpdateVersionInput } from "./model";
import { requireStager, requireVersion, versionColumns } from "./policy";
import { VERSION_LIMITS } from "./limits";
import { presentVersion } from "./presenter";

export const STAGED_TTL_MS = 24 * 60 * 60 * 1000;

export const versionTypeOf = (fileName: string): VersionType => {
  const ext = extensionOf(fileName);
  return ext === "pdf" ? "PDF" : ext === "docx" ? "MS_DOC" : "OTHER";
};

/** Checks one uploaded file as every upload is checked; PDFs must be whole; DOCX is converted. */
async function inspect(file: UploadedFile, options: JobOptions): Promise<{ type: VersionType; body: string | null }> {
  checkUpload(file);
  const type = versionTypeOf(file.fileName);
  if (type === "PDF") await assertCompletePdf(file.absolutePath, file.size);
  return { type, body: type === "MS_DOC" ? await docxToHtml(file.absolutePath, options) : null };
}

const quotaExceeded = () => new AppError(413, "staging_quota_exceeded", "Your staged uploads would exceed your quota: save or discard some first");

/** Bytes the actor keeps staged now (stale ones are purged first, so they never count). */
const stagedBytes = (db: Executor, ownerId: number) =>
  db.select({ total: sql<number>`coalesce(sum(${stagedFiles.size}), 0)` }).from(stagedFiles).where(eq(stagedFiles.ownerId, ownerId)).get()!.total;

/**
 * The request with its body cut off once more than `limit` bytes have come: the multipart reader
 * then stops, removes what it wrote, and `tripped()` says why. A body counts its part headers too,
 * so this never lets more than `limit` bytes of files through.
 */
function capBody(request: Request, limit: number) {
  let seen = 0;
  let tripped = false;
  const counter = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      seen += chunk.byteLength;
      if (seen > limit) {
        tripped = true;
        controller.error(quotaExceeded());
      } else controller.enqueue(chunk);
    },
  });
  const body = request.body?.pipeThrough(counter) ?? null;
  return { request: new Request(request.url, { method: request.method, headers: request.headers, body, duplex: "half" } as RequestInit), tripped: () => tripped };
}

/**
 * POST /files/save: receives files for documents (up to 100 at once), checks and converts them
 * and keeps them staged until a version or the upload wizard's save-all claims them. Only those
 * who may save documents may stage (403 before a byte is read), and each within a quota of staged
 * bytes enforced while the body streams (413 staging_quota_exceeded, nothing kept).
 */
export async function stageUploads(ctx: AppContext, actor: User, request: Request) {
  requireStager(ctx.db, actor);
  purgeStaleStaged(ctx);
  const quota = ctx.config.stagingQuotaBytes;
  const remaining = quota - stagedBytes(ctx.db, actor.id);
  if (remaining <= 0) throw quotaExceeded();
  const capped = capBody(request, remaining);
  let files: UploadedFile[];
  try {
    ({ files } = await receiveFiles(capped.request, ctx.config.dataDir, { maxFiles: 100, maxBytes: Math.min(MAX_FILE_BYTES, remaining) }));
  } catch (error) {
    throw capped.tripped() ? quotaExceeded() : error;
  }
  if (!files.length) throw invalid([{ path: "body.file", message: "Choose a file" }]);
  try {
    if (files.reduce((sum, file) => sum + file.size, 0) > remaining) throw quotaExceeded();
    const inspected: ({ file: UploadedFile } & Awaited<ReturnType<typeof inspect>>)[] = [];
    for (const file of files) inspected.push({ file, ...(await inspect(file, { owner: actor.id, signal: request.signal })) });
    const rows = ctx.db.transaction((tx) => {
      // Counted again at the end: another upload of the same user may have finished meanwhile.
      if (stagedBytes(tx, actor.id) + files.reduce((sum, file) => sum + file.size, 0) > quota) throw quotaExceeded();
      return inspected.map(({ file, type, body }) =>
        tx
          .insert(stagedFiles)
          .values({
            path: randomToken(24),
            ownerId: actor.id,
            fileName: file.fileName,
            storedPath: file.storedPath,
            mime: MIME_BY_EXTENSION[extensionOf(file.fileName)] ?? "application/octet-stream",
            size: file.size,
            type,
            body,
          })
          // Not the converted body back (megabytes of a heavy document, copied on the event loop for nothing).
          .returning({ path: stagedFiles.path, fileName: stagedFiles.fileName, type: stagedFiles.type, size: stagedFiles.size })
          .get(),
      );
    });
    return rows;
  } catch (error) {
    discard(files);
    throw error;
  }
}

/** Staged files nobody claimed within STAGED_TTL_MS are removed with their bytes. */
function purgeStaleStaged(ctx: AppContext) {
  const stale = ctx.db.delete(stagedFiles).where(lt(stagedFiles.createdAt, new Date(Date.now() - STAGED_TTL_MS))).returning().all();
  for (const row of stale) removeStored(ctx.config.dataDir, row.storedPath);
}

function claimStaged(tx: Executor, actor: User, path: string, at: string) {
  const staged = tx.select().from(stagedFiles).where(and(eq(stagedFiles.path, path), eq(stagedFiles.ownerId, actor.id))).get();
  if (!staged) throw invalid([{ path: at, message: "This upload is unknown or already used" }]);
  tx.delete(stagedFiles).where(eq(stagedFiles.path, path)).run();
  return staged;
}

const versionName = (name: string | undefined, fallback: string) => (name?.trim() || fallback).slice(0, VERSION_LIMITS.name);

function checkDescription(description: string | undefined, path: string) {
  if ((description ?? "").length > VERSION_LIMITS.description) throw invalid([{ path, message: "validation.tooLong", code: "validation.tooLong" }]);
}

function insertVersion(tx: Executor, actor: User, dataId: number, staged: typeof stagedFiles.$inferSelect, name?: string, description?: string) {
  return tx
    .insert(docVersions)
    .values({
      dataId,
      name: versionName(name, staged.fileName),
      description: description?.trim() ?? "",
      type: staged.type,
      fileName: staged.fileName,
      filePath: staged.storedPath,
      mime: staged.mime,
      size: staged.size,
      body: staged.body,
      authorId: actor.id,
    })
    .returning()
    .get();
}

export function addVersion(ctx: AppContext, actor: User, input: AddVersionInput) {
  const { item } = requireDataItem(ctx.db, actor, input.data.id, { needed: "MODERATOR" });
  if (item.dataType !== "DOC") throw invalid([{ path: "body.data.id", message: "Versions belong to documents" }]);
  checkDescription(input.description, "body.description");
  const version = ctx.db.transaction((tx) => {
    const version = insertVersion(tx, actor, item.id, claimStaged(tx, actor, input.path, "body.path"), input.name, input.description);
    audit(tx, actor.id, "ADD_VERSION", version.name, item.id);
    return version;
  });
  if (version.type === "PDF") void readPdfTexts(ctx);
  return presentVersion(version, actor);
}

export function updateVersion(ctx: AppContext, actor: User, input: UpdateVersionInput) {
  const version = requireVersion(ctx.db, actor, input.id, "MODERATOR");
  checkDescription(input.description, "body.description");
  return ctx.db.transaction((tx) => {
    const saved = tx
      .update(docVersions)
      .set({ name: versionName(input.name, version.name), description: input.description?.trim() ?? version.description })
      .where(eq(docVersions.id, version.id))
      .returning()
      .get();
    audit(tx, actor.id, "UPDATE_VERSION", saved.name, version.dataId);
    return presentVersion(saved);
  });
}

/** Removing a version hides it; the file stays, so nothing a user saved is lost. */
export function removeVersion(ctx: AppContext, actor: User, id: number) {
  const version = requireVersion(ctx.db, actor, id, "MODERATOR");
  ctx.db.transaction((tx) => {
    tx.update(docVersions).set({ isActive: false }).where(eq(docVersions.id, id)).run();
    audit(tx, actor.id, "REMOVE_VERSION", version.name, version.dataId);
  });
  return { id };
}

/** Active versions of a document, newest first, with their authors' names. */
export function versionsOf(db: Db, actor: User, dataId: number) {
  requireDataItem(db, actor, dataId);
  return db
    .select({ version: versionColumns, author: { id: users.id, firstName: users.firstName, lastName: users.lastName } })
    .from(docVersions)
    .leftJoin(users, eq(users.id, docVersions.authorId))
    .where(and(eq(docVersions.dataId, dataId), eq(docVersions.isActive, true)))
    .orderBy(desc(docVersions.creationDate), desc(docVersions.id))
    .all()
    .map((row) => presentVersion(row.version, row.author));
}

/**
 * The original file, with its own name, as a download (or inline for the viewers), in parts when
 * asked (pdf.js reads a PDF by ranges). A version's bytes never change, so the browser keeps them;
 * access is checked on every request all the same, and only whole downloads are audited.
 */
export function versionFile(ctx: AppContext, actor: User, id: number, inline: boolean, conditions: Conditions) {
  const version = requireVersion(ctx.db, actor, id);
  const etag = `"v${version.id}-${version.size}"`;
  const plan = planDownload(conditions, etag, version.size);
  if (plan.kind === "whole") audit(ctx.db, actor.id, "DOWNLOAD", version.name, version.dataId);
  const absolutePath = storedFile(ctx.config.dataDir, version.filePath);
  return storedFileResponse(plan, { absolutePath, mime: version.mime, name: version.fileName, etag }, { inline, immutable: true });
}

/**
 * The upload wizard's save: every document needs a data source ('Часть документов не имеет
 * источника данных'); all items and their first versions are saved together or not at all.
 */
export function saveAll(ctx: AppContext, actor: User, projectId: number, input: SaveAllInput) {
  requireProjectRole(ctx.db, actor, projectId, "MODERATOR");
  const missing = input.flatMap((doc, i) => (providerName(doc.provider) ? [] : [{ path: `body.${i}.provider`, message: "docs.noProvider", code: "docs.noProvider" }]));
  if (missing.length) throw new AppError(422, "docs_without_provider", "Some documents have no data source", missing);
  input.forEach((doc, i) => checkDescription(doc.versionDescription, `body.${i}.versionDescription`));
  const saved = ctx.db.transaction((tx) =>
    input.map((doc, i) => {
      const staged = claimStaged(tx, actor, doc.path, `body.${i}.path`);
      // A document's text is its versions': a body sent along is not kept (nor cleaned on the event loop).
      const { path: _path, versionDescription, body: _body, ...fields } = doc;
      const item = createDataItem(tx, actor, projectId, { ...fields, dataType: "DOC", name: fields.name?.trim() || staged.fileName });
      const version = insertVersion(tx, actor, item.id, staged, undefined, versionDescription);
      audit(tx, actor.id, "ADD_VERSION", version.name, item.id);
      return { id: item.id, name: item.name, version: presentVersion(version) };
    }),
  );
  if (saved.some((doc) => doc.version.type === "PDF")) void readPdfTexts(ctx);
  return saved;
}

const providerName = (provider: SaveAllInput[number]["provider"]) =>
  provider == null ? "" : typeof provider === "string" ? provider.trim() : provider.id ? String(provider.id) : (provider.name?.trim() ?? "");
