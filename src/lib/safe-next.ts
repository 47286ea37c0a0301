/**
 * Where to go after signing in: `next` only when it names a page of this very origin, else null.
 *
 * Decided by parsing, never by prefix: browsers read `/\host`, `/<tab>/host` and `\\host` as
 * `//host`, and a path like `/x/..//host` normalises to `//host`. The answer is the parsed
 * path, query and hash, and it must itself parse back to this origin (so it never starts with `//`).
 * Shared by the sign-in page script, the page guard and the form post of POST /api/login.
 */
export function safeNext(next: string | null | undefined, origin = "http://plexus.invalid"): string | null {
  if (typeof next !== "string" || !next || next.length > 2048) return null;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return null;
  }
  if (url.origin !== new URL(origin).origin) return null;
  const path = url.pathname + url.search + url.hash;
  if (!path.startsWith("/") || path.startsWith("//")) return null;
  try {
    if (new URL(path, origin).origin !== url.origin) return null;
  } catch {
    return null;
  }
  return path;
}
