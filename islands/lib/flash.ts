import { snack, type SnackKind } from "./snackbar";

const FLASH_KEY = "plexus.flash";

/** Reloads the page (re-rendered by the server), then shows `message` and reopens the dialog `reopen`-dialog. */
export function reloadWith(message: string, kind: SnackKind = "success", reopen?: string) {
  sessionStorage.setItem(FLASH_KEY, JSON.stringify({ message, kind }));
  if (reopen) history.replaceState(null, "", `${location.pathname}${location.search}#${reopen}`);
  location.reload();
}

/** Shows the message a `reloadWith` left for this page, once. */
export function showFlash() {
  const flash = sessionStorage.getItem(FLASH_KEY);
  if (!flash) return;
  sessionStorage.removeItem(FLASH_KEY);
  const { message, kind } = JSON.parse(flash) as { message: string; kind: SnackKind };
  snack(message, kind);
}
