import { promisify } from "node:util";
import { gzip } from "node:zlib";
import { Elysia, type ValidationError } from "elysia";
import type { User } from "../../db/schema";
import type { AppContext } from "./context";
import { AppError, forbidden, invalid, tooLarge, unauthorized, type ErrorDetail } from "./errors";
import { JSON_BODY_LIMIT, readBody } from "./body";
import { crossSiteRefusal } from "./cross-site";
import type { Config } from "./config";
import { LOCALE_COOKIE, pickLocale, translator, type Locale } from "./i18n";
import { readCookie } from "./cookies";
import { hasRank, type Role } from "./roles";
import { log } from "./log";
import { acceptsGzip } from "./static-files";
import { yieldToEvents } from "./yield-to-events";
import { en, type MessageKey } from "../../locales/en";
import { sessionFromRequest, type SessionLookup } from "../modules/auth/sessions";
import { GEOJSON_LIMITS } from "../modules/poi/geojson/limits";

/** Who may call a route: anyone, or a signed-in user of at least this rank. */
export type Access = "public" | Role;

export const localeOf = (request: Request): Locale =>
  pickLocale(readCookie(request.headers.get("cookie"), LOCALE_COOKIE), request.headers.get("accept-language"));

const hasKey = (key: string): key is MessageKey => key in en;

/** The error body of DESIGN.md, with message texts in the caller's language where locales has them. */
function errorResponse(error: AppError, locale: Locale): Response {
  const t = translator(locale);
  const body = error.toBody();
  const key = `error.${error.code}`;
  if (hasKey(key)) body.message = t(key);
  if (body.details) {
    body.details = body.details.map((d: ErrorDetail) => (d.code && hasKey(d.code) ? { ...d, message: t(d.code) } : d));
  }
  return Response.json(body, { status: error.status });
}

/** Above this many characters an answer is gzipped in the thread pool: a megabyte held the event loop 20-60 ms. */
const GZIP_OFF_LOOP_AT = 64 * 1024;
const gzipInPool = promisify(gzip);

/**
 * Small answers gzipped at once; large ones in the thread pool, once the loop has served what waited while they
 * were serialised (handing zlib a megabyte of text, which encodes it, holds the loop a few milliseconds again).
 */
async function gzipAnswer(json: string | Uint8Array<ArrayBuffer>) {
  if (json.length < GZIP_OFF_LOOP_AT) return Bun.gzipSync(json);
  await yieldToEvents();
  return gzipInPool(json);
}

/**
 * A JSON answer: small ones as they are, larger ones gzipped for slow links when the client accepts it. `json`
 * may be UTF-8 bytes a worker thread serialised (a route returns this Response itself), so that a megabyte
 * answer costs the event loop neither JSON.stringify nor encoding.
 */
export async function jsonAnswer(request: Request, json: string | Uint8Array<ArrayBuffer>, status = 200, headers: Record<string, string> = {}): Promise<Response> {
  const typed = { ...headers, "content-type": "application/json; charset=utf-8" };
  if (json.length < 1024 || !acceptsGzip(request)) return new Response(json, { status, headers: typed });
  return new Response((await gzipAnswer(json)) as Uint8Array<ArrayBuffer>, { status, headers: { ...typed, "content-encoding": "gzip", vary: "accept-encoding" } });
}

/** What is refused before routing: a declared length past the limit, a cross-site call, a repeated parameter. */
function earlyRefusal(request: Request, publicOrigin: string): AppError | undefined {
  const length = Number(request.headers.get("content-length") ?? 0);
  const type = request.headers.get("content-type") ?? "";
  // The path and query are read from the string: this runs on every /api request.
  const { url } = request;
  const query = url.indexOf("?");
  const path = url.slice(url.indexOf("/", url.indexOf("//") + 2), query < 0 ? undefined : query);
  if (length > (LARGE_JSON_BODIES[path] ?? JSON_BODY_LIMIT) && !type.startsWith("multipart/")) return tooLarge();
  return crossSiteRefusal(request, path, publicOrigin) ?? (query < 0 ? undefined : repeatedParameter(new URLSearchParams(url.slice(query + 1)), path));
}

