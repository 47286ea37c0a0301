import type { Db } from "../../../db/client";
import type { DataItem, User } from "../../../db/schema";
import { AppError, invalid, type ErrorDetail } from "../../lib/errors";
import { findDataItem, findPublicDataItem, requireDataItem } from "../data/policy";
import { addRelation, relationsOf } from "../data/relations";
import { saveDataItem } from "../data/service";
import { requireProjectRole } from "../projects/policy";
import { columnOf, isUrlHeader, numberIn, type Cell } from "../tables/cells";
import { everyRow } from "../tables/scan";
import { headersOf, type TableHeader, valuesOfTable } from "../tables/service";
import { translator, type Locale } from "../../lib/i18n";
import { CHART_LIMITS } from "./limits";
import type { ChartPreviewInput, ChartSaveInput } from "./model";
import type { PresentedChartData, PresentedChartSummary, PresentedDrawing } from "./presenter";
import { summarise } from "./summary";
import { CHART_TYPES, SUMMARY_BUCKETS, SUMMARY_OPS, type ChartHeader, type ChartSettings, type ChartSummary } from "./types";

/** The table's columns a chart may draw: all but the hidden url column. */
const drawable = (headers: TableHeader[]) => headers.filter((header) => !isUrlHeader(header.name));

/**
 * The chart's settings against its table: each named column exists (by field and name), the label
 * column too (kept among the headers, never a value), at least one value column unless the summary
 * counts rows, none twice. Names are taken from the table.
 */
function checkColumns(input: ChartPreviewInput, columns: TableHeader[]): ChartHeader[] {
  const byField = new Map(columns.map((column) => [column.field, column]));
  const details: ErrorDetail[] = [];
  const seen = new Set<string>();
  const headers: ChartHeader[] = [];
  input.headers.forEach((header, i) => {
    const column = byField.get(header.field);
    if (!column) details.push({ path: `body.headers.${i}.field`, message: `The table has no column ${header.field}` });
    else if (seen.has(header.field)) details.push({ path: `body.headers.${i}.field`, message: "Each column once" });
    else headers.push({ name: column.name, field: column.field, isValue: header.isValue && header.field !== input.mainColumn });
    seen.add(header.field);
  });
  const main = byField.get(input.mainColumn);
  if (!main) details.push({ path: "body.mainColumn", message: `The table has no column ${input.mainColumn}` });
  else if (!seen.has(main.field)) headers.unshift({ name: main.name, field: main.field, isValue: false });
  if (input.summary?.op !== "COUNT" && !headers.some((header) => header.isValue)) details.push({ path: "body.headers", message: "Choose at least one value column" });
  if (details.length) throw invalid(details);
  return headers;
}

/**
 * chart/save: creates the CHART item (linked to its table, so split screen lists it as related) or
 * updates the chart `id`; MODERATOR in the project. The table must be one the saver sees, in the
 * same project, with every column the chart names; anything wrong is refused before a write.
 */
export function saveChart(db: Db, actor: User, input: ChartSaveInput) {
  requireProjectRole(db, actor, input.projectId, "MODERATOR");
  if (input.id) requireDataItem(db, actor, input.id, { type: "CHART", needed: "MODERATOR" });
  const settings = checkedSettings(db, actor, input.projectId, input);
  const saved = saveDataItem(db, actor, {
    id: input.id,
    project: { id: input.projectId },
    dataType: "CHART",
    name: input.name,
    description: input.description,
    categoryList: input.categoryList,
    value: JSON.stringify(settings),
  });
  addRelation(db, actor, saved.id, settings.table);
  return saved;
}

/** Settings whose table the actor sees in the chart's project, with every column named there; a 422 otherwise. */
function checkedSettings(db: Db, actor: User, projectId: number, input: ChartPreviewInput & { name: string }): ChartSettings {
  const table = requireDataItem(db, actor, input.table, { type: "TABLE" }).item;
  if (table.projectId !== projectId) throw invalid([{ path: "body.table", message: "The table must be in the chart's project" }]);
  const columns = drawable(headersOf(table));
  const headers = checkColumns(input, columns);
  return { ...settingsOf(input, headers, table.id), name: input.name.trim() };
}

