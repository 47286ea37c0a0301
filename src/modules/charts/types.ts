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

export const SUMMARY_OPS = ["SUM", "AVG", "COUNT", "MIN", "MAX"] as const;
export type SummaryOp = (typeof SUMMARY_OPS)[number];
/** How dates as labels are grouped: by day, week or month, or AUTO (the finest that gives at most CHART_LIMITS.buckets points). */
export const SUMMARY_BUCKETS = ["AUTO", "DAY", "WEEK", "MONTH"] as const;
type SummaryBucket = (typeof SUMMARY_BUCKETS)[number];

/**
 * A chart that summarises its table rather than drawing a point per row: the value columns' sum,
 * average, count, least or greatest per label, over every row. `series` (a column's field) splits each
 * value into one series per distinct value of that column; `top` keeps the N largest labels and adds the
 * rest up as one "Other" (pies); `bucket` reads the labels as dates and groups them on a time axis.
 */
export interface ChartSummary {
  op: SummaryOp;
  series: string | null;
  top: number | null;
  bucket: SummaryBucket | null;
}

/** A chart's settings, as stored: `mainColumn` is the label column's field, `table` the TABLE item's id. */
export interface ChartSettings {
  name: string;
  type: ChartType;
  showDetails: boolean;
  mainColumn: string;
  headers: ChartHeader[];
  table: number;
  /** Absent or null: one point per row, as charts were first drawn. */
  summary?: ChartSummary | null;
}
