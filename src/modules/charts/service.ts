import type { Db } from "../../../db/client";
import type { DataItem, User } from "../../../db/schema";
import { AppError, invalid, type ErrorDetail } from "../../lib/errors";
import { findDataItem, findPublicDataItem, requireDataItem } from "../data/policy";
import { addRelation, relationsOf } from "../data/relations";
import { saveDataItem } from "../data/service";
import { requireProjectRole } from "../projects/policy";
import { isUrlHeader, numberIn, type Cell } from "../tables/cells";
import { headersOf, type TableHeader, type TableValues, tableValues, valuesOfTable } from "../tables/service";
import { CHART_LIMITS } from "./limits";
import type { ChartPreviewInput, ChartSaveInput } from "./model";
import type { PresentedChartData, PresentedChartSummary, PresentedDrawing } from "./presenter";
import { CHART_TYPES, type ChartHeader, type ChartSettings } from "./types";

/** The table's columns a chart may draw: all but the hidden url column. */
const drawable = (headers: TableHeader[]) => headers.filter((header) => !isUrlHeader(header.name));

/**
 * The chart's settings against its table: each named column exists (by field and name), the label
 * column too (kept among the headers, never a value), at least one value column, none twice. Names
 * are taken from the table.
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
  if (!headers.some((header) => header.isValue)) details.push({ path: "body.headers", message: "Choose at least one value column" });
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
  const headers = checkColumns(input, drawable(headersOf(table)));
  return { name: input.name.trim(), type: input.type, showDetails: input.showDetails, mainColumn: input.mainColumn, headers, table: table.id };
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

const NOTHING: PresentedDrawing = { labels: [], datasets: [], missing: [], tableMissing: false, truncated: false };

/** The drawing of `settings` from its table's first CHART_LIMITS.points rows (null: the table is gone or out of sight). */
function drawingOf(table: TableValues | null, settings: ChartSettings): PresentedDrawing {
  if (!table) return { ...NOTHING, tableMissing: true };
  const columns = drawable(table.headers);
  const mainName = settings.headers.find((h) => h.field === settings.mainColumn)?.name ?? "";
  const main = locate({ name: mainName, field: settings.mainColumn }, columns);
  const values = settings.headers.filter((h) => h.isValue).map((h) => ({ name: h.name, field: locate(h, columns) }));
  const missing = [...(main ? [] : [mainName || settings.mainColumn]), ...values.filter((v) => !v.field).map((v) => v.name)];
  if (missing.length) return { ...NOTHING, missing };
  return {
    ...NOTHING,
    labels: table.items.map((row) => String(row[main!] ?? "")),
    datasets: values.map((v) => ({ label: v.name, data: table.items.map((row) => numberOf(row[v.field!])) })),
    truncated: table.truncated,
  };
}

/** The drawing of `settings` as the reader sees it. */
function drawing(db: Db, actor: User, settings: ChartSettings): PresentedDrawing {
  try {
    return drawingOf(tableValues(db, actor, settings.table, CHART_LIMITS.points), settings);
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return drawingOf(null, settings);
    throw error;
  }
}

/**
 * A public CHART's drawing for the public data page, with no reader: `item` is already known to be
 * public, and its table is drawn only when it is a public TABLE too, else the viewer's "table not
 * available" state. Only the chart's type and legend setting go with it (not the table's id); null
 * for a CHART item without a chart's settings.
 */
export function publicChartDrawing(db: Db, item: DataItem): (PresentedDrawing & { settings: Pick<ChartSettings, "type" | "showDetails"> }) | null {
  const settings = readSettings(item.value);
  if (!settings) return null;
  const table = findPublicDataItem(db, settings.table);
  const values = table?.dataType === "TABLE" ? valuesOfTable(db, table, CHART_LIMITS.points) : null;
  return { settings: { type: settings.type, showDetails: settings.showDetails }, ...drawingOf(values, settings) };
}

/** chart/data: a saved chart's settings and drawing; a CHART item without a chart's settings draws nothing. */
export function chartData(db: Db, actor: User, id: number): PresentedChartData {
  const { item } = requireDataItem(db, actor, id, { type: "CHART" });
  const settings = readSettings(item.value);
  return { id: item.id, name: item.name, settings, ...(settings ? drawing(db, actor, settings) : NOTHING) };
}

/** chart/preview: the wizard's live preview of settings not saved yet, checked as chart/save checks them. */
export function previewChart(db: Db, actor: User, input: ChartPreviewInput): PresentedDrawing {
  const table = requireDataItem(db, actor, input.table, { type: "TABLE" }).item;
  const headers = checkColumns(input, drawable(headersOf(table)));
  return drawing(db, actor, { name: "", type: input.type, showDetails: input.showDetails, mainColumn: input.mainColumn, headers, table: table.id });
}
