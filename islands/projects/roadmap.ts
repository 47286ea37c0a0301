import { api } from "../lib/api";
import { t, tf } from "../lib/i18n";
import { sortable } from "./sortable";
import { control, reloadWith, reportFailure } from "./ui";

interface Step {
  title: string;
  tag?: string;
  tooltip?: string;
  description?: string;
  color?: string;
}

const FIELDS = ["title", "tag", "tooltip", "color", "description"] as const;

/** The administrator's roadmap editor: legend, step panels (reorder, add, remove any), save. */
export function startRoadmapEditor(projectId: number) {
  const form = document.getElementById("roadmap-form") as HTMLFormElement | null;
  if (!form) return;
  const panels = document.getElementById("roadmap-step-panels")!;
  const template = document.getElementById("roadmap-step-template") as HTMLTemplateElement;
  const initial = JSON.parse(document.getElementById("roadmap-data")!.textContent || "[]") as Step[];
  let made = 0;

  const renumber = () =>
    [...panels.children].forEach((panel, i) => {
      panel.querySelector("[data-step-label]")!.textContent = tf("project.step", { n: i + 1 });
      const remove = panel.querySelector<HTMLButtonElement>("[data-remove-step]")!;
      remove.title = tf("project.removeStep", { n: i + 1 });
      remove.setAttribute("aria-label", remove.title);
    });
  const addPanel = (step?: Step) => {
    const panel = template.content.firstElementChild!.cloneNode(true) as HTMLElement;
    const n = ++made;
    for (const field of FIELDS) {
      const input = panel.querySelector<HTMLInputElement>(`[data-step="${field}"]`)!;
      input.id = `roadmap-step-${n}-${field}`;
      panel.querySelector<HTMLLabelElement>(`label[data-for="${field}"]`)!.htmlFor = input.id;
      const value = step?.[field];
      if (value) input.value = value;
    }
    panels.append(panel);
    renumber();
    return panel;
  };
  const reset = () => {
    panels.replaceChildren();
    initial.forEach(addPanel);
  };
  reset();
  form.closest("dialog")!.addEventListener("close", () => {
    form.reset();
    reset();
  });

  sortable(panels, renumber);
  form.querySelector("[data-add-step]")!.addEventListener("click", () => addPanel().querySelector("input")!.focus());
  // Any step can go; focus moves to the step that takes its place (or the one before, or Add step).
  panels.addEventListener("click", (event) => {
    const panel = (event.target as Element).closest("[data-remove-step]")?.closest("li");
    if (!panel) return;
    const next = (panel.nextElementSibling ?? panel.previousElementSibling) as HTMLElement | null;
    panel.remove();
    renumber();
    (next?.querySelector<HTMLElement>("[data-remove-step]") ?? form.querySelector<HTMLElement>("[data-add-step]"))!.focus();
  });

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const steps = [...panels.children].map((panel) => {
      const value = (field: string) => panel.querySelector<HTMLInputElement>(`[data-step="${field}"]`)!.value.trim();
      return { title: value("title"), tag: value("tag"), tooltip: value("tooltip"), description: value("description"), color: value("color") };
    });
    try {
      await api("project/update", {
        body: { id: projectId, timeline: { description: control<HTMLTextAreaElement>(form, "legend").value, steps } },
      });
      reloadWith(t("project.dataSaved"), "success", "roadmap");
    } catch (error) {
      reportFailure(error, t("project.errorWritingData"));
    }
  });
}
