import styles from "../../pages/_components/calc/calc.css?inline";
import { CALC_LIMITS, type CalcProp, propProblem, readProps } from "../../src/modules/calc/limits";
import type { CalcResult } from "../../src/modules/calc/presenter";
import type { PresentedDataItem } from "../../src/modules/data/presenter";
import type { Wire } from "../../src/lib/responses";
import { api, ApiError } from "../lib/api";
import { errorText, reportFailure } from "../lib/failures";
import { locale, t, tf } from "../lib/i18n";
import { numberInput, type NumberInput } from "../lib/number-input";
import { snack } from "../lib/snackbar";
import type { MountedViewer, ViewerContext } from "../viewers/registry";
import type { ScriptEditor } from "./editor";
import { renderResult } from "./result";
import { element } from "../lib/dom";
import { adoptStyles } from "../lib/styles";

function button(text: string, className = "btn btn--ghost") {
  const made = element("button", className, text);
  made.type = "button";
  return made;
}

let mounted = 0;

/**
 * The calculation view (spec 2, "Calculation view"): the script as text, which a moderator's Edit script
 * turns into CodeMirror (loaded only then), the inputs' editor (moderators), one labelled number field per
 * input, Calculate, and the result as sanitised HTML, a table or text; a failure says its line. Compact
 * (widgets, split screen, report blocks): the fields, Calculate and the result only.
 */
