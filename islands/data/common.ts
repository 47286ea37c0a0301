export { tf } from "../lib/i18n";
export { errorText, reportFailure } from "../lib/failures";
import { ApiError } from "../lib/api";
import { t } from "../lib/i18n";
import { snack } from "../lib/snackbar";

/** The page of one data item: /project/{projectId}/{type lowercased}/{id} (MODBUS_UNIT as modbus-unit, the spec's route). */
export const itemPath = (projectId: number, dataType: string, id: number) =>
  `/project/${projectId}/${dataType.toLowerCase().replace(/_/g, "-")}/${id}`;

export const byId = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

/** Calls `run` once input has paused for `ms`. */
export function debounce<A extends unknown[]>(run: (...args: A) => void, ms: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return (...args: A) => {
    clearTimeout(timer);
    timer = setTimeout(() => run(...args), ms);
  };
}
