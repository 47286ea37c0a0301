import type { Wire } from "../../src/lib/responses";
import { dataItemPath } from "../../src/lib/data-paths";
import type { PresentedDataItem, PresentedSearchHit } from "../../src/modules/data/presenter";
import { LIMITS } from "../../src/modules/data/limits";
import type { PresentedDrawing } from "../../src/modules/charts/presenter";
import { CHART_TYPES, type ChartSettings, type ChartType } from "../../src/modules/charts/types";
import { api } from "../lib/api";
import { errorText, reportFailure } from "../lib/failures";
import { t, tf } from "../lib/i18n";
import { snack } from "../lib/snackbar";
import type { CreateOptions } from "../data/creators";
import type { DrawnChart } from "./draw";
import { adoptChartStyles, showFigure } from "./figure";
import { element } from "../lib/dom";

/** Where the wizard starts: a new chart (over `tableId` when given) or the saved chart `chartId`. */
export interface ChartWizardOptions {
  projectId: number;
  tableId?: number;
  chartId?: number;
  /** Categories ticked from the start (the category page's own). */
  categoryIds?: number[];
  /** After a save; without it the browser goes to the chart's page. */
  onSaved?: (chart: Wire<PresentedDataItem>) => void;
}

interface TableHead {
  id: number;
  name: string;
  headers: { name: string; field: string }[];
}

const PREVIEW_DELAY = 250;
let wizard: ReturnType<typeof createWizard> | undefined;

/**
 * Opens the two-step chart wizard (spec 2): 1 configuration (table, type, label and value columns,
 * details, a live preview), 2 info (name, description, categories). The table viewer's 'Add chart'
 * calls it with `tableId`; the chart viewer's settings with `chartId`.
 */
export function openChartWizard(options: ChartWizardOptions) {
  adoptChartStyles();
  wizard ??= createWizard();
  void wizard.open(options);
}

/** The CHART list's create button (islands/data/creators.ts): the project comes from the page's ChartWizard.astro. */
export function openChartCreator(options: CreateOptions) {
  const projectId = Number(document.getElementById("chart-wizard-categories")?.dataset.projectId);
  openChartWizard({ projectId, categoryIds: options.categoryIds, onSaved: () => options.onSaved() });
}

/** A labelled control in a .field: the label's for names the control's id. */
function field(id: string, label: string, control: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement) {
  const box = element("div", "field");
  const caption = element("label", undefined, label);
  caption.htmlFor = id;
  control.id = id;
  box.append(caption, control);
  return box;
}

/**
 * The project's category checks (pages/_components/data/CategoryChecks.astro), as the page rendered
 * them: the CHART list's ChartWizard.astro, or the data page's edit dialog; none where neither is.
 */
function categoryChecks(): HTMLFieldSetElement | undefined {
  const template = document.getElementById("chart-wizard-categories") as HTMLTemplateElement | null;
  const source = template?.content.querySelector(".cat-checks") ?? document.querySelector("#data-edit-dialog .cat-checks");
  if (!source) return undefined;
  const copy = source.cloneNode(true) as HTMLFieldSetElement;
  copy.querySelector("legend")!.textContent = t("chart.wizard.categories");
  copy.querySelectorAll<HTMLInputElement>("input[type=checkbox]").forEach((box) => {
    box.name = "chart-category";
    box.checked = false;
  });
  return copy;
}

