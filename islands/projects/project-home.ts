import { api } from "../lib/api";
import { t } from "../lib/i18n";
import { startDialogs, reloadWith } from "./ui";
import { startCategories } from "./categories";
import { startUsers } from "./users";
import { startRoadmapEditor } from "./roadmap";
import { startProjectForm } from "./project-form";

/** The project home: dialogs, the categories, the users dialog, the roadmap editor and the administrator's project edit. */
export function startProjectHome() {
  const projectId = Number(document.querySelector<HTMLElement>("[data-project-id]")!.dataset.projectId);
  startDialogs();
  startCategories(projectId);
  startUsers(projectId);
  startRoadmapEditor(projectId);
  const edit = document.getElementById("project-edit-form") as HTMLFormElement | null;
  if (edit) {
    edit.closest("dialog")!.addEventListener("close", () => edit.reset());
    startProjectForm(edit, async (fields) => {
      await api("project/update", { body: { id: projectId, ...fields } });
      reloadWith(t("project.dataSaved"));
    });
  }
}
