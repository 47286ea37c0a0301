import { dataItemPath } from "../../src/lib/data-paths";
import { api } from "../lib/api";
import { errorText } from "../lib/failures";
import { t } from "../lib/i18n";
import type { CreateOptions } from "../data/creators";

let opened: ReturnType<typeof createDialog> | undefined;

/** Opens the page's new-calculation dialog (pages/_components/calc/CalcCreate.astro). */
export function openCalcCreate(options: CreateOptions) {
  opened ??= createDialog();
  opened.open(options);
}

function createDialog() {
  const dialog = document.getElementById("calc-create") as HTMLDialogElement;
  const projectId = Number(dialog.dataset.projectId);
  const q = <T extends Element = HTMLElement>(selector: string) => dialog.querySelector<T>(selector)!;
  const form = q<HTMLFormElement>("#cc-form");
  const name = q<HTMLInputElement>("#cc-name");
  const nameError = q("#cc-name-error");
  const description = q<HTMLTextAreaElement>("#cc-description");
  const failure = q("[data-cc-error]");
  const save = q<HTMLButtonElement>("[data-cc-save]");

  for (const button of dialog.querySelectorAll("[data-cc-cancel]")) button.addEventListener("click", () => dialog.close());

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const named = name.value.trim();
    nameError.textContent = named ? "" : t("calc.create.nameRequired");
    name.setAttribute("aria-invalid", String(!named));
    if (!named) return name.focus();
    failure.hidden = true;
    save.disabled = true;
    const categoryList = [...dialog.querySelectorAll<HTMLInputElement>("input[name=category]:checked")].map((box) => ({ id: Number(box.value) }));
    try {
      const created = await api<{ id: number }>("calc/save", { body: { project: { id: projectId }, name: named, description: description.value, categoryList } });
      location.assign(dataItemPath(projectId, "CALC", created.id));
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
      dialog.querySelectorAll<HTMLInputElement>("input[name=category]").forEach((box) => (box.checked = given.has(box.value)));
      dialog.showModal();
      name.focus();
    },
  };
}
