import { ApiError } from "./api";
import { t } from "./i18n";
import { snack } from "./snackbar";

/** A failure's text for people: the translation of its error code when there is one, else the server's message. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === "file_unreadable") return t("docs.readingError");
    const key = `error.${error.code}`;
    const translated = t(key);
    return translated !== key ? translated : error.message;
  }
  return t("common.error");
}

/** Shows a failure as an error snackbar, unless the API client already did (401 signs out, 403 says so). */
export function reportFailure(error: unknown, message?: string) {
  if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return;
  if (!(error instanceof ApiError)) console.error(error);
  snack(message ?? errorText(error), "error");
}