function createWizard() {
  const dialog = element("dialog", "chart-wizard");
  dialog.setAttribute("aria-labelledby", "chart-wizard-title");
  const title = element("h2", undefined, t("chart.wizard.title"));
  title.id = "chart-wizard-title";
  const stepLabel = element("span", "chart-wizard__step");
  const head = element("div", "chart-wizard__head");
  head.append(title, stepLabel);

  // Step 1: configuration
  const step1 = element("section", "chart-wizard__body");
  step1.setAttribute("aria-label", t("chart.wizard.configuration"));
  const search = element("input");
  search.type = "search";
  search.autocomplete = "off";
  search.maxLength = LIMITS.name;
  search.setAttribute("aria-controls", "chart-wizard-results");
  const results = element("ul", "chart-wizard__results");
  results.id = "chart-wizard-results";
  results.setAttribute("aria-label", t("chart.wizard.table"));
  const chosen = element("p", "chart-wizard__chosen");
  chosen.setAttribute("role", "status");
  const type = element("select");
  for (const value of CHART_TYPES) type.append(new Option(t(`chart.type.${value}`), value));
  type.value = "BAR";
  const main = element("select");
  const values = element("fieldset");
  values.append(element("legend", undefined, t("chart.wizard.values")));
  const valueList = element("div", "chart-wizard__values");
  values.append(valueList);
  const detailsLabel = element("label", "switch");
  const details = element("input");
  details.type = "checkbox";
  details.checked = true;
  detailsLabel.append(details, ` ${t("chart.wizard.showDetails")}`);
  const step1Error = element("p", "form-error");
  step1Error.setAttribute("role", "alert");
  step1Error.hidden = true;
  const settingsColumn = element("div");
  settingsColumn.append(field("chart-wizard-search", t("chart.wizard.tableSearch"), search), results, chosen, field("chart-wizard-type", t("chart.wizard.type"), type),
    field("chart-wizard-main", t("chart.wizard.mainColumn"), main), values, detailsLabel, step1Error);
  const preview = element("section", "chart-wizard__preview");
  preview.setAttribute("aria-labelledby", "chart-wizard-preview-title");
  const previewTitle = element("h3", undefined, t("chart.wizard.preview"));
  previewTitle.id = "chart-wizard-preview-title";
  const previewBox = element("div", "chart");
  preview.append(previewTitle, previewBox);
  const grid = element("div", "chart-wizard__grid");
  grid.append(settingsColumn, preview);
  step1.append(grid);

  // Step 2: info
  const step2 = element("section", "chart-wizard__body");
  step2.setAttribute("aria-label", t("chart.wizard.info"));
  const name = element("input");
  name.maxLength = LIMITS.name;
  name.required = true;
  name.autocomplete = "off";
  name.setAttribute("aria-describedby", "chart-wizard-name-error");
  const nameError = element("span", "field__error");
  nameError.id = "chart-wizard-name-error";
  nameError.setAttribute("aria-live", "polite");
  const description = element("textarea");
  description.rows = 3;
  description.maxLength = LIMITS.description;
  const step2Error = element("p", "form-error");
  step2Error.setAttribute("role", "alert");
  step2Error.hidden = true;
  const nameField = field("chart-wizard-name", t("chart.wizard.name"), name);
  nameField.append(nameError);
  const categoriesBox = element("div");
  step2.append(step2Error, nameField, field("chart-wizard-description", t("chart.wizard.description"), description), categoriesBox);

  const actions = element("div", "chart-wizard__actions");
  const button = (text: string, ghost = true) => {
    const made = element("button", ghost ? "btn btn--ghost" : "btn", text);
    made.type = "button";
    return made;
  };
  const cancel = button(t("common.cancel"));
  const back = button(t("chart.wizard.back"));
  const next = button(t("common.next"), false);
  const save = button(t("common.save"), false);
  actions.append(cancel, back, next, save);
  dialog.append(head, step1, step2, actions);
  document.body.append(dialog);

  let options: ChartWizardOptions = { projectId: 0 };
  let table: TableHead | undefined;
  let checks: HTMLFieldSetElement | undefined;
  let drawn: DrawnChart | undefined;
  let previewTimer: ReturnType<typeof setTimeout> | undefined;
  let previewSeq = 0;
  let searchSeq = 0;
  let saving = false;

  function showStep(n: 1 | 2) {
    step1.hidden = n !== 1;
    step2.hidden = n !== 2;
    back.hidden = n !== 2;
    save.hidden = n !== 2;
    next.hidden = n !== 1;
    stepLabel.textContent = `${tf("chart.wizard.step", { n })} · ${t(n === 1 ? "chart.wizard.configuration" : "chart.wizard.info")}`;
  }

  const checkedValues = () => [...valueList.querySelectorAll<HTMLInputElement>("input:checked")].map((box) => box.value);

  function settings(): Omit<ChartSettings, "name"> | undefined {
    if (!table || !main.value) return undefined;
    const chosenValues = new Set(checkedValues());
    return {
      type: type.value as ChartType,
      showDetails: details.checked,
      mainColumn: main.value,
      headers: table.headers.map((h) => ({ name: h.name, field: h.field, isValue: chosenValues.has(h.field) && h.field !== main.value })),
      table: table.id,
    };
  }

  function schedulePreview() {
    clearTimeout(previewTimer);
    previewTimer = setTimeout(() => void refreshPreview(), PREVIEW_DELAY);
  }

  async function refreshPreview() {
    const wanted = settings();
    const seq = ++previewSeq;
    drawn?.destroy();
    drawn = undefined;
    if (!wanted?.headers.some((h) => h.isValue)) {
      previewBox.replaceChildren(element("p", "chart-wizard__hint", t("chart.wizard.previewHint")));
      return;
    }
    try {
      const drawing = await api<Wire<PresentedDrawing>>("chart/preview", { body: wanted });
      if (seq !== previewSeq) return;
      drawn = await showFigure(previewBox, { ...drawing, settings: wanted }, name.value || table!.name);
    } catch (error) {
      if (seq === previewSeq) previewBox.replaceChildren(element("p", "chart__note chart__note--error", errorText(error)));
    }
  }

  /** Fills the column choices from the table's headers (the url column is no column to draw). */
  function showColumns(preset?: Omit<ChartSettings, "name">) {
    const columns = (table?.headers ?? []).filter((h) => h.name.trim().toLowerCase() !== "url");
    main.replaceChildren(...columns.map((h) => new Option(h.name, h.field)));
    if (preset && columns.some((h) => h.field === preset.mainColumn)) main.value = preset.mainColumn;
    const presetValues = new Set(preset?.headers.filter((h) => h.isValue).map((h) => h.field));
    valueList.replaceChildren(
      ...columns.map((h, i) => {
        const label = element("label", "switch");
        const box = element("input");
        box.type = "checkbox";
        box.value = h.field;
        // A new chart starts with every column after the labels as a value.
        box.checked = preset ? presetValues.has(h.field) : i > 0;
        label.append(box, ` ${h.name}`);
        return label;
      }),
    );
    chosen.textContent = table ? tf("chart.wizard.tableChosen", { name: table.name }) : "";
    schedulePreview();
  }

  async function chooseTable(id: number, preset?: Omit<ChartSettings, "name">) {
    try {
      const page = await api<TableHead>(`table/get-table/${id}`, { query: { page: 0, rowsPerPage: 1 } });
      table = { id: page.id, name: page.name, headers: page.headers };
    } catch (error) {
      table = undefined;
      step1Error.textContent = error && (error as { status?: number }).status === 404 ? t("chart.tableMissing") : errorText(error);
      step1Error.hidden = false;
    }
    results.replaceChildren();
    showColumns(preset);
  }

  async function findTables() {
    const seq = ++searchSeq;
    try {
      const hits = await api<Wire<PresentedSearchHit>[]>("data/search-by-type", { query: { str: search.value.trim(), projectId: options.projectId, dataType: "TABLE" } });
      if (seq !== searchSeq) return;
      results.replaceChildren(
        ...(hits.length
          ? hits.map((hit) => {
              const item = element("li");
              const pick = button(hit.name);
              pick.className = "";
              pick.addEventListener("click", () => {
                step1Error.hidden = true;
                void chooseTable(hit.id);
              });
              item.append(pick);
              return item;
            })
          : [element("li", "chart-wizard__none", t("chart.wizard.noTables"))]),
      );
    } catch (error) {
      reportFailure(error);
    }
  }

  let searchTimer: ReturnType<typeof setTimeout> | undefined;
  search.addEventListener("input", () => {
    clearTimeout(searchTimer);
    searchTimer = setTimeout(() => void findTables(), PREVIEW_DELAY);
  });
  search.addEventListener("focus", () => {
    if (!results.children.length) void findTables();
  });
  for (const control of [type, main, details]) control.addEventListener("change", schedulePreview);
  valueList.addEventListener("change", schedulePreview);

  next.addEventListener("click", () => {
    const wanted = settings();
    const problem = !wanted ? t("chart.wizard.tableRequired") : !wanted.headers.some((h) => h.isValue) ? t("chart.wizard.valuesRequired") : undefined;
    step1Error.textContent = problem ?? "";
    step1Error.hidden = !problem;
    if (problem) return;
    if (!name.value.trim()) name.value = table!.name;
    showStep(2);
    name.focus();
  });
  back.addEventListener("click", () => showStep(1));
  cancel.addEventListener("click", () => dialog.close());
  dialog.addEventListener("close", () => {
    clearTimeout(previewTimer);
    drawn?.destroy();
    drawn = undefined;
  });

  save.addEventListener("click", async () => {
    const wanted = settings();
    if (saving || !wanted) return;
    const trimmed = name.value.trim();
    name.setAttribute("aria-invalid", String(!trimmed));
    nameError.textContent = trimmed ? "" : t("chart.wizard.nameRequired");
    if (!trimmed) return name.focus();
    saving = true;
    save.disabled = true;
    step2Error.hidden = true;
    try {
      const categoryList = checks ? [...checks.querySelectorAll<HTMLInputElement>("input:checked")].map((box) => ({ id: Number(box.value) })) : undefined;
      const saved = await api<Wire<PresentedDataItem>>("chart/save", {
        body: { ...wanted, id: options.chartId, projectId: options.projectId, name: trimmed, description: description.value, categoryList },
      });
      snack(t("chart.saved"));
      dialog.close();
      if (options.onSaved) options.onSaved(saved);
      else location.assign(dataItemPath(options.projectId, "CHART", saved.id));
    } catch (error) {
      step2Error.textContent = errorText(error);
      step2Error.hidden = false;
    } finally {
      saving = false;
      save.disabled = false;
    }
  });

  async function open(given: ChartWizardOptions) {
    options = given;
    table = undefined;
    title.textContent = t(given.chartId ? "chart.wizard.editTitle" : "chart.wizard.title");
    search.value = "";
    results.replaceChildren();
    name.value = "";
    name.removeAttribute("aria-invalid");
    nameError.textContent = "";
    description.value = "";
    type.value = "BAR";
    details.checked = true;
    step1Error.hidden = true;
    step2Error.hidden = true;
    checks = categoryChecks();
    categoriesBox.replaceChildren(...(checks ? [checks] : []));
    const tick = (ids: number[]) => checks?.querySelectorAll<HTMLInputElement>("input").forEach((box) => (box.checked = ids.includes(Number(box.value))));
    tick(given.categoryIds ?? []);
    showColumns();
    showStep(1);
    dialog.showModal();
    if (given.chartId) {
      try {
        const item = await api<Wire<PresentedDataItem>>("data/get", { query: { id: given.chartId } });
        const stored = JSON.parse(item.value ?? "{}") as Partial<ChartSettings>;
        name.value = item.name;
        description.value = item.description;
        tick(item.categoryList.map((c) => c.id));
        if (stored.type && CHART_TYPES.includes(stored.type)) type.value = stored.type;
        details.checked = stored.showDetails !== false;
        if (stored.table) await chooseTable(stored.table, stored as Omit<ChartSettings, "name">);
      } catch (error) {
        reportFailure(error);
      }
    } else if (given.tableId) {
      await chooseTable(given.tableId);
    } else search.focus();
  }

  return { open };
}
