import { t, type Static } from "elysia";
import { FILE_TYPES, type DriveFile } from "../../../db/schema";
import { isoDate } from "../../lib/responses";
import { integer, oneOf } from "../../lib/schema";
import { planDownload, storedFileResponse } from "../../lib/downloads";

/** Where a file's bytes are served; also the entity's `path` (the stored location itself never leaves the server). */
const downloadPath = (token: string) => `/api/files/get-user-file/${token}`;

/**
 * The spec's file entity: id, name, type, size, path, token, isShared, owner (with id), creationDate,
 * and `shareToken`, the public link's token, for the owner only (null for anyone else and while not
 * shared). `token` and `path` are the token the viewer reached the file by: the file's own token
 * for its owner and chat members, the share token for a visitor of the public link. The owner also
 * sees when the link ends (`shareExpiresAt`) and whether it asks for a password (`sharePassword`);
 * the password's hash never leaves the server.
 */
export const fileEntitySchema = t.Object({
  id: integer(),
  name: t.String(),
  type: oneOf(FILE_TYPES),
  size: integer(),
  mime: t.String(),
  path: t.String(),
  token: t.String(),
  isShared: t.Boolean(),
  shareToken: t.Nullable(t.String()),
  shareExpiresAt: t.Nullable(isoDate()),
  sharePassword: t.Boolean(),
  owner: t.Object({ id: integer() }),
  creationDate: isoDate(),
});
export type FileEntity = Static<typeof fileEntitySchema>;

export const presentFile = (file: DriveFile, viewerId: number | null = file.ownerId, token = file.token): FileEntity => ({
  id: file.id,
  name: file.name,
  type: file.type,
  size: file.size,
  mime: file.mime,
  path: downloadPath(token),
  token,
  isShared: file.shareToken !== null,
  shareToken: viewerId === file.ownerId ? file.shareToken : null,
  shareExpiresAt: viewerId === file.ownerId ? file.shareExpiresAt : null,
  sharePassword: viewerId === file.ownerId && file.sharePasswordHash !== null,
  owner: { id: file.ownerId },
  creationDate: file.creationDate,
});

/** A drive's use: bytes held and the quota; `custom` when an administrator set the quota. */
export const quotaSchema = t.Object({ userId: integer(), used: t.Number(), quota: t.Number(), custom: t.Boolean() });
export type DriveQuota = Static<typeof quotaSchema>;

/** Drive files are served by the rules of src/lib/downloads.ts; the service asks this one to decide what it audits. */
export { parseRange } from "../../lib/downloads";

/**
 * A file's bytes as a download (or inline for the viewers when asked and the type allows), with
 * nosniff, a CSP that sandboxes whatever a browser might still render, Range support and a strong
 * ETag; revalidated on every use, since a share can be withdrawn (src/lib/downloads.ts).
 */
export function fileResponse({ file, absolutePath, rangeHeader }: { file: DriveFile; absolutePath: string; rangeHeader: string | null }, inline: boolean): Response {
  const etag = `"f${file.id}-${file.size}"`;
  const plan = planDownload({ range: rangeHeader }, etag, file.size);
  return storedFileResponse(plan, { absolutePath, mime: file.mime, name: file.name, etag }, { inline, immutable: false });
}
