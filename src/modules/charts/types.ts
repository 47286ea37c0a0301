/**
 * What a chart is, shared by the server and the browser (no drizzle, no Elysia here): its types and
 * the settings kept as JSON text in the CHART data item's value (spec 2, "Chart").
 */
export const CHART_TYPES = ["LINE", "BAR", "PIE", "RADAR", "DOUGHNUT"] as const;
export type ChartType = (typeof CHART_TYPES)[number];

/** One column of the chart's table: its header name, its field (cell_N), and whether it is drawn as a series. */
export interface ChartHeader {
  name: string;
  field: string;
  isValue: boolean;
}

/** A chart's settings, as stored: `mainColumn` is the label column's field, `table` the TABLE item's id. */
export interface ChartSettings {
  name: string;
  type: ChartType;
  showDetails: boolean;
  mainColumn: string;
  headers: ChartHeader[];
  table: number;
}
