/**
 * The chart wizard's state and actions (spec 2): 1 configuration (table, type, label and value
 * columns, what each label shows, details, a live preview), 2 info (name, description, categories). ChartWizard shows it;
 * wizard.tsx opens it for the data list's create button, the table viewer's 'Add chart' and the chart
 * viewer's settings.
 */
import { computed, signal } from "@preact/signals-react";
import { dataItemPath } from "../../src/lib/data-paths";
import { CHART_LIMITS } from "../../src/modules/charts/limits";
import { CHART_TYPES, type ChartSettings, type ChartSummary, type ChartType, type SummaryOp } from "../../src/modules/charts/types";
import { ApiError } from "../lib/api";
import { errorText, reportFailure } from "../lib/failures";
import { locale, t } from "../lib/i18n";
import { readNumber } from "../lib/ui/NumberField";
import { call, server } from "../lib/server";
import { snack } from "../lib/snackbar";
import type { Figure } from "./ChartFigure";
import { type ColumnKind, kindOf } from "./column-kinds";

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
/** What each label shows: a summary's operation, or NONE for a point per row. */
export type Operation = SummaryOp | "NONE";

const DELAY = 250;
/** Rows read to tell number, date and text columns apart. */
const SAMPLE_ROWS = 100;
/** What "top N" may be. */
export const TOP_RULES = { whole: true, min: 2, max: CHART_LIMITS.top } as const;

/** The open wizard's options. */
export const open = signal<ChartWizardOptions | null>(null);
export const step = signal<1 | 2>(1);
export const table = signal<TableHead | undefined>(undefined);
export const search = signal("");
export const hits = signal<Hit[] | null>(null);
export const type = signal<ChartType>("BAR");
export const mainColumn = signal("");
export const values = signal<string[]>([]);
/** Each column's kind (field → kind), read from the table's first rows. */
export const kinds = signal<Record<string, ColumnKind>>({});
export const operation = signal<Operation>("SUM");
/** The field that splits values into series, or "" for none. */
export const series = signal("");
/** The text of "top N" (pies): empty for every label. */
export const top = signal("");
export const bucket = signal<NonNullable<ChartSummary["bucket"]>>("AUTO");
export const details = signal(true);
export const name = signal("");
export const description = signal("");
export const categoryIds = signal<number[]>([]);
export const configError = signal("");
export const nameError = signal("");
export const saveError = signal("");
export const saving = signal(false);
export const preview = signal<Preview>({ hint: true });
/** Set once step 2 was asked for: the top field shows why its text is refused. */
export const topChecked = signal(false);

/** The table's columns a chart can use: its url column is no column to draw. */
export const columns = computed(() => (table.value?.headers ?? []).filter((h) => h.name.trim().toLowerCase() !== "url"));
/** The columns offered as values: the number columns but the label column, and any the chart already draws. */
export const valueColumns = computed(() => columns.value.filter((h) => h.field !== mainColumn.value && (kinds.value[h.field] === "number" || values.value.includes(h.field))));
/** The columns a summary may split by: neither the label column nor a value. */
export const seriesColumns = computed(() => columns.value.filter((h) => h.field !== mainColumn.value && !valueColumns.value.some((v) => v.field === h.field)));
export const labelsAreDates = computed(() => kinds.value[mainColumn.value] === "date");
export const isRound = computed(() => type.value === "PIE" || type.value === "DOUGHNUT");

let previewTimer: ReturnType<typeof setTimeout> | undefined;
let searchTimer: ReturnType<typeof setTimeout> | undefined;
let previewSeq = 0;
let searchSeq = 0;

/** "Top N" as a number, null for every label; undefined when the text is no whole number in range. */
function topNumber(): number | null | undefined {
  if (!isRound.value || operation.value === "NONE") return null;
  const read = readNumber(top.value, locale(), TOP_RULES);
  return "value" in read ? read.value : undefined;
}

function summaryOf(picked: Set<string>): ChartSummary | null {
  const op = operation.value;
  if (op === "NONE") return null;
  const split = series.value && series.value !== mainColumn.value && !picked.has(series.value) ? series.value : null;
  return { op, series: split, top: topNumber() ?? null, bucket: labelsAreDates.value ? bucket.value : null };
}

export function settings(): Settings | undefined {
  const chosen = table.value;
  if (!chosen || !mainColumn.value) return undefined;
  // A count counts rows: it needs no value column.
  const picked = new Set(operation.value === "COUNT" ? [] : values.value);
  return {
    type: type.value,
    showDetails: details.value,
    mainColumn: mainColumn.value,
    headers: chosen.headers.map((h) => ({ name: h.name, field: h.field, isValue: picked.has(h.field) && h.field !== mainColumn.value })),
    table: chosen.id,
    summary: summaryOf(picked),
  };
}

/** The settings miss a value column the operation needs. */
const needsValues = (wanted: Settings) => wanted.summary?.op !== "COUNT" && !wanted.headers.some((h) => h.isValue);

function schedulePreview() {
  clearTimeout(previewTimer);
  previewTimer = setTimeout(() => void refreshPreview(), DELAY);
}

/** Sets a choice and redraws the preview. */
export function change(apply: () => void) {
  apply();
  schedulePreview();
}

async function refreshPreview() {
  const wanted = settings();
  const seq = ++previewSeq;
  if (!wanted || needsValues(wanted)) {
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

/**
 * Fills the choices from the chosen table, or from the saved chart. A new chart sums the number columns
 * by the first column that is no number (else the first column); with no number column to sum it counts rows.
 */
function showColumns(preset?: Settings) {
  const usable = columns.value;
  const numeric = (field: string) => kinds.value[field] === "number";
  const first = usable.find((h) => !numeric(h.field)) ?? usable[0];
  mainColumn.value = preset && usable.some((h) => h.field === preset.mainColumn) ? preset.mainColumn : (first?.field ?? "");
  values.value = preset ? preset.headers.filter((h) => h.isValue).map((h) => h.field) : usable.filter((h) => numeric(h.field) && h.field !== mainColumn.value).map((h) => h.field);
  const summary = preset ? preset.summary : null;
  operation.value = preset ? (summary?.op ?? "NONE") : values.value.length ? "SUM" : "COUNT";
  series.value = summary?.series ?? "";
  top.value = summary?.top ? String(summary.top) : "";
  bucket.value = summary?.bucket ?? "AUTO";
  schedulePreview();
}

export async function chooseTable(id: number, preset?: Settings) {
  configError.value = "";
  try {
    const page = await call(server.table["get-table"]({ id }).get({ query: { page: 0, rowsPerPage: SAMPLE_ROWS } }));
    table.value = { id: page.id, name: page.name, headers: page.headers };
    kinds.value = Object.fromEntries(page.headers.map((h) => [h.field, kindOf(page.items.map((row) => row[h.field]))]));
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
  configError.value = !wanted ? t("chart.wizard.tableRequired") : needsValues(wanted) ? t("chart.wizard.valuesRequired") : "";
  topChecked.value = true;
  if (configError.value || topNumber() === undefined) return;
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
  kinds.value = {};
  operation.value = "SUM";
  series.value = top.value = "";
  bucket.value = "AUTO";
  topChecked.value = false;
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
