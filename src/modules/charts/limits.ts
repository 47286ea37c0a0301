/** Chart limits, read by the service and the viewer. */
export const CHART_LIMITS = {
  /** Rows of the table drawn at most; a longer table is drawn in part, with `truncated` set. */
  points: 5_000,
} as const;
