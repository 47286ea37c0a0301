import { t, type Static } from "elysia";
import { DATA_TYPES, VERSION_TYPES } from "../../../db/schema";
import { integer, oneOf } from "../../lib/schema";
import { drawingSchema } from "../charts/presenter";
import { CHART_TYPES } from "../charts/types";

/** A page of a public table: its visible columns' names (the `url` column of map points stays hidden) and rows of cells. */
const tableSchema = t.Object({
  headers: t.Array(t.String()),
  rows: t.Array(t.Array(t.Nullable(t.Union([t.String(), t.Number()])))),
  page: integer(),
  rowsPerPage: integer(),
  totalElements: integer(),
});

/** A public document's newest version; `html` is a Word file's converted text (sanitised when converted). */
const documentSchema = t.Object({ type: oneOf(VERSION_TYPES), name: t.String(), fileName: t.String(), html: t.Nullable(t.String()) });

/**
 * A public chart's drawing (labels, datasets, and what keeps it from being drawn: `tableMissing` when its table is
 * not public too) with its type and legend setting; not its table's id nor its other settings.
 */
const chartSchema = t.Composite([drawingSchema, t.Object({ settings: t.Object({ type: oneOf(CHART_TYPES), showDetails: t.Boolean() }) })]);

/**
 * public-data/get: what anyone may read of a public item. No owner, project, category or chat: only the item's own
 * name, description and content by type (a calculation's script is not among them: it runs for members only).
 */
export const publicDataSchema = t.Object({
  id: integer(),
  name: t.String(),
  description: t.String(),
  dataType: oneOf(DATA_TYPES),
  icon: t.Nullable(t.String()),
  table: t.Nullable(tableSchema),
  document: t.Nullable(documentSchema),
  /** A report's body, each [DATA-n] placeholder a public table's first rows or a public chart's numbers, else a neutral note. */
  report: t.Nullable(t.String()),
  /** A chart's drawing; null for other types and for a CHART item without a chart's settings. */
  chart: t.Nullable(chartSchema),
});
export type PresentedPublicData = Static<typeof publicDataSchema>;
export type PresentedPublicTable = Static<typeof tableSchema>;
