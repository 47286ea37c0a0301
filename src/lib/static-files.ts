import { existsSync, statSync } from "node:fs";
import { extname, join, normalize, sep } from "node:path";

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;
const gzipCache = new Map<string, Uint8Array<ArrayBuffer>>();

/** Precompressed twins the build writes beside each text asset (src/astro-adapter/precompress.ts), best first. */
const PRECOMPRESSED = [
  { encoding: "br", extension: ".br" },
  { encoding: "gzip", extension: ".gz" },
] as const;

const accepts = (request: Request, encoding: string) => new RegExp(`\\b${encoding}\\b`).test(request.headers.get("accept-encoding") ?? "");

/**
 * Serves a built asset from `root`; hashed /_astro files are cached for a year, the rest revalidate.
 * Text is sent compressed: the build's brotli or gzip twin when the browser takes it (brotli is about 18%
 * smaller than gzip on pdf.js; browsers offer it over HTTPS and to localhost), else gzipped here once.
 */
export async function serveStatic(root: string, request: Request, pathname: string): Promise<Response | undefined> {
  if (request.method !== "GET" && request.method !== "HEAD") return undefined;
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  const path = normalize(join(root, decoded));
  if (!path.startsWith(root + sep) || !existsSync(path) || !statSync(path).isFile()) return undefined;
  const file = Bun.file(path);
  const headers: Record<string, string> = {
    "content-type": file.type,
    "cache-control": pathname.startsWith("/_astro/") ? "public, max-age=31536000, immutable" : "public, max-age=3600",
    "x-content-type-options": "nosniff",
  };
  if (!COMPRESSIBLE.test(file.type) || [".br", ".gz"].includes(extname(path))) {
    return new Response(request.method === "HEAD" ? null : file, { headers });
  }
  const compressed = { ...headers, vary: "accept-encoding" };
  for (const { encoding, extension } of PRECOMPRESSED) {
    if (accepts(request, encoding) && existsSync(path + extension)) {
      return new Response(request.method === "HEAD" ? null : Bun.file(path + extension), { headers: { ...compressed, "content-encoding": encoding } });
    }
  }
  if (!acceptsGzip(request)) return new Response(request.method === "HEAD" ? null : file, { headers: compressed });
  let gz = gzipCache.get(path);
  if (!gz) gzipCache.set(path, (gz = Bun.gzipSync(new Uint8Array(await file.arrayBuffer())) as Uint8Array<ArrayBuffer>));
  return new Response(request.method === "HEAD" ? null : gz, { headers: { ...compressed, "content-encoding": "gzip" } });
}

export const acceptsGzip = (request: Request) => accepts(request, "gzip");

/**
 * Gzips a page for browsers on slow links (API JSON is gzipped in lib/http). Pages are rendered whole
 * (astro-adapter/entry.ts), so the body is gzipped in one native call: through a CompressionStream, the
 * encoding and stream steps cost more than the compression.
 */
export async function compressedPage(request: Request, response: Response): Promise<Response> {
  const type = response.headers.get("content-type") ?? "";
  if (!response.body || !acceptsGzip(request) || response.headers.has("content-encoding") || !COMPRESSIBLE.test(type)) {
    return response;
  }
  const headers = new Headers(response.headers);
  headers.append("vary", "accept-encoding");
  headers.set("content-encoding", "gzip");
  headers.delete("content-length");
  return new Response(Bun.gzipSync(new Uint8Array(await response.arrayBuffer())), { status: response.status, headers });
}
