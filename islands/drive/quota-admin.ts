import { api } from "../lib/api";
import { reportFailure } from "../lib/failures";
import { snack } from "../lib/snackbar";

/** /admin/users: each manageable user's drive quota form saves the MB typed, or the default when empty. */
export function startQuotaForms() {
  document.addEventListener("submit", async (event) => {
    const form = (event.target as Element).closest<HTMLFormElement>("form[data-drive-quota]");
    if (!form) return;
    event.preventDefault();
    const input = form.querySelector<HTMLInputElement>("input")!;
    if (!input.checkValidity()) return input.reportValidity();
    const button = form.querySelector<HTMLButtonElement>("button")!;
    button.disabled = true;
    try {
      const quotaMb = input.value.trim() === "" ? null : Number(input.value);
      await api("files/set-quota", { method: "POST", body: { userId: Number(form.dataset.driveQuota), quotaMb } });
      snack(form.dataset.saved!, "success");
    } catch (error) {
      reportFailure(error);
    } finally {
      button.disabled = false;
    }
  });
}