export async function mount(host: HTMLElement, context: ViewerContext): Promise<MountedViewer> {
  adoptStyles(styles);
  const key = `cv${++mounted}`;
  const editable = context.canModerate && !context.compact;
  const root = element("div", `cv${context.compact ? " cv--compact" : ""}`);
  host.append(root);

  const item = await api<Wire<PresentedDataItem>>("data/get", { query: { id: context.dataId } });
  let props: CalcProp[] = readProps(item.props);
  let editor: ScriptEditor | undefined;
  let dirty = false;

  // ---------------------------------------------------------------------------------------------
  // The script and the inputs' editor

  const scriptBox = element("section", "cv__script");
  const scriptTitle = element("h3", undefined, t("calc.script"));
  scriptTitle.id = `${key}-script`;
  scriptBox.setAttribute("aria-labelledby", scriptTitle.id);
  const hint = element("p", "cv__hint", t("calc.scriptHint"));
  scriptBox.append(scriptTitle, hint);

  const propsBox = element("fieldset", "cv__props");
  const propList = element("ul", "cv__prop-list");
  const addProp = button(t("calc.addProp"));
  const saveBar = element("div", "cv__save");
  const save = button(t("calc.save"), "btn");
  const saveError = element("p", "form-error");
  saveError.setAttribute("role", "alert");
  saveError.hidden = true;
  saveBar.append(save);

  if (!context.compact) {
    root.append(scriptBox);
    const code = element("pre", "cv__code");
    code.tabIndex = 0;
    code.setAttribute("aria-labelledby", scriptTitle.id);
    code.textContent = item.script ?? "";
    scriptBox.append(code);
    if (editable) {
      // CodeMirror (about 120 KB gzipped) loads when asked for, so opening the page stays within its budget.
      const edit = button(t("calc.editScript"));
      edit.addEventListener("click", async () => {
        edit.disabled = true;
        const editorHost = element("div", "cv__editor");
        try {
          const { createEditor } = await import("./editor");
          editor = createEditor(editorHost, code.textContent ?? "", t("calc.script"), () => (dirty = true));
          code.replaceWith(editorHost);
          edit.remove();
          editorHost.querySelector<HTMLElement>(".cm-content")?.focus();
        } catch (error) {
          edit.disabled = false;
          reportFailure(error);
        }
      });
      scriptBox.append(edit);
      const legend = element("legend", undefined, t("calc.props"));
      propsBox.append(legend, propList, addProp);
      root.append(propsBox, saveError, saveBar);
    }
  }

  /** One row of the inputs' editor: variable and label, each with its label and its own error. */
  function propRow(prop: CalcProp, index: number) {
    const row = element("li", "cv__prop");
    const fields = (["variable", "name"] as const).map((field) => {
      const box = element("div", "field");
      const input = element("input");
      input.id = `${key}-p${index}-${field}`;
      input.value = prop[field];
      input.maxLength = field === "variable" ? CALC_LIMITS.variable : CALC_LIMITS.propName;
      input.autocomplete = "off";
      input.spellcheck = false;
      input.dataset.field = field;
      const label = element("label", undefined, t(field === "variable" ? "calc.variable" : "calc.propName"));
      label.htmlFor = input.id;
      input.addEventListener("input", () => {
        prop[field] = input.value;
        dirty = true;
      });
      box.append(label, input);
      return box;
    });
    const error = element("span", "field__error");
    error.id = `${key}-p${index}-error`;
    error.setAttribute("aria-live", "polite");
    for (const box of fields) box.querySelector("input")!.setAttribute("aria-describedby", error.id);
    const remove = button("×", "dl-icon cv__remove");
    remove.setAttribute("aria-label", tf("calc.removeProp", { name: prop.name || prop.variable || String(index + 1) }));
    remove.title = remove.getAttribute("aria-label")!;
    remove.addEventListener("click", () => {
      editing.splice(index, 1);
      dirty = true;
      drawPropEditor();
      (propList.querySelector<HTMLInputElement>("input") ?? addProp).focus();
    });
    row.append(...fields, remove, error);
    return row;
  }

  let editing: CalcProp[] = props.map((p) => ({ ...p }));
  function drawPropEditor() {
    propList.replaceChildren(...editing.map(propRow));
    addProp.disabled = editing.length >= CALC_LIMITS.props;
  }

  addProp.addEventListener("click", () => {
    editing.push({ variable: "", name: "" });
    dirty = true;
    drawPropEditor();
    propList.querySelector<HTMLInputElement>("li:last-child input")?.focus();
  });

  /** The inputs' own checks, shown under each row; true when all pass. */
  function checkProps() {
    let first: HTMLInputElement | undefined;
    editing.forEach((prop, index) => {
      const problem = propProblem({ variable: prop.variable, name: prop.name.trim() }, index, editing);
      const row = propList.children[index];
      row.querySelector(".field__error")!.textContent = problem ? t(problem) : "";
      for (const input of row.querySelectorAll("input")) input.setAttribute("aria-invalid", String(!!problem));
      if (problem && !first) first = row.querySelector<HTMLInputElement>(problem === "calc.nameRequired" ? "[data-field=name]" : "[data-field=variable]")!;
    });
    first?.focus();
    return !first;
  }

  save.addEventListener("click", async () => {
    saveError.hidden = true;
    if (!checkProps()) return;
    save.disabled = true;
    try {
      const saved = await api<Wire<PresentedDataItem>>("calc/save", {
        body: { id: context.dataId, script: editor?.text() ?? item.script ?? "", props: JSON.stringify(editing.map((p) => ({ variable: p.variable, name: p.name.trim() }))) },
      });
      props = readProps(saved.props);
      editing = props.map((p) => ({ ...p }));
      dirty = false;
      drawPropEditor();
      drawFields();
      snack(t("calc.saved"));
    } catch (error) {
      saveError.textContent = errorText(error);
      saveError.hidden = false;
      if (!(error instanceof ApiError)) reportFailure(error);
    } finally {
      save.disabled = false;
    }
  });

  // ---------------------------------------------------------------------------------------------
  // The numbers, Calculate and the result

  const form = element("form", "cv__run");
  form.noValidate = true;
  const fieldsBox = element("div", "cv__fields");
  const calculate = element("button", "btn", t("calc.calculate"));
  calculate.type = "submit";
  form.append(fieldsBox, calculate);
  const resultBox = element("section", "cv__result");
  const resultTitle = element("h3", undefined, t("calc.result"));
  resultTitle.id = `${key}-result`;
  resultBox.setAttribute("aria-labelledby", resultTitle.id);
  const output = element("div", "cv__output");
  output.setAttribute("aria-live", "polite");
  resultBox.append(resultTitle, output);
  root.append(form, resultBox);

  let numbers: NumberInput[] = [];
  function drawFields() {
    const fields = props.map((prop, index) => {
      const box = element("div", "field");
      const input = element("input");
      input.required = true;
      input.id = `${key}-v${index}`;
      input.name = prop.variable;
      const label = element("label", undefined, prop.name);
      label.htmlFor = input.id;
      box.append(label, input);
      return box;
    });
    fieldsBox.replaceChildren(...(fields.length ? fields : [element("p", "cv__hint", t("calc.noInputs"))]));
    numbers = [...fieldsBox.querySelectorAll("input")].map((input) => numberInput(input, { required: true }));
  }

  function showError(text: string) {
    const message = element("p", "form-error cv__error", text);
    message.setAttribute("role", "alert");
    output.replaceChildren(message);
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const values = numbers.map((field) => field.read());
    const wrong = values.findIndex((value) => typeof value !== "number");
    if (wrong >= 0) {
      fieldsBox.querySelectorAll("input")[wrong].focus();
      return showError(tf("calc.enterNumber", { name: props[wrong].name || props[wrong].variable }));
    }
    if (dirty) snack(t("calc.unsaved"));
    calculate.disabled = true;
    output.replaceChildren(element("p", "cv__hint", t("calc.running")));
    try {
      const body = props.map((prop, i) => ({ variable: prop.variable, name: prop.name, value: values[i] as number }));
      const result = await api<CalcResult>("calc/invoke", { query: { id: context.dataId }, body });
      output.replaceChildren(renderResult(result, locale()));
    } catch (error) {
      const detail = error instanceof ApiError ? (error.details[0] as { message?: string; line?: number } | undefined) : undefined;
      if (error instanceof ApiError && error.code === "calc_failed" && detail?.message) {
        showError(detail.line ? tf("calc.errorAt", { line: detail.line, message: detail.message }) : detail.message);
        if (detail.line) editor?.goToLine(detail.line);
      } else showError(errorText(error));
    } finally {
      calculate.disabled = false;
    }
  });

  drawPropEditor();
  drawFields();
  return {
    destroy() {
      editor?.destroy();
      root.remove();
    },
  };
}
