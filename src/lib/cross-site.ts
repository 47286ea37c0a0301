import { AppError } from "./errors";
import { readCookie } from "./cookies";
import { SESSION_COOKIE } from "../modules/auth/sessions";

/** The header our own scripts send with every /api call. A navigation cannot carry it, and another
 * site's script cannot add it without a CORS preflight that Plexus never grants. */
const PROOF_HEADER = "x-requested-with";

/** Stored files, which our own pages also show in an <img> or a viewer when asked `?inline=1`. */
const STORED_FILES: RegExp[] = [/^\/api\/files\/get-user-file\/[^/]+$/, /^\/api\/files\/get-doc-version\/[^/]+$/, /^\/api\/files\/get-attached-file\/[^/]+$/, /^\/api\/files\/get-temp-file\/[^/]+$/];

/** Pictures our own pages show in an <img>: a Word version's (docs/body-pictures.ts), a wiki article's and a map's tiles. Read
 * with the reader's access, always an image, never a download. */
const PICTURES: RegExp[] = [/^\/api\/docs\/get-picture\/[^/]+$/, /^\/api\/article\/picture\/[^/]+$/, /^\/api\/tiles\/[^/]+\/[^/]+\/[^/]+\/[^/]+$/];

/** Files made on request by a GET, each worth seconds of a worker. */
const MADE_FILES: RegExp[] = [
  /^\/api\/files\/get-data-table\/[^/]+$/,
  /^\/api\/users\/export\/xlsx$/,
  /^\/api\/admin\/activity-log\/export\/xlsx$/,
  /^\/api\/layer-poi\/geo-json$/,
];

/** Downloads that are never a subresource: the made files, and the report export (a POST, so already our own script's). */
const NEVER_EMBEDDED: RegExp[] = [...MADE_FILES, /^\/api\/report\/export\/[^/]+$/];

/**
 * Reads that a link, an image or another site's page may trigger: downloads and documentation,
 * nothing with a side effect. Every other /api call needs the proof header.
 */
const NAVIGABLE: RegExp[] = [/^\/api\/health$/, /^\/api\/docs(\/json)?$/, ...STORED_FILES, ...PICTURES, ...MADE_FILES];

/**
 * The Fetch Metadata destinations a download is fetched for: a navigation (a link, the address bar) and
 * a script's fetch(); a client that sends no Sec-Fetch-Dest (curl, a browser older than Fetch Metadata)
 * is let through, since content in Plexus can only reach a reader through a browser that sends it.
 */
const DOWNLOAD_DESTINATIONS = new Set(["document", "empty"]);

const matches = (patterns: RegExp[], path: string) => patterns.some((pattern) => pattern.test(path));

/**
 * A download asked for by an <img>, <link>, <script>, <iframe>, <object> or the like, which anyone who
 * may write a wiki article or a chat message could plant so that every reader's browser asks for it:
 * refused with 403 download_not_embeddable. A stored file asked `?inline=1` is exempt (that is how our
 * own pages show pictures); its bytes are streamed from disk.
 */
function embeddedDownload(request: Request, path: string): AppError | undefined {
  const destination = request.headers.get("sec-fetch-dest");
  if (destination === null || DOWNLOAD_DESTINATIONS.has(destination)) return undefined;
  const download = matches(NEVER_EMBEDDED, path) || (matches(STORED_FILES, path) && new URL(request.url).searchParams.get("inline") !== "1");
  if (!download) return undefined;
  return new AppError(403, "download_not_embeddable", "A download cannot be embedded in a page; open it as a link");
}

export const isNavigable = (method: string, path: string) => (method === "GET" || method === "HEAD") && matches(NAVIGABLE, path);

const refused = (code: string, message: string) => new AppError(403, code, message);

/** scheme://host:port of an absolute URL, read from the string: this runs on every /api request. */
const originOfUrl = (url: string) => {
  const pathStart = url.indexOf("/", url.indexOf("//") + 2);
  return pathStart < 0 ? url : url.slice(0, pathStart);
};

/** The Origin header normalised to scheme://host:port, or null when it is missing, "null" or not an http(s) URL. */
function parsedOrigin(value: string | null): string | null {
  if (!value || value === "null") return null;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * Whether the Origin header names one of our own origins (the request's, or PUBLIC_URL's), compared by
 * scheme, host and port. Browsers send Origin already normalised, so equal strings settle it without parsing.
 */
export function isOwnOrigin(request: Request, publicOrigin: string): boolean {
  const header = request.headers.get("origin");
  if (!header || header === "null") return false;
  const own = originOfUrl(request.url);
  if (header === own || header === publicOrigin) return true;
  const origin = parsedOrigin(header);
  return origin !== null && (origin === new URL(own).origin || origin === publicOrigin);
}

const isFormPost = (request: Request) =>
  (request.headers.get("content-type") ?? "").toLowerCase().startsWith("application/x-www-form-urlencoded");

/**
 * Why a request must be refused as possibly cross-site, or undefined when it may go on.
 * - A request that changes state (any method but GET and HEAD) that carries a session cookie, or
 *   signs in, needs an Origin of our own; an Origin that is present must be ours in every case.
 * - Every call but the navigable reads needs the proof header, whatever its method: the spec keeps
 *   GET for some changes, and SameSite=Lax cookies ride along on top-level GET navigations.
 * - The sign-in page's plain form post (no JavaScript) is the one exception to the proof header;
 *   its Origin is required instead.
 * - A download is never a subresource of a page (embeddedDownload).
 */
export function crossSiteRefusal(request: Request, path: string, publicOrigin: string): AppError | undefined {
  const method = request.method;
  const origin = request.headers.get("origin");
  const ownOrigin = origin !== null && origin !== "null" && isOwnOrigin(request, publicOrigin);
  if (origin !== null && origin !== "null" && !ownOrigin) return refused("origin_mismatch", "Cross-site requests are refused");
  const signsIn = path === "/api/login";
  if (method !== "GET" && method !== "HEAD" && !ownOrigin && (signsIn || readCookie(request.headers.get("cookie"), SESSION_COOKIE) !== undefined)) {
    return refused("origin_mismatch", "Cross-site requests are refused");
  }
  const embedded = embeddedDownload(request, path);
  if (embedded) return embedded;
  if (request.headers.get(PROOF_HEADER) || isNavigable(method, path) || (signsIn && method === "POST" && isFormPost(request))) return undefined;
  return refused("cross_site_refused", "This call must come from the Plexus page itself");
}
