import { isInlineType } from "./file-types";

/**
 * Content-Disposition with an ASCII fallback and the RFC 5987 `filename*` (browsers prefer it).
 * encodeURIComponent leaves ' ( ) * unescaped; RFC 5987's attr-char does not allow them.
 */
export function contentDisposition(kind: "inline" | "attachment", name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, "_");
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * The headers of a stored file's bytes, under its own name: inline only when asked and the type is
 * one a browser shows, otherwise a download; nosniff and a sandboxing CSP for whatever a browser
 * might still render.
 */
function downloadHeaders(file: { mime: string; name: string }, inline: boolean): Record<string, string> {
  return {
    "content-type": file.mime,
    "content-disposition": contentDisposition(inline && isInlineType(file.mime) ? "inline" : "attachment", file.name),
    "x-content-type-options": "nosniff",
    "content-security-policy": "default-src 'none'; sandbox",
    "cache-control": "private, max-age=0",
  };
}

/** Whole-year, browser-only caching for an address whose bytes never change (a document version). */
export const IMMUTABLE_PRIVATE = "private, max-age=31536000, immutable";

/**
 * What the caller's browser wants of a stored file, read once from its conditional headers
 * (RFC 9110): the validator it holds, the byte range it asks for and the If-Range guard.
 */
export interface Conditions {
  ifNoneMatch: string | null;
  range: string | null;
  ifRange: string | null;
}

export const conditionsOf = (request: Request): Conditions => ({
  ifNoneMatch: request.headers.get("if-none-match"),
  range: request.headers.get("range"),
  ifRange: request.headers.get("if-range"),
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

/** If-None-Match's weak comparison (RFC 9110 13.1.2): any listed tag, or `*`, equal to `etag` once W/ is dropped. */
const matchesAny = (header: string, etag: string) =>
  header.trim() === "*" || header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);

/**
 * What a GET of a stored file answers: 304 when the browser's copy is current, a part (206) or 416
 * for a Range the file's current validator allows (If-Range with any other tag, or a date, gets
 * the whole file, since we send no Last-Modified), else the whole file. Only "whole" is a download
 * worth auditing: parts are a viewer's fetches and resumed downloads.
 */
export type DownloadPlan = { kind: "not-modified" } | { kind: "whole" } | { kind: "part"; range: ByteRange } | { kind: "unsatisfiable" };

export function planDownload(conditions: Partial<Conditions>, etag: string, size: number): DownloadPlan {
  if (conditions.ifNoneMatch && matchesAny(conditions.ifNoneMatch, etag)) return { kind: "not-modified" };
  if (conditions.ifRange && conditions.ifRange.trim() !== etag) return { kind: "whole" };
  const range = parseRange(conditions.range ?? null, size);
  if (range === null) return { kind: "whole" };
  return range === "unsatisfiable" ? { kind: "unsatisfiable" } : { kind: "part", range };
}

export interface StoredFile {
  absolutePath: string;
  mime: string;
  name: string;
  /** A strong validator that changes whenever the bytes could: a quoted string. */
  etag: string;
}

/**
 * The answer to `plan` with a stored file's bytes (see downloadHeaders), its ETag, Accept-Ranges,
 * and caching: `immutable` for addresses whose bytes never change (a year in the browser's own
 * cache, never a shared one), otherwise revalidated on every use. The caller checked access first.
 */
export function storedFileResponse(plan: DownloadPlan, file: StoredFile, options: { inline: boolean; immutable: boolean }): Response {
  const body = Bun.file(file.absolutePath);
  const size = body.size;
  const validators = { etag: file.etag, "cache-control": options.immutable ? IMMUTABLE_PRIVATE : "private, no-cache", "accept-ranges": "bytes" };
  if (plan.kind === "not-modified") return new Response(null, { status: 304, headers: validators });
  if (plan.kind === "unsatisfiable") {
    const error = { status: 416, error: "range_not_satisfiable", message: `The file has ${size} bytes` };
    return Response.json(error, { status: 416, headers: { "content-range": `bytes */${size}`, "accept-ranges": "bytes", "x-content-type-options": "nosniff" } });
  }
  const headers = { ...downloadHeaders(file, options.inline), ...validators };
  if (plan.kind === "whole") return new Response(body, { headers });
  const { start, end } = plan.range;
  return new Response(body.slice(start, end + 1), { status: 206, headers: { ...headers, "content-range": `bytes ${start}-${end}/${size}` } });
}

/**
 * An API answer whose address names content that never changes (a part of a version's converted
 * body): tagged and cached like an immutable file, and a bare 304 when the browser already holds it.
 * Access was checked before `value` was made, so a 304 is never given to someone who lost access.
 */
export const immutableAnswer = <T>(conditions: Pick<Conditions, "ifNoneMatch">, set: { headers: Record<string, unknown> }, tagged: { etag: string; answer: T }) =>
  taggedAnswer(conditions, set, tagged, { "cache-control": IMMUTABLE_PRIVATE });

/**
 * An answer anyone may read (public data, spec 2): a shared cache (a proxy) may keep it for a minute and then
 * asks again with its ETag, so an item taken out of its public category stops showing within a minute. The
 * body is gzipped for some callers and not others, hence Vary. A signed-in reader's renewed session cookie is
 * left off: a shared cache would hand it to the next reader.
 */
export function publicAnswer<T>(conditions: Pick<Conditions, "ifNoneMatch">, set: { headers: Record<string, unknown> }, tagged: { etag: string; answer: T }) {
  delete set.headers["set-cookie"];
  return taggedAnswer(conditions, set, tagged, { "cache-control": "public, max-age=60", vary: "accept-encoding, accept-language" });
}

function taggedAnswer<T>(conditions: Pick<Conditions, "ifNoneMatch">, set: { headers: Record<string, unknown> }, tagged: { etag: string; answer: T }, caching: Record<string, string>): T | Response {
  const headers = { etag: tagged.etag, ...caching };
  if (conditions.ifNoneMatch && matchesAny(conditions.ifNoneMatch, tagged.etag)) return new Response(null, { status: 304, headers });
  Object.assign(set.headers, headers);
  return tagged.answer;
}
