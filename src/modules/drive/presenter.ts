import { t, type Static } from "elysia";
import { FILE_TYPES, type DriveFile } from "../../../db/schema";
import { isoDate } from "../../lib/responses";
import { integer, oneOf } from "../../lib/schema";
import { downloadHeaders } from "../../lib/downloads";

/** Where a file's bytes are served; also the entity's `path` (the stored location itself never leaves the server). */
const downloadPath = (token: string) => `/api/files/get-user-file/${token}`;

/**
 * The spec's file entity: id, name, type, size, path, token, isShared, owner (with id), creationDate,
 * and `shareToken`, the public link's token, for the owner only (null for anyone else and while not
 * shared). `token` and `path` are the token the viewer reached the file by: the file's own token
 * for its owner and chat members, the share token for a visitor of the public link.
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
  owner: { id: file.ownerId },
  creationDate: file.creationDate,
});

export type ByteRange = { start: number; end: number };

/**
 * A single `bytes=` range of RFC 9110 against `size`: the range (end inclusive), "unsatisfiable",
 * or null to serve the whole file (no header, a unit other than bytes, several ranges or nonsense).
 */
export function parseRange(header: string | null, size: number): ByteRange | "unsatisfiable" | null {
  if (!header) return null;
  const match = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/.exec(header.trim());
  if (!match) return null;
  const [, from, to] = match;
  if (!from && !to) return null;
  if (!from) {
    // A suffix: the last N bytes.
    const length = Number(to);
    if (length === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(from);
  const end = to ? Number(to) : size - 1;
  if (to && end < start) return null;
  if (start >= size) return "unsatisfiable";
  return { start, end: Math.min(end, size - 1) };
}

/**
 * A file's bytes as a download (or inline for the viewers when asked and the type allows),
 * with nosniff, a CSP that sandboxes whatever a browser might still render, and Range support.
 */
export function fileResponse({ file, absolutePath, rangeHeader }: { file: DriveFile; absolutePath: string; rangeHeader: string | null }, inline: boolean): Response {
  const headers = { ...downloadHeaders(file, inline), "accept-ranges": "bytes" };
  const body = Bun.file(absolutePath);
  const size = body.size;
  const range = parseRange(rangeHeader, size);
  if (range === "unsatisfiable") {
    const error = { status: 416, error: "range_not_satisfiable", message: `The file has ${size} bytes` };
    return Response.json(error, { status: 416, headers: { "content-range": `bytes */${size}`, "accept-ranges": "bytes", "x-content-type-options": "nosniff" } });
  }
  if (!range) return new Response(body, { headers });
  return new Response(body.slice(range.start, range.end + 1), {
    status: 206,
    headers: { ...headers, "content-range": `bytes ${range.start}-${range.end}/${size}` },
  });
}
