/**
 * The browser's one client of /api: Eden Treaty typed from the server's routes (`App` in
 * src/app.ts), so tsc checks every call's path, method, params, query, body and answer. Calls read
 * like the routes: `call(server.article["get-all-versions"]({ id }).get())`.
 */
import { type Treaty, treaty } from "@elysiajs/eden";
import type { App } from "../../src/app";
import { ApiError, failure, PROOF_HEADERS } from "./api";
import { t } from "./i18n";
import type { Wire } from "../../src/lib/responses";

const TIMEOUT_MS = 20_000;

/**
 * The proof of our own script on every call, a time limit unless the call brings its own signal, and
 * answers read as the server wrote them: Eden's own reader turns text such as "007" or "true" into a
 * number or a boolean and date-like strings into Dates, the silent changes Plexus refuses.
 */
export const clientOptions = {
  headers: PROOF_HEADERS,
  fetch: { credentials: "same-origin" },
  parseDate: false,
  onRequest: (_path: string, init: RequestInit) => (init.signal ? undefined : { signal: AbortSignal.timeout(TIMEOUT_MS) }),
  // A success's body exactly as sent; a failure's (our error JSON) is left to Eden, which reports it as the error.
  onResponse: async (response: Response) => {
    if (!response.ok) return null;
    return (response.headers.get("content-type") ?? "").includes("json") ? response.json() : response.text();
  },
} satisfies Treaty.Config;

export const serverAt = (origin: string) => treaty<App>(origin, clientOptions).api;

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
 * The route `<segment>/:id` where the segment is named like a method (report/get/:id, article/delete/:id): Eden's
 * proxy takes `server.report.get({ id })` for GET /report itself and never calls the route, so the id is put in as
 * a segment by name, keeping the route's type: `call(byId(server.article.delete, id).post())`.
 */
export const byId = <Route extends (params: never) => unknown>(route: Route, id: number) =>
  (route as unknown as Record<string, ReturnType<Route>>)[String(id)]!;
