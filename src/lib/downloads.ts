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
export function downloadHeaders(file: { mime: string; name: string }, inline: boolean): Record<string, string> {
  return {
    "content-type": file.mime,
    "content-disposition": contentDisposition(inline && isInlineType(file.mime) ? "inline" : "attachment", file.name),
    "x-content-type-options": "nosniff",
    "content-security-policy": "default-src 'none'; sandbox",
    "cache-control": "private, max-age=0",
  };
}
