/** Reports' limits, read by the model, the service and the viewer. */
export const REPORT_LIMITS = {
  /** Characters of a report's HTML body (as any data item's content; JSON bodies are capped at 1 MB anyway). */
  body: 900_000,
  /** Placeholders one report may embed; those past it show and export as the neutral block. */
  placeholders: 100,
  /** One chart image sent for an export, decoded (PNG only). */
  imageBytes: 512 * 1024,
  /** Rows of one table in an export; a note says when a table had more. */
  tableRows: 500,
  /** One export's work in the worker (the spec allows report export 5 minutes). */
  exportMs: 120_000,
};
