/** Chart limits, read by the service and the viewer. */
export const CHART_LIMITS = {
  /** Rows of the table drawn at most; a longer table is drawn in part, with `truncated` set. */
  points: 5_000,
  /** Labels a summary draws at most; the rest are added up as "Other". */
  labels: 500,
  /** Series a summary splits into at most; the smallest of the rest are added up as "Other". */
  series: 12,
  /** Points a date axis has at most when its bucket is AUTO. */
  buckets: 120,
  /** What `top` may ask for. */
  top: 50,
} as const;