/** The settings to store or draw: a summary's series column must be one of the table's, and not the label column. */
function settingsOf(input: ChartPreviewInput, headers: ChartHeader[], table: number): ChartSettings {
  const summary = input.summary ? { op: input.summary.op, series: input.summary.series ?? null, top: input.summary.top ?? null, bucket: input.summary.bucket ?? null } : null;
  if (summary?.series && !headers.some((h) => h.field === summary.series && !h.isValue && h.field !== input.mainColumn)) {
    throw invalid([{ path: "body.summary.series", message: "One of the chart's columns that is neither the label column nor a value" }]);
  }
  return { name: "", type: input.type, showDetails: input.showDetails, mainColumn: input.mainColumn, headers, table, summary };
}

/** A CHART's `value` as data/save gives it, checked as chart/save checks its settings; stored as chart/save stores them. */
export function checkedChartValue(db: Db, actor: User, projectId: number, name: string, text: string): string {
  const settings = readSettings(text);
  if (!settings) throw invalid([{ path: "body.value", message: "Must be chart settings: type, showDetails, mainColumn, headers and table" }]);
  try {
    return JSON.stringify(checkedSettings(db, actor, projectId, { ...settings, name }));
  } catch (error) {
    // A table the saver cannot see reads as bad settings, exactly as one that does not exist.
    if (error instanceof AppError && error.status === 404) throw invalid([{ path: "body.value", message: "The chart's table must be a table of the project" }]);
    throw error;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** A stored value read as chart settings, or null when it is not one (a CHART item saved through data/save with other JSON). */
function readSettings(value: string | null): ChartSettings | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value ?? "");
  } catch {
    return null;
  }
  if (!isObject(parsed) || !CHART_TYPES.includes(parsed.type as never) || typeof parsed.mainColumn !== "string") return null;
  if (typeof parsed.table !== "number" || !Array.isArray(parsed.headers)) return null;
  const headers = parsed.headers.filter(
    (h): h is ChartHeader => isObject(h) && typeof h.name === "string" && typeof h.field === "string" && typeof h.isValue === "boolean",
  );
  return {
    name: typeof parsed.name === "string" ? parsed.name : "",
    type: parsed.type as ChartSettings["type"],
    showDetails: parsed.showDetails === true,
    mainColumn: parsed.mainColumn,
    headers: headers.map(({ name, field, isValue }) => ({ name, field, isValue })),
    table: parsed.table,
    summary: readSummary(parsed.summary),
  };
}

/** A stored summary, or null when there is none or it is not one. */
function readSummary(value: unknown): ChartSummary | null {
  if (!isObject(value) || !SUMMARY_OPS.includes(value.op as never)) return null;
  const { series, top, bucket } = value;
  return {
    op: value.op as ChartSummary["op"],
    series: typeof series === "string" ? series : null,
    top: Number.isInteger(top) && (top as number) >= 2 && (top as number) <= CHART_LIMITS.top ? (top as number) : null,
    bucket: SUMMARY_BUCKETS.includes(bucket as never) ? (bucket as ChartSummary["bucket"]) : null,
  };
}

/** chart/get: the charts built on the table that the reader sees (linked to it, and naming it in their settings). */
export function chartsOfTable(db: Db, actor: User, tableId: number): PresentedChartSummary[] {
  requireDataItem(db, actor, tableId, { type: "TABLE" }).item;
  return relationsOf(db, actor, tableId)
    .filter((relation) => relation.dataType === "CHART")
    .flatMap((relation) => {
      const settings = readSettings(findDataItem(db, relation.id)?.value ?? null);
      return settings?.table === tableId ? [{ id: relation.id, name: relation.name, isActive: relation.isActive, settings }] : [];
    });
}

/** A cell as a number to draw: numbers as they are, text that reads as a decimal (point or comma), else a gap. */
const numberOf = (cell: Cell | undefined) => (typeof cell === "number" ? cell : typeof cell === "string" ? (numberIn(cell, true) ?? null) : null);

/**
 * Where each column the chart names is in the table now: the same field with the same name, else
 * the column of that name (a re-import may move it), else missing.
 */
function locate(wanted: { name: string; field: string }, columns: TableHeader[]): string | undefined {
  return columns.find((c) => c.field === wanted.field && c.name === wanted.name)?.field ?? columns.find((c) => c.name === wanted.name)?.field;
}

