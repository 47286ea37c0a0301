import { dataItemPath } from "../../src/lib/data-paths";
import { api } from "../lib/api";
import { errorText } from "../lib/failures";
import { t } from "../lib/i18n";
import type { CreateOptions } from "../data/creators";

let opened: ReturnType<typeof createDialog> | undefined;

/** Opens the page's new-report dialog (pages/_components/reports/ReportCreate.astro). */
export function openReportCreate(options: CreateOptions) {
  opened ??= createDialog();
  opened.open(options);
}

function createDialog() {
  const dialog = document.getElementById("report-create") as HTMLDialogElement;
  const projectId = Number(dialog.dataset.projectId);
  const form = dialog.querySelector<HTMLFormElement>("#rc-form")!;
  const name = form.elements.namedItem("name") as HTMLInputElement;
  const nameError = dialog.querySelector<HTMLElement>("#rc-name-error")!;
  const failure = dialog.querySelector<HTMLElement>("[data-rc-error]")!;
  const save = dialog.querySelector<HTMLButtonElement>("[data-rc-save]")!;
  for (const cancel of dialog.querySelectorAll("[data-rc-cancel]")) cancel.addEventListener("click", () => dialog.close());

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
      const created = await api<{ id: number }>("data/save", {
        body: { project: { id: projectId }, dataType: "REPORT", name: named, description, categoryList, body: "" },
      });
      location.assign(dataItemPath(projectId, "REPORT", created.id));
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
