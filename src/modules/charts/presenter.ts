import { t, type Static } from "elysia";
import { integer, oneOf } from "../../lib/schema";
import { DATE_BUCKETS } from "../../lib/cell-dates";
import { CHART_TYPES, SUMMARY_BUCKETS, SUMMARY_OPS } from "./types";

const headerSchema = t.Object({ name: t.String(), field: t.String(), isValue: t.Boolean() });

/** A chart's settings as stored in its value (see types.ts). */
const settingsSchema = t.Object({
  name: t.String(),
  type: oneOf(CHART_TYPES),
  showDetails: t.Boolean(),
  mainColumn: t.String(),
  headers: t.Array(headerSchema),
  table: integer(),
  summary: t.Optional(
    t.Nullable(t.Object({ op: oneOf(SUMMARY_OPS), series: t.Nullable(t.String()), top: t.Nullable(integer()), bucket: t.Nullable(oneOf(SUMMARY_BUCKETS)) })),
  ),
});

/** chart/get: a chart built on the table; settings null when its value is not a chart's. */
export const chartSummarySchema = t.Object({ id: integer(), name: t.String(), isActive: t.Boolean(), settings: t.Nullable(settingsSchema) });
export type PresentedChartSummary = Static<typeof chartSummarySchema>;

/**
 * What a chart draws, computed from its table: one label per row (the main column) and one dataset
 * per value column, numbers or null where a cell is no number. `missing` names the chart's columns
 * the table no longer has (nothing is drawn then); `tableMissing` says the table is gone or out of
 * the reader's sight; `truncated` that only the first rows are drawn. A summary reads every row:
 * `skipped` counts the rows it left out (a label that is no date on a date axis), `bucket` is the
 * grouping a date axis got.
 */
const drawingFields = {
  labels: t.Array(t.String()),
  datasets: t.Array(t.Object({ label: t.String(), data: t.Array(t.Nullable(t.Number())) })),
  missing: t.Array(t.String()),
  tableMissing: t.Boolean(),
  truncated: t.Boolean(),
  skipped: integer(),
  bucket: t.Nullable(oneOf(DATE_BUCKETS)),
};
/** chart/preview: the drawing of settings not saved yet (the wizard's preview). */
export const drawingSchema = t.Object(drawingFields);
export type PresentedDrawing = Static<typeof drawingSchema>;

/** chart/data: a saved chart's drawing with its name and settings (null when its value is not a chart's). */
export const chartDataSchema = t.Object({ id: integer(), name: t.String(), settings: t.Nullable(settingsSchema), ...drawingFields });
export type PresentedChartData = Static<typeof chartDataSchema>;
