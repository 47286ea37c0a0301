import { startDialogs } from "./ui";
import { startCategories } from "./categories";
import { startUsers } from "./users";
import { startRoadmapEditor } from "./roadmap";

/** The project home: dialogs, the categories, the users dialog and the roadmap editor. */
export function startProjectHome() {
  const projectId = Number(document.querySelector<HTMLElement>("[data-project-id]")!.dataset.projectId);
  startDialogs();
  startCategories(projectId);
  startUsers(projectId);
  startRoadmapEditor(projectId);
}
