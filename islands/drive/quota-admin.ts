import { api } from "../lib/api";
import { reportFailure } from "../lib/failures";
import { numberInput, type NumberInput } from "../lib/number-input";
import { snack } from "../lib/snackbar";

/** /admin/users: each manageable user's drive quota form saves the MB typed, or the default when empty. */
export function startQuotaForms() {
  const fields = new Map<HTMLFormElement, NumberInput>();
  for (const form of document.querySelectorAll<HTMLFormElement>("form[data-drive-quota]")) {
    const input = form.querySelector<HTMLInputElement>("input")!;
    fields.set(form, numberInput(input, { whole: true, min: 0, max: Number(input.dataset.max) }));
  }
  document.addEventListener("submit", async (event) => {
    const form = (event.target as Element).closest<HTMLFormElement>("form[data-drive-quota]");
    if (!form) return;
    event.preventDefault();
    const quotaMb = fields.get(form)?.read();
    if (quotaMb === undefined) return form.querySelector("input")!.focus();
    const button = form.querySelector<HTMLButtonElement>("button")!;
    button.disabled = true;
    try {
      await api("files/set-quota", { method: "POST", body: { userId: Number(form.dataset.driveQuota), quotaMb } });
      snack(form.dataset.saved!, "success");
    } catch (error) {
      reportFailure(error);
    } finally {
      button.disabled = false;
    }
  });
}
