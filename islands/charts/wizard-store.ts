/**
 * The chart wizard's state and actions (spec 2): 1 configuration (table, type, label and value
 * columns, details, a live preview), 2 info (name, description, categories). ChartWizard shows it;
 * wizard.tsx opens it for the data list's create button, the table viewer's 'Add chart' and the chart
 * viewer's settings.
 */
import { computed, signal } from "@preact/signals-react";
import { dataItemPath } from "../../src/lib/data-paths";
import { CHART_TYPES, type ChartSettings, type ChartType } from "../../src/modules/charts/types";
import { ApiError } from "../lib/api";
import { errorText, reportFailure } from "../lib/failures";
import { t } from "../lib/i18n";
import { call, server } from "../lib/server";
import { snack } from "../lib/snackbar";
import type { Figure } from "./ChartFigure";

/** Where the wizard starts: a new chart (over `tableId` when given) or the saved chart `chartId`. */
export interface ChartWizardOptions {
  projectId: number;
  tableId?: number;
  chartId?: number;
  /** Categories ticked from the start (the category page's own). */
  categoryIds?: number[];
  /** After a save; without it the browser goes to the chart's page. */
  onSaved?: () => void;
}

type Settings = Omit<ChartSettings, "name">;
interface TableHead {
  id: number;
  name: string;
  headers: { name: string; field: string }[];
}
type Hit = { id: number; name: string };
type Preview = { hint: true } | { error: string } | { figure: Figure; name: string };

const DELAY = 250;

/** The open wizard's options. */
export const open = signal<ChartWizardOptions | null>(null);
export const step = signal<1 | 2>(1);
export const table = signal<TableHead | undefined>(undefined);
export const search = signal("");
export const hits = signal<Hit[] | null>(null);
export const type = signal<ChartType>("BAR");
export const mainColumn = signal("");
export const values = signal<string[]>([]);
export const details = signal(true);
export const name = signal("");
export const description = signal("");
export const categoryIds = signal<number[]>([]);
export const configError = signal("");
export const nameError = signal("");
export const saveError = signal("");
export const saving = signal(false);
export const preview = signal<Preview>({ hint: true });

/** The table's columns a chart can use: its url column is no column to draw. */
export const columns = computed(() => (table.value?.headers ?? []).filter((h) => h.name.trim().toLowerCase() !== "url"));

let previewTimer: ReturnType<typeof setTimeout> | undefined;
let searchTimer: ReturnType<typeof setTimeout> | undefined;
let previewSeq = 0;
let searchSeq = 0;

export function settings(): Settings | undefined {
  const chosen = table.value;
  if (!chosen || !mainColumn.value) return undefined;
  const picked = new Set(values.value);
  return {
    type: type.value,
    showDetails: details.value,
    mainColumn: mainColumn.value,
    headers: chosen.headers.map((h) => ({ name: h.name, field: h.field, isValue: picked.has(h.field) && h.field !== mainColumn.value })),
    table: chosen.id,
  };
}

export function schedulePreview() {
  clearTimeout(previewTimer);
  previewTimer = setTimeout(() => void refreshPreview(), DELAY);
}

async function refreshPreview() {
  const wanted = settings();
  const seq = ++previewSeq;
  if (!wanted?.headers.some((h) => h.isValue)) {
    preview.value = { hint: true };
    return;
  }
  try {
    const drawing = await call(server.chart.preview.post(wanted));
    if (seq === previewSeq) preview.value = { figure: { ...drawing, settings: wanted }, name: name.value || table.value!.name };
  } catch (error) {
    if (seq === previewSeq) preview.value = { error: errorText(error) };
  }
}

/** Fills the column choices from the chosen table; a new chart starts with every column after the labels as a value. */
function showColumns(preset?: Settings) {
  const usable = columns.value;
  mainColumn.value = preset && usable.some((h) => h.field === preset.mainColumn) ? preset.mainColumn : (usable[0]?.field ?? "");
  values.value = preset ? preset.headers.filter((h) => h.isValue).map((h) => h.field) : usable.slice(1).map((h) => h.field);
  schedulePreview();
}