const NOTHING: PresentedDrawing = { labels: [], datasets: [], missing: [], tableMissing: false, truncated: false, skipped: 0, bucket: null };

/**
 * The drawing of `settings` from `table` (null: the table is gone or out of sight): a point per row of the
 * first CHART_LIMITS.points rows, or the summary over every row.
 */
async function drawingOf(db: Db, table: DataItem | null, settings: ChartSettings, locale: Locale): Promise<PresentedDrawing> {
  if (!table) return { ...NOTHING, tableMissing: true };
  const all = headersOf(table);
  const columns = drawable(all);
  const nameOf = (field: string) => settings.headers.find((h) => h.field === field)?.name ?? "";
  const main = locate({ name: nameOf(settings.mainColumn), field: settings.mainColumn }, columns);
  const values = settings.headers.filter((h) => h.isValue).map((h) => ({ name: h.name, field: locate(h, columns) }));
  const series = settings.summary?.series ? locate({ name: nameOf(settings.summary.series), field: settings.summary.series }, columns) : undefined;
  const missing = [
    ...(main ? [] : [nameOf(settings.mainColumn) || settings.mainColumn]),
    ...values.filter((v) => !v.field).map((v) => v.name),
    ...(settings.summary?.series && !series ? [nameOf(settings.summary.series) || settings.summary.series] : []),
  ];
  if (missing.length) return { ...NOTHING, missing };
  if (!settings.summary) {
    const rows = valuesOfTable(db, table, CHART_LIMITS.points);
    return {
      ...NOTHING,
      labels: rows.items.map((row) => String(row[main!] ?? "")),
      datasets: values.map((v) => ({ label: v.name, data: rows.items.map((row) => numberOf(row[v.field!])) })),
      truncated: rows.truncated,
    };
  }
  const index = (field: string) => columnOf(field, all.length)!;
  const t = translator(locale);
  const summarised = await summarise(everyRow(db, table.id), {
    summary: settings.summary,
    label: index(main!),
    values: values.length ? values.map((v) => ({ name: v.name, index: index(v.field!) })) : [{ name: t("chart.rows"), index: null }],
    series: series === undefined ? undefined : index(series),
    other: t("chart.other"),
    locale,
    numberOf,
  });
  return { ...NOTHING, ...summarised };
}

/** The table of `settings` as the reader sees it: null when it is gone or out of their sight. */
function tableOf(db: Db, actor: User, settings: ChartSettings): DataItem | null {
  try {
    return requireDataItem(db, actor, settings.table, { type: "TABLE" }).item;
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  }
}

/**
 * A public CHART's drawing for the public data page, with no reader: `item` is already known to be
 * public, and its table is drawn only when it is a public TABLE too, else the viewer's "table not
 * available" state. Only the chart's type and legend setting go with it (not the table's id); null
 * for a CHART item without a chart's settings.
 */
export async function publicChartDrawing(db: Db, item: DataItem, locale: Locale): Promise<(PresentedDrawing & { settings: Pick<ChartSettings, "type" | "showDetails"> }) | null> {
  const settings = readSettings(item.value);
  if (!settings) return null;
  const table = findPublicDataItem(db, settings.table);
  const drawn = await drawingOf(db, table?.dataType === "TABLE" ? table : null, settings, locale);
  return { settings: { type: settings.type, showDetails: settings.showDetails }, ...drawn };
}

/** chart/data: a saved chart's settings and drawing; a CHART item without a chart's settings draws nothing. */
export async function chartData(db: Db, actor: User, id: number, locale: Locale): Promise<PresentedChartData> {
  const { item } = requireDataItem(db, actor, id, { type: "CHART" });
  const settings = readSettings(item.value);
  return { id: item.id, name: item.name, settings, ...(settings ? await drawingOf(db, tableOf(db, actor, settings), settings, locale) : NOTHING) };
}

/** chart/preview: the wizard's live preview of settings not saved yet, checked as chart/save checks them. */
export function previewChart(db: Db, actor: User, input: ChartPreviewInput, locale: Locale): Promise<PresentedDrawing> {
  const table = requireDataItem(db, actor, input.table, { type: "TABLE" }).item;
  const settings = settingsOf(input, checkColumns(input, drawable(headersOf(table))), table.id);
  return drawingOf(db, table, settings, locale);
}
