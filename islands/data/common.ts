import { ApiError } from "../lib/api";
import { t } from "../lib/i18n";
import { snack } from "../lib/snackbar";

/** A translated string with its {{name}} placeholders filled. */
export const tf = (key: string, params: Record<string, string | number>) =>
  t(key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ""));

/** The page of one data item: /project/{projectId}/{type lowercased}/{id} (MODBUS_UNIT as modbus-unit, the spec's route). */
export const itemPath = (projectId: number, dataType: string, id: number) =>
  `/project/${projectId}/${dataType.toLowerCase().replace(/_/g, "-")}/${id}`;

export const byId = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

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

/** Calls `run` once input has paused for `ms`. */
export function debounce<A extends unknown[]>(run: (...args: A) => void, ms: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return (...args: A) => {
    clearTimeout(timer);
    timer = setTimeout(() => run(...args), ms);
  };
}
