import { api, ApiError } from "../lib/api";
import { t } from "../lib/i18n";
import { snack } from "../lib/snackbar";
import { control, startDialogs } from "./ui";
import { startProjectForm } from "./project-form";
import { setRailFavorite } from "./rail";

/** The home page: the project search, favourite stars and the create-project dialog. */
export function startHome() {
  startDialogs();
  const list = document.getElementById("project-list")!;
  const cards = [...list.querySelectorAll<HTMLElement>("[data-project-id]")];
  const noMatch = document.getElementById("projects-no-match")!;

  const searchForm = document.getElementById("project-search") as HTMLFormElement;
  const search = control(searchForm, "search");
  const filter = () => {
    const needle = search.value.trim().toLocaleLowerCase();
    let shown = 0;
    for (const card of cards) {
      const match = !needle || card.dataset.search!.includes(needle);
      card.hidden = !match;
      if (match) shown++;
    }
    noMatch.hidden = !needle || shown > 0 || (!cards.length && !search.defaultValue);
  };
  search.addEventListener("input", filter);
  // Typing filters the rendered list; Enter asks the server only when the page holds a search's subset.
  searchForm.addEventListener("submit", (event) => {
    if (!search.defaultValue) event.preventDefault();
  });

  list.addEventListener("click", async (event) => {
    const star = (event.target as Element).closest<HTMLButtonElement>("[data-star]");
    if (!star || star.dataset.busy) return;
    const on = star.getAttribute("aria-pressed") !== "true";
    const id = Number(star.dataset.id);
    star.dataset.busy = "1";
    star.setAttribute("aria-pressed", String(on));
    setRailFavorite(id, star.dataset.name!, on);
    try {
      await api(`project/${on ? "add-to-favorites" : "remove-from-favorites"}`, { method: "POST", query: { id } });
    } catch (error) {
      star.setAttribute("aria-pressed", String(!on));
      setRailFavorite(id, star.dataset.name!, !on);
      if (!(error instanceof ApiError && (error.status === 401 || error.status === 403))) snack(t("project.favoriteFailed"), "error");
    } finally {
      delete star.dataset.busy;
    }
  });

  const form = document.getElementById("project-create-form") as HTMLFormElement | null;
  if (form) {
    startProjectForm(form, async (fields) => {
      const project = await api<{ id: number }>("project/create", { body: fields });
      location.assign(`/project/${project.id}/home`);
    });
  }
}
