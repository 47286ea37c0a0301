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

/** The proof that our own script sent a call (see src/lib/cross-site.ts): every /api request carries it. */
export const PROOF_HEADERS = { "x-requested-with": "plexus" } as const;

export const CURRENT_USER_KEY = "plexus.currentUser";

/** Forgets the signed-in state and goes to the sign-in page, as a 401 or logout does. */
export function signOutLocally() {
  localStorage.removeItem(CURRENT_USER_KEY);
  location.assign("/login");
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
