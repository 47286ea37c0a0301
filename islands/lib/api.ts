import { t } from "./i18n";
import { snack } from "./snackbar";

/** A failed call: status 0 means the server could not be reached. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: { path: string; message: string }[] = [],
  ) {
    super(message);
  }
}

interface CallOptions {
  method?: string;
  body?: unknown;
  query?: Record<string, string | number>;
  /** Sign-in and password pages handle 401 and 403 themselves. */
  raw?: boolean;
  timeoutMs?: number;
  /** Aborting it rejects the call with the AbortError itself (a newer search replaced it), not an ApiError. */
  signal?: AbortSignal;
}

/** The proof that our own script sent a call (see src/lib/cross-site.ts): every /api request carries it. */
export const PROOF_HEADERS = { "x-requested-with": "plexus" } as const;

export const CURRENT_USER_KEY = "plexus.currentUser";

/** Forgets the signed-in state and goes to the sign-in page, as a 401 or logout does. */
export function signOutLocally() {
  localStorage.removeItem(CURRENT_USER_KEY);
  location.assign("/login");
}

/**
 * Calls /api with the session cookie. A 401 signs out; a 403 shows the no-rights message;
 * every failure is thrown as ApiError for the caller to show or ignore.
 */
export async function api<T = unknown>(path: string, options: CallOptions = {}): Promise<T> {
  const url = new URL(`/api/${path.replace(/^\//, "")}`, location.origin);
  for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, String(value));
  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method ?? (options.body === undefined ? "GET" : "POST"),
      headers: {
        ...PROOF_HEADERS,
        // FormData (uploads) sets its own multipart content type.
        ...(options.body === undefined || options.body instanceof FormData ? {} : { "content-type": "application/json" }),
      },
      body: options.body === undefined || options.body instanceof FormData ? (options.body as FormData | undefined) : JSON.stringify(options.body),
      credentials: "same-origin",
      signal: options.signal
        ? AbortSignal.any([options.signal, AbortSignal.timeout(options.timeoutMs ?? 20_000)])
        : AbortSignal.timeout(options.timeoutMs ?? 20_000),
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, "network", t("error.network"));
  }
  const data = (response.headers.get("content-type") ?? "").includes("json") ? await response.json().catch(() => null) : null;
  if (response.ok) return data as T;
  throw failure(response.status, data, options.raw);
}

/** A failed answer as ApiError; unless `raw`, a 401 signs out and a 403 shows the no-rights message. */
export function failure(status: number, body: { error?: string; message?: string; details?: ApiError["details"] } | null, raw = false): ApiError {
  const error = new ApiError(status, body?.error ?? "error", body?.message ?? t("common.error"), body?.details);
  if (!raw) {
    if (status === 401) signOutLocally();
    else if (status === 403) snack(t("error.forbidden"), "error");
  }
  return error;
}
