/** Tables' limits, written once for the model, the services, the import job and the forms (no imports: islands may use them). */
export const TABLE_LIMITS = {
  /** An imported file, checked while it streams in. */
  fileBytes: 20 * 1024 * 1024,
  /** Rows, columns and cells of one table, imported or grown by edits. */
  rows: 200_000,
  columns: 500,
  cells: 2_000_000,
  /** Excel's own limit for a cell's text. */
  cellChars: 32_767,
  headerChars: 255,
  /** How long the worker may spend reading one file. */
  importMs: 30_000,
  rowsPerPage: 500,
  previewRows: 50,
  options: 1000,
  /** Rows changed, added or removed by one table/update. */
  updateRows: 5000,
  filterChars: 1000,
  /** Points in one row's url cell. */
  points: 1000,
} as const;
