import { ApiError } from "./api";
import { hasMessage, t } from "./i18n";
import { snack } from "./snackbar";

/**
 * A failure's text for people: the translation of its error code (an ApiError, or the
 * `{ code, message }` of a refusal on the live channel), else its own message, else the generic error.
 * Anything without a code (a script error, a failed fetch) reads as the generic error.
 */
export function errorText(failure: unknown): string {
  const { code, message } = (failure ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code !== "string") return t("common.error");
  if (code === "file_unreadable") return t("docs.readingError");
  const key = `error.${code}`;
  if (hasMessage(key)) return t(key);
  return typeof message === "string" && message ? message : t("common.error");
}

/** Shows a failure as an error snackbar, unless the API client already did (401 signs out, 403 says so). */
export function reportFailure(error: unknown, message?: string) {
  if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return;
  if (!(error instanceof ApiError)) console.error(error);
  snack(message ?? errorText(error), "error");
}
