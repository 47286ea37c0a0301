import { ApiError } from "../lib/api";
import { errorText, reportFailure } from "../lib/failures";
import { hasMessage, t, tf } from "../lib/i18n";
import { confirmAction } from "../lib/confirm";
import { snack } from "../lib/snackbar";
import { byId } from "../data/common";
import { deleteTemplate, saveTemplate } from "./calls";
import type { Template } from "./types";

type Field = Template["fields"][number];

/** /admin/issue-templates: the templates' table and the dialog that creates or edits one. */
export function startTemplateAdmin() {
  let templates = JSON.parse(byId("tt-state").textContent!) as Template[];
  const rows = byId("tt-rows");
  const dialog = byId<HTMLDialogElement>("tt-dialog");
  const form = byId<HTMLFormElement>("tt-form");
  const fields = byId<HTMLOListElement>("tt-fields");
  const fieldTemplate = byId<HTMLTemplateElement>("tt-field-template");
  const title = byId("tt-dialog-title");
  const formError = byId("tt-error");
  let editing: Template | undefined;
  let counter = 0;

  function drawList() {
    rows.replaceChildren(
      ...templates.map((tpl) => {
        const tr = document.createElement("tr");
        const name = document.createElement("td");
        name.textContent = `${tpl.icon} ${tpl.name}`.trim();
        const count = document.createElement("td");
        count.textContent = tpl.fields.map((f) => `${f.name}${f.required ? " *" : ""}`).join(", ") || "—";
        const actions = document.createElement("td");
        const edit = document.createElement("button");
        edit.type = "button";
        edit.className = "btn btn--ghost";
        edit.textContent = t("issue.templates.edit");
        edit.setAttribute("aria-label", `${t("issue.templates.edit")}: ${tpl.name}`);
        edit.addEventListener("click", () => open(tpl));
        const remove = document.createElement("button");
        remove.type = "button";
        remove.className = "btn btn--ghost";
        remove.textContent = t("issue.templates.delete");
        remove.setAttribute("aria-label", `${t("issue.templates.delete")}: ${tpl.name}`);
        remove.addEventListener("click", () => void removeOne(tpl));
        actions.append(edit, remove);
        tr.append(name, count, actions);
        return tr;
      }),
    );
    byId("tt-table").hidden = !templates.length;
    byId("tt-empty").hidden = templates.length > 0;
  }

  function addField(field?: Field) {
    const li = fieldTemplate.content.firstElementChild!.cloneNode(true) as HTMLLIElement;
    const n = ++counter;
    for (const label of li.querySelectorAll<HTMLLabelElement>("label[data-for]")) label.htmlFor = `tt-f${n}-${label.dataset.for}`;
    const control = <T extends HTMLElement>(name: string) => li.querySelector<T>(`[data-f="${name}"]`)!;
    for (const name of ["name", "type", "options"]) control(name).id = `tt-f${n}-${name}`;
    const type = control<HTMLSelectElement>("type");
    const showOptions = () => (li.querySelector<HTMLElement>("[data-options]")!.hidden = type.value !== "LIST");
    control<HTMLInputElement>("name").value = field?.name ?? "";
    type.value = field?.type ?? "STRING";
    control<HTMLInputElement>("required").checked = field?.required ?? false;
    control<HTMLInputElement>("options").value = field?.options ?? "";
    type.addEventListener("change", showOptions);
    showOptions();
    li.querySelector("[data-remove-field]")!.addEventListener("click", () => li.remove());
    fields.append(li);
    return li;
  }

  function open(tpl?: Template) {
    editing = tpl;
    form.reset();
    formError.hidden = true;
    for (const el of form.querySelectorAll<HTMLElement>("[data-error-for]")) el.hidden = true;
    fields.replaceChildren();
    title.textContent = tpl ? title.dataset.titleEdit! : title.dataset.titleNew!;
    (form.elements.namedItem("name") as HTMLInputElement).value = tpl?.name ?? "";
    (form.elements.namedItem("icon") as HTMLInputElement).value = tpl?.icon ?? "";
    for (const field of tpl?.fields ?? []) addField(field);
    dialog.showModal();
    byId("tt-name").focus();
  }

  async function removeOne(tpl: Template) {
    if (!(await confirmAction(tf("issue.templates.deleteConfirm", { name: tpl.name })))) return;
    try {
      await deleteTemplate(tpl.id);
      templates = templates.filter((x) => x.id !== tpl.id);
      drawList();
      snack(t("issue.templates.deleted"), "success");
    } catch (error) {
      reportFailure(error);
    }
  }

  /** The server names a field's complaint by its place (body.fields.2.options): shown under that field. */
  function showErrors(error: unknown) {
    const details = error instanceof ApiError ? error.details : [];
    let placed = false;
    for (const detail of details) {
      const text = hasMessage(detail.message) ? t(detail.message) : detail.message;
      const at = /^body\.fields\.(\d+)/.exec(detail.path);
      const el = at ? fields.children[Number(at[1])]?.querySelector<HTMLElement>("[data-f-error]") : form.querySelector<HTMLElement>(`[data-error-for="${CSS.escape(detail.path)}"]`);
      if (!el) continue;
      el.textContent = text;
      el.hidden = false;
      placed = true;
    }
    if (!placed) {
      formError.textContent = errorText(error);
      formError.hidden = false;
    }
  }

  byId("tt-create").addEventListener("click", () => open());
  byId("tt-add-field").addEventListener("click", () => addField().querySelector("input")!.focus());
  form.querySelector("[data-tt-cancel]")!.addEventListener("click", () => dialog.close());
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    formError.hidden = true;
    for (const el of form.querySelectorAll<HTMLElement>("[data-error-for], [data-f-error]")) el.hidden = true;
    if (!form.reportValidity()) return;
    const value = (li: Element, name: string) => li.querySelector<HTMLInputElement>(`[data-f="${name}"]`)!;
    const input = {
      ...(editing ? { id: editing.id } : {}),
      name: (form.elements.namedItem("name") as HTMLInputElement).value.trim(),
      icon: (form.elements.namedItem("icon") as HTMLInputElement).value.trim(),
      fields: [...fields.children].map((li) => {
        const type = value(li, "type").value as Field["type"];
        return { name: value(li, "name").value.trim(), type, required: value(li, "required").checked, options: type === "LIST" ? value(li, "options").value : null };
      }),
    };
    try {
      const saved = await saveTemplate(input);
      templates = editing ? templates.map((x) => (x.id === saved.id ? saved : x)) : [...templates, saved];
      drawList();
      dialog.close();
      snack(t("issue.templates.saved"), "success");
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) showErrors(error);
      else reportFailure(error);
    }
  });

  drawList();
}
