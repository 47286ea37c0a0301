import { dataItemPath } from "../../src/lib/data-paths";
import { api } from "../lib/api";
import { errorText } from "../lib/failures";
import { t } from "../lib/i18n";
import type { CreateOptions } from "./creators";

type Fields = { project: { id: number }; name: string; description: string; categoryList: { id: number }[] };

/** Where each type is created: calc/save gives a calculation its default script; a report starts empty. */
const CREATE: Record<"CALC" | "REPORT", (fields: Fields) => Promise<{ id: number }>> = {
  CALC: (fields) => api("calc/save", { body: fields }),
  REPORT: (fields) => api("data/save", { body: { ...fields, dataType: "REPORT", body: "" } }),
};

let opened: ReturnType<typeof createDialog> | undefined;

/** Opens the page's create dialog (pages/_components/data/NewItemDialog.astro). */
export function openNewItem(options: CreateOptions) {
  opened ??= createDialog();
  opened.open(options);
}

function createDialog() {
  const dialog = document.getElementById("new-item") as HTMLDialogElement;
  const projectId = Number(dialog.dataset.projectId);
  const dataType = dialog.dataset.type as keyof typeof CREATE;
  const form = dialog.querySelector<HTMLFormElement>("#nid-form")!;
  const name = form.elements.namedItem("name") as HTMLInputElement;
  const nameError = dialog.querySelector<HTMLElement>("#nid-name-error")!;
  const failure = dialog.querySelector<HTMLElement>("[data-nid-error]")!;
  const save = dialog.querySelector<HTMLButtonElement>("[data-nid-save]")!;
  for (const cancel of dialog.querySelectorAll("[data-nid-cancel]")) cancel.addEventListener("click", () => dialog.close());

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const named = name.value.trim();
    nameError.textContent = named ? "" : t("data.edit.nameRequired");
    name.setAttribute("aria-invalid", String(!named));
    if (!named) return name.focus();
    failure.hidden = true;
    save.disabled = true;
    const categoryList = [...form.querySelectorAll<HTMLInputElement>("input[name=category]:checked")].map((box) => ({ id: Number(box.value) }));
    const description = (form.elements.namedItem("description") as HTMLTextAreaElement).value;
    try {
      const created = await CREATE[dataType]({ project: { id: projectId }, name: named, description, categoryList });
      location.assign(dataItemPath(projectId, dataType, created.id));
    } catch (error) {
      failure.textContent = errorText(error);
      failure.hidden = false;
      save.disabled = false;
    }
  });

  return {
    open(options: CreateOptions) {
      form.reset();
      nameError.textContent = "";
      failure.hidden = true;
      save.disabled = false;
      const given = new Set((options.categoryIds ?? []).map(String));
      for (const box of form.querySelectorAll<HTMLInputElement>("input[name=category]")) box.checked = given.has(box.value);
      dialog.showModal();
      name.focus();
    },
  };
}