function fromValidation(error: ValidationError): AppError {
  const details = error.all.slice(0, 20).map((issue) => {
    const path = "path" in issue && issue.path ? issue.path.replace(/^\//, "").replace(/\//g, ".") : "";
    const message = "summary" in issue && issue.summary ? issue.summary : issue.message ?? "Invalid value";
    return { path: path ? `${error.type}.${path}` : error.type, message };
  });
  return new AppError(422, "validation_failed", "Some fields are not valid", details);
}

/** JSON bodies allowed past the usual limit, each read by its route (parse: STREAMED_BODY) within the limit given here. */
const LARGE_JSON_BODIES: Record<string, number> = { "/api/layer-poi/save-all": GEOJSON_LIMITS.fileBytes };

/** Parameters a route takes once per value (spec 1: full-text search's q, one per word); its schema reads them as a list. */
const REPEATABLE: Record<string, string> = { "/api/full-text-search/find": "q" };

/** A query parameter given twice: which one counts would be up to the parser, so neither does. */
function repeatedParameter(params: URLSearchParams, path: string): AppError | undefined {
  const seen = new Set<string>();
  for (const key of params.keys()) {
    if (seen.has(key) && REPEATABLE[path] !== key) return invalid([{ path: `query.${key}`, message: "This parameter is given more than once" }]);
    seen.add(key);
  }
  return undefined;
}

/** Errors, body limits, the cross-site defence and strict query strings for every /api route. */
export function httpBasics(config: Pick<Config, "publicUrl">) {
  const publicOrigin = new URL(config.publicUrl).origin;
  return new Elysia({ name: "http-basics" })
    .onRequest(({ request }) => {
      const refusal = earlyRefusal(request, publicOrigin);
      if (refusal) return errorResponse(refusal, localeOf(request));
    })
    .mapResponse({ as: "global" }, async ({ responseValue, request, set }) => {
      // Objects, arrays, numbers and booleans go out as JSON (a bare id or flag too); strings and Responses as they are.
      const kind = typeof responseValue;
      if (responseValue instanceof Response || responseValue == null || (kind !== "object" && kind !== "number" && kind !== "boolean")) return;
      // Elysia adds set.headers' Set-Cookie to whatever Response this returns: copying it here would send it twice.
      const { "set-cookie": _cookie, ...others } = set.headers as Record<string, string>;
      return jsonAnswer(request, JSON.stringify(responseValue), Number(set.status) || 200, others);
    })
    .onError({ as: "global" }, ({ code, error, request }) => {
      const locale = localeOf(request);
      if (error instanceof AppError) return errorResponse(error, locale);
      // Elysia wraps what a parse hook throws (401, 413, 415 from the access macro) in its own ParseError.
      if (code === "PARSE" && (error as Error).cause instanceof AppError) return errorResponse((error as Error).cause as AppError, locale);
      if (code === "VALIDATION") return errorResponse(fromValidation(error as ValidationError), locale);
      if (code === "PARSE") return errorResponse(new AppError(400, "invalid_json", "The request body could not be read"), locale);
      if (code === "NOT_FOUND") return errorResponse(new AppError(404, "not_found", "No such route"), locale);
      if (code === "INVALID_COOKIE_SIGNATURE" || code === "INVALID_FILE_TYPE") {
        return errorResponse(new AppError(400, "bad_request", "The request could not be read"), locale);
      }
      log.error("request.failed", { url: request.url, error: error instanceof Error ? error.stack : String(error) });
      return errorResponse(new AppError(500, "internal_error", "Something went wrong"), locale);
    });
}

// The access check (parse stage) and the actor (derive) both need the session: look it up once per request.
const sessions = new WeakMap<Request, SessionLookup | null>();
function sessionOf(ctx: AppContext, request: Request): SessionLookup | null {
  let found = sessions.get(request);
  if (found === undefined) sessions.set(request, (found = sessionFromRequest(ctx.db, request, ctx.config.secureCookies)));
  return found;
}

/** Routes that take files set this as their `parse`: their handlers stream the body themselves, after the access check. */
export const STREAMED_BODY = () => ({});

/** Before a byte of the body is read: no session, no body (401) unless anyone may call; then at most the JSON limit (413). */
const bodyParser =
  (ctx: AppContext, level: Access) =>
  async ({ request }: { request: Request }) => {
    if (!request.body) return;
    if (level !== "public" && !sessionOf(ctx, request)) throw unauthorized();
    return readBody(request);
  };

/**
 * The session behind the cookie, and who may call each route: `access: "USER"` (or a higher role)
 * hands the handler a non-null `actor`; `public: true` routes read the nullable `actor` themselves.
 */
export const authPlugin = (ctx: AppContext) =>
  new Elysia({ name: "auth" })
    .derive({ as: "global" }, ({ request, set }) => {
      const found = sessionOf(ctx, request);
      if (found?.renewedCookie) set.headers["set-cookie"] = found.renewedCookie;
      return {
        actor: (found?.user ?? null) as User | null,
        sessionId: found?.sessionId ?? null,
        locale: localeOf(request),
      };
    })
    .macro({
      access: (level: Role) => ({
        parse: bodyParser(ctx, level),
        // A transform hook, so that a signed-out caller gets 401 before its body is validated.
        transform({ actor }: { actor: User | null }) {
          if (!actor) throw unauthorized();
          if (!hasRank(actor.role, level)) throw forbidden();
        },
        // The transform refused every caller without a session, so the handler's actor is never null.
        resolve: ({ actor }: { actor: User | null }) => ({ actor: actor as User }),
      }),
      public: (_anyone: true) => ({ parse: bodyParser(ctx, "public") }),
    });