export async function chooseTable(id: number, preset?: Settings) {
  configError.value = "";
  try {
    const page = await call(server.table["get-table"]({ id }).get({ query: { page: 0, rowsPerPage: 1 } }));
    table.value = { id: page.id, name: page.name, headers: page.headers };
  } catch (error) {
    table.value = undefined;
    configError.value = error instanceof ApiError && error.status === 404 ? t("chart.tableMissing") : errorText(error);
  }
  hits.value = null;
  showColumns(preset);
}

export async function findTables() {
  const seq = ++searchSeq;
  try {
    const found = await call(server.data["search-by-type"].get({ query: { str: search.value.trim(), projectId: open.value!.projectId, dataType: "TABLE" } }));
    if (seq === searchSeq) hits.value = found;
  } catch (error) {
    reportFailure(error);
  }
}

export function typeSearch(text: string) {
  search.value = text;
  clearTimeout(searchTimer);
  searchTimer = setTimeout(() => void findTables(), DELAY);
}

export function toggleValue(field: string, on: boolean) {
  values.value = on ? [...values.value, field] : values.value.filter((f) => f !== field);
  schedulePreview();
}

/** Step 1 to 2, unless the configuration is incomplete; the name starts as the table's. */
export function next() {
  const wanted = settings();
  configError.value = !wanted ? t("chart.wizard.tableRequired") : !wanted.headers.some((h) => h.isValue) ? t("chart.wizard.valuesRequired") : "";
  if (configError.value) return;
  if (!name.value.trim()) name.value = table.value!.name;
  step.value = 2;
}

function reset(options: ChartWizardOptions) {
  step.value = 1;
  table.value = undefined;
  search.value = "";
  hits.value = null;
  type.value = "BAR";
  mainColumn.value = "";
  values.value = [];
  details.value = true;
  name.value = "";
  description.value = "";
  categoryIds.value = options.categoryIds ?? [];
  configError.value = nameError.value = saveError.value = "";
  preview.value = { hint: true };
}

/** Shows the wizard asked for, loading the saved chart or the given table. */
export async function begin(options: ChartWizardOptions) {
  reset(options);
  open.value = options;
  if (options.chartId) {
    try {
      const item = await call(server.data.get.get({ query: { id: options.chartId } }));
      const stored = JSON.parse(item.value ?? "{}") as Partial<ChartSettings>;
      name.value = item.name;
      description.value = item.description;
      categoryIds.value = item.categoryList.map((c) => c.id);
      if (stored.type && CHART_TYPES.includes(stored.type)) type.value = stored.type;
      details.value = stored.showDetails !== false;
      if (stored.table) await chooseTable(stored.table, stored as Settings);
    } catch (error) {
      reportFailure(error);
    }
  } else if (options.tableId) await chooseTable(options.tableId);
}

export function close() {
  clearTimeout(previewTimer);
  clearTimeout(searchTimer);
  previewSeq++;
  open.value = null;
}

/** Saves the chart; a failure is shown in the dialog and keeps everything typed. */
export async function save() {
  const wanted = settings();
  const options = open.value;
  if (saving.value || !wanted || !options) return false;
  const trimmed = name.value.trim();
  nameError.value = trimmed ? "" : t("chart.wizard.nameRequired");
  if (!trimmed) return false;
  saving.value = true;
  saveError.value = "";
  try {
    const body = { ...wanted, id: options.chartId, projectId: options.projectId, name: trimmed, description: description.value, categoryList: categoryIds.value.map((id) => ({ id })) };
    const saved = await call(server.chart.save.post(body));
    snack(t("chart.saved"));
    close();
    if (options.onSaved) options.onSaved();
    else location.assign(dataItemPath(options.projectId, "CHART", saved.id));
    return true;
  } catch (error) {
    saveError.value = errorText(error);
    return false;
  } finally {
    saving.value = false;
  }
}
