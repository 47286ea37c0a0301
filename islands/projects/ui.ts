import { ApiError } from "../lib/api";
import { t } from "../lib/i18n";
import { showFlash } from "../lib/flash";
import { snack } from "../lib/snackbar";
export { showFieldError } from "../auth/forms";
export { reloadWith } from "../lib/flash";

/**
 * Dialog plumbing for a page: a button with data-open="id" opens that dialog modally (closing the
 * menu dialog it sits in, if any); a data-close button closes its own dialog. A #hash naming a
 * dialog opens it on load, and a message left by `reloadWith` is shown.
 */
export function startDialogs() {
  document.addEventListener("click", (event) => {
    const target = event.target as Element;
    const opener = target.closest<HTMLElement>("[data-open]");
    if (opener) {
      const dialog = document.getElementById(opener.dataset.open!) as HTMLDialogElement | null;
      opener.closest<HTMLDialogElement>("dialog[data-menu]")?.close();
      if (dialog && !dialog.open) dialog.showModal();
      return;
    }
    const closer = target.closest<HTMLElement>("[data-close]");
    if (closer) closer.closest("dialog")?.close();
  });
  const named = location.hash.slice(1);
  const dialog = named ? (document.getElementById(`${named}-dialog`) as HTMLDialogElement | null) : null;
  if (dialog?.showModal) {
    dialog.showModal();
    history.replaceState(null, "", location.pathname + location.search);
  }
  showFlash();
}

/** Shows a failed call as an error snackbar, unless the API client already handled it (401, 403). */
export function reportFailure(error: unknown, message?: string) {
  if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return;
  if (!(error instanceof ApiError)) console.error(error);
  snack(message ?? (error instanceof Error ? error.message : t("common.error")), "error");
}

/** Live "length / max" counters for fields with a [data-counter-for=name] element. */
export function bindCounters(form: HTMLFormElement) {
  form.querySelectorAll<HTMLElement>("[data-counter-for]").forEach((counter) => {
    const field = form.elements.namedItem(counter.dataset.counterFor!) as HTMLInputElement | HTMLTextAreaElement;
    const update = () => (counter.textContent = `${field.value.length} / ${field.maxLength}`);
    field.addEventListener("input", update);
    form.addEventListener("reset", () => setTimeout(update));
    update();
  });
}

/** A form's named control. */
export const control = <T extends HTMLElement = HTMLInputElement>(form: HTMLFormElement, name: string) =>
  form.elements.namedItem(name) as unknown as T;
