import { ApiError } from "../lib/api";
import { errorText, reportFailure } from "../lib/failures";
import { hasMessage, t } from "../lib/i18n";
import { numberInput, type NumberInput } from "../lib/number-input";
import { snack } from "../lib/snackbar";
import { byId } from "../data/common";
import { createIssue, dayToMs, type NewIssue } from "./calls";
import { personName, type Issue, type Person, type Template } from "./types";

interface Choices {
  members: Person[];
  templates: Template[];
}

type Field = Template["fields"][number];
type Value = string | number | boolean;

/** The template's number fields, read through the shared parser (a decimal comma in ru and es). */
const numbers = new WeakMap<HTMLInputElement, NumberInput>();

/** One template field's control, by its type; required ones are marked for the browser and for people. */
function fieldControl(field: Field, index: number, members: Person[]): HTMLElement {
  const id = `tc-f-${index}`;
  const wrap = document.createElement("div");
  wrap.className = field.type === "BOOLEAN" ? "field tc-check" : "field";
  const label = document.createElement("label");
  label.htmlFor = id;
  label.textContent = field.required ? `${field.name} *` : field.name;
  let control: HTMLInputElement | HTMLSelectElement;
  if (field.type === "LIST" || field.type === "USER") {
    const select = document.createElement("select");
    select.add(new Option("", ""));
    if (field.type === "LIST") for (const option of (field.options ?? "").split(",").map((o) => o.trim()).filter(Boolean)) select.add(new Option(option, option));
    else for (const m of members) select.add(new Option(personName(m), String(m.id)));
    control = select;
  } else {
    const input = document.createElement("input");
    input.type = { STRING: "text", BOOLEAN: "checkbox", DATE: "date", NUMBER: "text" }[field.type];
    control = input;
  }
  control.id = id;
  control.dataset.field = field.name;
  control.dataset.type = field.type;
  control.required = field.required && field.type !== "BOOLEAN";
  const error = document.createElement("p");
  error.className = "field__error";
  error.id = `${id}-error`;
  error.hidden = true;
  error.dataset.errorFor = `body.additionalFields.${field.name}`;
  control.setAttribute("aria-describedby", error.id);
  if (field.type === "BOOLEAN") wrap.append(control, label, error);
  else wrap.append(label, control, error);
  if (control instanceof HTMLInputElement && field.type === "NUMBER") numbers.set(control, numberInput(control, { required: control.required, error }));
  return wrap;
}

function fieldValue(control: HTMLInputElement | HTMLSelectElement): Value | undefined {
  if (control instanceof HTMLInputElement && control.type === "checkbox") return control.checked;
  const number = control instanceof HTMLInputElement && numbers.get(control);
  if (number) return number.read() ?? undefined;
  const raw = control.value.trim();
  if (!raw) return undefined;
  switch (control.dataset.type) {
    case "USER":
      return Number(raw);
    case "DATE":
      return dayToMs(raw) ?? raw;
    default:
      return raw;
  }
}

/**
 * The creation dialog: the chosen template's fields appear under it, required ones must be filled
 * (the browser says so first; the server's refusal is shown under each field it names), and a made
 * task is handed to `onCreated` with the spec's taskCreated.
 */
export function creationDialog(projectId: number, onCreated: (issue: Issue) => void) {
  const dialog = byId<HTMLDialogElement>("tc-dialog");
  const form = byId<HTMLFormElement>("tc-form");
  const choices = JSON.parse(byId("tc-choices").textContent!) as Choices;
  const template = byId<HTMLSelectElement>("tc-template");
  const fieldset = byId<HTMLFieldSetElement>("tc-fields");
  const fieldList = byId("tc-field-list");
  const formError = byId("tc-error");

  const chosen = () => choices.templates.find((tpl) => String(tpl.id) === template.value);

  function drawFields() {
    const tpl = chosen();
    fieldList.replaceChildren(...(tpl?.fields ?? []).map((f, i) => fieldControl(f, i, choices.members)));
    fieldset.hidden = !tpl?.fields.length;
  }

  function clearErrors() {
    formError.hidden = true;
    for (const el of form.querySelectorAll<HTMLElement>("[data-error-for]")) el.hidden = true;
    for (const el of form.querySelectorAll("[aria-invalid]")) el.removeAttribute("aria-invalid");
  }

  function showErrors(error: unknown) {
    const details = error instanceof ApiError ? error.details : [];
    let placed = false;
    for (const detail of details) {
      const el = form.querySelector<HTMLElement>(`[data-error-for="${CSS.escape(detail.path)}"]`);
      if (!el) continue;
      el.textContent = hasMessage(detail.message) ? t(detail.message) : detail.message;
      el.hidden = false;
      const control = document.getElementById(el.id.replace(/-error$/, ""));
      control?.setAttribute("aria-invalid", "true");
      if (!placed) control?.focus();
      placed = true;
    }
    if (!placed) {
      formError.textContent = errorText(error);
      formError.hidden = false;
    }
  }

  template.addEventListener("change", drawFields);
  form.querySelector("[data-tc-cancel]")!.addEventListener("click", () => dialog.close());

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    clearErrors();
    if (!form.checkValidity()) {
      formError.textContent = t("issue.createRefused");
      formError.hidden = false;
      form.reportValidity();
      return;
    }
    const data = new FormData(form);
    const tpl = chosen();
    const additionalFields: Record<string, Value> = {};
    const controls = [...fieldList.querySelectorAll<HTMLInputElement | HTMLSelectElement>("[data-field]")];
    for (const control of controls) {
      const value = fieldValue(control);
      if (value !== undefined) additionalFields[control.dataset.field!] = value;
    }
    const refused = controls.find((control) => control.getAttribute("aria-invalid") === "true");
    if (refused) {
      formError.textContent = t("issue.createRefused");
      formError.hidden = false;
      return refused.focus();
    }
    const input: NewIssue = {
      name: String(data.get("name") ?? "").trim(),
      project: { id: projectId },
      template: tpl ? { id: tpl.id } : null,
      ...(tpl ? { additionalFields } : {}),
      performer: data.get("performer") ? { id: Number(data.get("performer")) } : null,
      dueDate: dayToMs(String(data.get("dueDate") ?? "")),
      categoryList: data.getAll("category").map((id) => ({ id: Number(id) })),
    };
    const submit = form.querySelector<HTMLButtonElement>("button[type=submit]")!;
    submit.disabled = true;
    try {
      const issue = await createIssue(input);
      dialog.close();
      snack(t("issue.taskCreated"), "success");
      onCreated(issue);
    } catch (error) {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401 && error.status !== 403) showErrors(error);
      else reportFailure(error);
    } finally {
      submit.disabled = false;
    }
  });

  return {
    open() {
      form.reset();
      clearErrors();
      drawFields();
      dialog.showModal();
      byId("tc-name").focus();
    },
  };
}
