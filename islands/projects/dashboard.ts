import { api } from "../lib/api";
import { t, tf } from "../lib/i18n";
import { confirmAction } from "../lib/confirm";
import { reportFailure } from "./ui";

/** The dashboard's remove-project action (administrators). */
export function startDashboard() {
  const button = document.getElementById("project-remove") as HTMLButtonElement | null;
  if (!button) return;
  const hero = document.querySelector<HTMLElement>("[data-project-id]")!;
  button.addEventListener("click", async () => {
    if (!(await confirmAction(tf("project.removeConfirm", { name: hero.dataset.projectName! })))) return;
    button.disabled = true;
    try {
      await api("project/remove", { query: { id: hero.dataset.projectId! } });
      location.assign("/");
    } catch (error) {
      button.disabled = false;
      reportFailure(error, t("project.errorWritingData"));
    }
  });
}
