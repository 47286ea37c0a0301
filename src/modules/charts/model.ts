import { t, type Static } from "elysia";
import { Id } from "../../lib/ids";
import { oneOf, trimmedText } from "../../lib/schema";
import { LIMITS } from "../data/limits";
import { TABLE_LIMITS } from "../tables/limits";
import { CHART_LIMITS } from "./limits";
import { CHART_TYPES, SUMMARY_BUCKETS, SUMMARY_OPS } from "./types";

const ref = t.Object({ id: t.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) });
const tableId = t.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });

export const idQuery = t.Object({ id: Id() });
export const tableQuery = t.Object({ tableId: Id() });

const header = t.Object({
  name: t.String({ maxLength: TABLE_LIMITS.headerChars }),
  field: t.String({ maxLength: 16 }),
  isValue: t.Boolean(),
});

/** A summary instead of a point per row (types.ts, ChartSummary); the series column is checked against the table in the service. */
const summary = t.Object({
  op: oneOf(SUMMARY_OPS),
  series: t.Optional(t.Nullable(t.String({ maxLength: 16 }))),
  top: t.Optional(t.Nullable(t.Integer({ minimum: 2, maximum: CHART_LIMITS.top }))),
  bucket: t.Optional(t.Nullable(oneOf(SUMMARY_BUCKETS))),
});

const settingsFields = {
  type: oneOf(CHART_TYPES),
  summary: t.Optional(t.Nullable(summary)),
  showDetails: t.Boolean(),
  mainColumn: t.String({ maxLength: 16 }),
  headers: t.Array(header, { maxItems: TABLE_LIMITS.columns }),
  table: tableId,
};

/** chart/preview: settings to draw without saving them. */
export const previewBody = t.Object(settingsFields);
export type ChartPreviewInput = Static<typeof previewBody>;

/**
 * chart/save: the item's name, description and categories, and the chart's settings. The type has
 * no default (a missing or unknown one is a 422); the table and the columns are checked in the service.
 */
export const saveBody = t.Object({
  id: t.Optional(t.Nullable(ref.properties.id)),
  projectId: tableId,
  name: trimmedText(LIMITS.name),
  description: t.Optional(t.Nullable(t.String({ maxLength: LIMITS.description }))),
  categoryList: t.Optional(t.Nullable(t.Array(ref, { maxItems: LIMITS.categories }))),
  ...settingsFields,
});
export type ChartSaveInput = Static<typeof saveBody>;
