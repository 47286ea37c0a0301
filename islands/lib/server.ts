/**
 * The browser's one client of /api, typed from the server's routes (`App` in src/app.ts) with Eden Treaty's
 * types, so tsc checks every call's path, method, params, query, body and answer. Calls read like the routes:
 * `call(server.article["get-all-versions"]({ id }).get())`. The runtime is the few lines below, not Eden's
 * (3.5 KB gzipped on every page), and reads answers exactly as the server wrote them: Eden's reader turns
 * text such as "007" or "true" into a number or a boolean and date-like strings into Dates.
 */
import type { Treaty, treaty } from "@elysiajs/eden";
import type { App } from "../../src/app";
import { ApiError, failure, PROOF_HEADERS } from "./api";
import { t } from "./i18n";
import type { Wire } from "../../src/lib/responses";

const TIMEOUT_MS = 20_000;
const METHODS = new Set(["get", "post", "put", "patch", "delete", "head", "options"]);

interface Options {
  query?: Record<string, unknown>;
  headers?: Record<string, string>;
  fetch?: RequestInit;
}

const isFile = (value: unknown) => value instanceof Blob;

function queryString(query: Record<string, unknown> = {}) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null) continue;
      params.append(key, item instanceof Date ? item.toISOString() : typeof item === "object" ? JSON.stringify(item) : String(item));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** A body with files goes as a form (other values as text, objects as JSON), other objects as JSON. */
function encode(body: unknown): { body?: BodyInit; type?: string } {
  if (body === undefined || body === null) return {};
  if (body instanceof FormData) return { body };
  if (typeof body !== "object") return { body: String(body), type: "text/plain" };
  const entries = Object.entries(body);
  if (!Array.isArray(body) && entries.some(([, value]) => isFile(value) || (Array.isArray(value) && value.some(isFile)))) {
    const form = new FormData();
    for (const [key, value] of entries) {
      for (const item of Array.isArray(value) && value.every(isFile) ? value : [value]) {
        if (item !== undefined) form.append(key, isFile(item) ? (item as Blob) : typeof item === "object" ? JSON.stringify(item) : String(item));
      }
    }
    return { body: form };
  }
  return { body: JSON.stringify(body), type: "application/json" };
}

async function request(origin: string, segments: string[], method: string, body: unknown, options: Options = {}) {
  const headers: Record<string, string> = { ...PROOF_HEADERS, ...options.headers };
  const encoded = encode(body);
  if (encoded.type) headers["content-type"] = encoded.type;
  const init: RequestInit = { method: method.toUpperCase(), credentials: "same-origin", ...options.fetch, headers, body: encoded.body };
  init.signal ??= AbortSignal.timeout(TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(`${origin}/${segments.join("/")}${queryString(options.query)}`, init);
  } catch (error) {
    return { data: null, error: { value: error }, status: 0 };
  }
  const type = response.headers.get("content-type") ?? "";
  // A file (a workbook, an image) arrives as a Blob: read as text its bytes would be lost.
  const file = /^(application\/(vnd\.|octet-stream|pdf|zip)|image\/)/.test(type);
  const value = await (type.includes("json") ? response.json() : file ? response.blob() : response.text()).catch(() => null);
  return response.ok ? { data: value, error: null, status: response.status, response } : { data: null, error: { value }, status: response.status, response };
}

/**
 * Eden Treaty's calling convention: each property is a path segment, calling with `{ param: value }` adds the
 * value as a segment, and a method name ends the path: `.get(options)`, `.post(body, options)`.
 */
function route(origin: string, segments: string[]): unknown {
  return new Proxy(() => {}, {
    get: (_, key) => (typeof key !== "string" || (segments.length === 0 && key === "then") ? undefined : route(origin, [...segments, key])),
    apply: (_, __, [first, second]) => {
      const method = segments.at(-1)!;
      if (METHODS.has(method)) {
        const bodyless = method === "get" || method === "head";
        return request(origin, segments.slice(0, -1), method, bodyless ? undefined : first, bodyless ? first : second);
      }
      return route(origin, [...segments, String(Object.values(first as object)[0])]);
    },
  });
}

/** The typed client of any Elysia app at `origin` (tests use it on apps of their own). */
export const clientAt = <A extends Exclude<Parameters<typeof treaty>[0], string>>(origin: string) => route(origin, []) as Treaty.Create<A>;

export const serverAt = (origin: string) => clientAt<App>(origin).api;

export const server = serverAt(typeof location === "undefined" ? "http://localhost" : location.origin);

interface Answer {
  data: unknown;
  error: { value: unknown } | null;
  status: number;
  /** None when nothing came back: the server was not reached, or the call was aborted. */
  response?: Response;
}

/**
 * The answer of a typed call, or an ApiError: status 0 when the server could not
 * be reached, the server's code, message and details otherwise. Unless `raw`, a 401 signs out and a
 * 403 shows the no-rights message. An aborted call rejects with the AbortError itself. Typed as it
 * arrives (Wire): dates are the ISO strings the server wrote.
 */
export async function call<R extends Answer>(pending: Promise<R>, options: { raw?: boolean } = {}): Promise<Wire<Extract<R, { error: null }>["data"]>> {
  const answer = await pending;
  if (answer.error === null) return answer.data as Wire<Extract<R, { error: null }>["data"]>;
  if (!answer.response) {
    if ((answer.error.value as Error)?.name === "AbortError") throw answer.error.value;
    throw new ApiError(0, "network", t("error.network"));
  }
  const body = answer.error.value;
  throw failure(answer.status, typeof body === "object" ? (body as Parameters<typeof failure>[1]) : null, options.raw);
}

/**
 * The route `<segment>/:id` where the segment is named like a method (report/get/:id, article/delete/:id): the
 * proxy takes `server.report.get({ id })` for GET /report itself and never calls the route, so the id is put in as
 * a segment by name, keeping the route's type: `call(byId(server.article.delete, id).post())`.
 */
export const byId = <Route extends (params: never) => unknown>(route: Route, id: number) =>
  (route as unknown as Record<string, ReturnType<Route>>)[String(id)]!;
