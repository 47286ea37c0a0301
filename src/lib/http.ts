import { Elysia, ValidationError } from "elysia";
import type { User } from "../../db/schema";
import type { AppContext } from "./context";
import { AppError, forbidden, tooLarge, unauthorized, type ErrorDetail } from "./errors";
import { LOCALE_COOKIE, pickLocale, translator, type Locale } from "./i18n";
import { readCookie } from "./cookies";
import { hasRank, type Role } from "./roles";
import { log } from "./log";
import { acceptsGzip } from "./static-files";
import { en, type MessageKey } from "../../locales/en";
import { sessionFromRequest } from "../modules/auth/sessions";

/** Who may call a route: anyone, or a signed-in user of at least this rank. */
export type Access = "public" | Role;

/** The caller's address, for throttling; "local" when the app is called without a server (tests). */
export const clientAddress = (request: Request, server: { requestIP(r: Request): { address: string } | null } | null) =>
  server?.requestIP(request)?.address ?? "local";

/** JSON bodies above this are refused before parsing; file uploads have their own limits. */
export const JSON_BODY_LIMIT = 1024 * 1024;

export const localeOf = (request: Request): Locale =>
  pickLocale(readCookie(request.headers.get("cookie"), LOCALE_COOKIE), request.headers.get("accept-language"));

const hasKey = (key: string): key is MessageKey => key in en;

/** The error body of DESIGN.md, with message texts in the caller's language where locales has them. */
export function errorResponse(error: AppError, locale: Locale): Response {
  const t = translator(locale);
  const body = error.toBody();
  const key = `error.${error.code}`;
  if (hasKey(key)) body.message = t(key);
  if (body.details) {
    body.details = body.details.map((d: ErrorDetail) => (d.code && hasKey(d.code) ? { ...d, message: t(d.code) } : d));
  }
  return Response.json(body, { status: error.status });
}

function fromValidation(error: ValidationError): AppError {
  const details = error.all.slice(0, 20).map((issue) => {
    const path = "path" in issue && issue.path ? issue.path.replace(/^\//, "").replace(/\//g, ".") : "";
    const message = "summary" in issue && issue.summary ? issue.summary : issue.message ?? "Invalid value";
    return { path: path ? `${error.type}.${path}` : error.type, message };
  });
  return new AppError(422, "validation_failed", "Some fields are not valid", details);
}

// Keys no Plexus body uses that, as own properties, break code that stringifies values (Elysia's
// own validation errors among it): they are dropped while parsing.
const HOSTILE_KEYS = new Set(["__proto__", "constructor", "prototype", "toString", "valueOf", "toJSON"]);

/** Parses a JSON body, refusing malformed text with 400 and dropping hostile keys. */
export async function parseJsonBody(request: Request): Promise<unknown> {
  const text = await request.text();
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text, (key, value) => (HOSTILE_KEYS.has(key) ? undefined : value));
  } catch {
    throw new AppError(400, "invalid_json", "The request body could not be read");
  }
}

/** Errors, body limits and the Origin check for every /api route. */
export const httpBasics = new Elysia({ name: "http-basics" })
  .onParse({ as: "global" }, ({ request, contentType }) => {
    if (contentType.startsWith("application/json")) return parseJsonBody(request);
  })
  .onRequest(({ request }) => {
    const length = Number(request.headers.get("content-length") ?? 0);
    const type = request.headers.get("content-type") ?? "";
    if (length > JSON_BODY_LIMIT && !type.startsWith("multipart/")) return errorResponse(tooLarge(), localeOf(request));
    if (request.method !== "GET" && request.method !== "HEAD") {
      const origin = request.headers.get("origin");
      const host = request.headers.get("host");
      if (origin && host && origin !== "null" && new URL(origin).host !== host) {
        return errorResponse(new AppError(403, "origin_mismatch", "Cross-site requests are refused"), localeOf(request));
      }
    }
  })
  .mapResponse({ as: "global" }, ({ responseValue, request, set }) => {
    // Objects, arrays, numbers and booleans go out as JSON (a bare id or flag too); strings and Responses as they are.
    const kind = typeof responseValue;
    if (responseValue instanceof Response || responseValue == null || (kind !== "object" && kind !== "number" && kind !== "boolean")) return;
    const json = JSON.stringify(responseValue);
    const headers = { ...(set.headers as Record<string, string>), "content-type": "application/json; charset=utf-8" };
    // Small answers go as they are; larger ones are gzipped for slow links.
    if (json.length < 1024 || !acceptsGzip(request)) return new Response(json, { status: Number(set.status) || 200, headers });
    return new Response(Bun.gzipSync(json) as Uint8Array<ArrayBuffer>, {
      status: Number(set.status) || 200,
      headers: { ...headers, "content-encoding": "gzip", vary: "accept-encoding" },
    });
  })
  .onError({ as: "global" }, ({ code, error, request }) => {
    const locale = localeOf(request);
    if (error instanceof AppError) return errorResponse(error, locale);
    if (code === "VALIDATION") return errorResponse(fromValidation(error as ValidationError), locale);
    if (code === "PARSE") return errorResponse(new AppError(400, "invalid_json", "The request body could not be read"), locale);
    if (code === "NOT_FOUND") return errorResponse(new AppError(404, "not_found", "No such route"), locale);
    if (code === "INVALID_COOKIE_SIGNATURE" || code === "INVALID_FILE_TYPE") {
      return errorResponse(new AppError(400, "bad_request", "The request could not be read"), locale);
    }
    log.error("request.failed", { url: request.url, error: error instanceof Error ? error.stack : String(error) });
    return errorResponse(new AppError(500, "internal_error", "Something went wrong"), locale);
  });

/** The session behind the cookie, and the `access` option every route declares. */
export const authPlugin = (ctx: AppContext) =>
  new Elysia({ name: "auth" })
    .derive({ as: "global" }, ({ request, set }) => {
      const found = sessionFromRequest(ctx.db, request, ctx.config.secureCookies);
      if (found?.renewedCookie) set.headers["set-cookie"] = found.renewedCookie;
      return {
        actor: (found?.user ?? null) as User | null,
        sessionId: found?.sessionId ?? null,
        locale: localeOf(request),
      };
    })
    .macro({
      // A transform hook, so that a signed-out caller gets 401 before its body is validated.
      access: (level: Access) => ({
        transform({ actor }: { actor: User | null }) {
          if (level === "public") return;
          if (!actor) throw unauthorized();
          if (!hasRank(actor.role, level)) throw forbidden();
        },
      }),
    });
