import { AppError } from "./errors";
import { readCookie } from "./cookies";
import { SESSION_COOKIE } from "../modules/auth/sessions";

/** The header our own scripts send with every /api call. A navigation cannot carry it, and another
 * site's script cannot add it without a CORS preflight that Plexus never grants. */
const PROOF_HEADER = "x-requested-with";

/**
 * Reads that a link, an image or another site's page may trigger: downloads and documentation,
 * nothing with a side effect. Every other /api call needs the proof header.
 */
const NAVIGABLE: RegExp[] = [
  /^\/api\/health$/,
  /^\/api\/docs(\/json)?$/,
  /^\/api\/files\/get-user-file\/[^/]+$/,
  /^\/api\/files\/get-doc-version\/[^/]+$/,
];

export const isNavigable = (method: string, path: string) =>
  (method === "GET" || method === "HEAD") && NAVIGABLE.some((pattern) => pattern.test(path));

const refused = (code: string, message: string) => new AppError(403, code, message);

/** The Origin header as scheme://host:port, or null when it is missing, "null" or not a URL. */
function originOf(value: string | null): string | null {
  if (!value || value === "null") return null;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : null;
  } catch {
    return null;
  }
}

/** Whether the Origin header names one of our own origins (compared by scheme, host and port). */
export function isOwnOrigin(request: Request, publicUrl: string): boolean {
  const origin = originOf(request.headers.get("origin"));
  if (!origin) return false;
  return origin === new URL(request.url).origin || origin === new URL(publicUrl).origin;
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
 */
export function crossSiteRefusal(request: Request, path: string, publicUrl: string): AppError | undefined {
  const method = request.method;
  const safe = method === "GET" || method === "HEAD";
  const origin = request.headers.get("origin");
  if (origin !== null && origin !== "null" && !isOwnOrigin(request, publicUrl)) {
    return refused("origin_mismatch", "Cross-site requests are refused");
  }
  const signsIn = path === "/api/login";
  const hasSession = readCookie(request.headers.get("cookie"), SESSION_COOKIE) !== undefined;
  if (!safe && (hasSession || signsIn) && !isOwnOrigin(request, publicUrl)) {
    return refused("origin_mismatch", "Cross-site requests are refused");
  }
  if (isNavigable(method, path) || (signsIn && method === "POST" && isFormPost(request))) return undefined;
  if (!request.headers.get(PROOF_HEADER)) return refused("cross_site_refused", "This call must come from the Plexus page itself");
  return undefined;
}
