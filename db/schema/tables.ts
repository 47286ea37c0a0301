import { sql } from "drizzle-orm";
import { customType, index, integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { COLUMN_TYPES } from "../../src/modules/tables/cells";
import { dataItems } from "./data";

/**
 * A cell's sort key in a column of BLOB affinity, where SQLite keeps each value as given and orders
 * numbers before text before blobs: a number sorts numerically, text by its folded form (case and
 * е/ё ignored), and an empty cell is an empty blob, so it comes last in ascending order.
 */
const sortKey = customType<{ data: number | string | Uint8Array; driverData: number | string | Uint8Array }>({
  dataType: () => "blob",
});

/**
 * A TABLE data item's rows (its header list is the item's `value`). `cells` is the JSON array of the
 * row's values (text, number or null), column by column; `search` is their folded text joined by a
 * newline, for the filter.
 */
export const tableRows = sqliteTable(
  "table_rows",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tableId: integer("table_id").notNull().references(() => dataItems.id, { onDelete: "cascade" }),
    cells: text("cells").notNull(),
    search: text("search").notNull(),
  },
  (t) => [index("table_rows_table").on(t.tableId)],
);

/**
 * Tables whose import is still writing rows: their data item stays inactive until the last chunk
 * commits, and an entry left here by a failure or a crash has its rows and item removed
 * (src/modules/tables/import-write.ts). The rows' filter index, table_rows_search, is an FTS5
 * trigram index over `search` kept in step by triggers (written by hand in migration 0013).
 */
export const tableImports = sqliteTable("table_imports", {
  dataId: integer("data_id").primaryKey().references(() => dataItems.id, { onDelete: "cascade" }),
  startedAt: integer("started_at", { mode: "timestamp_ms" }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
});

/**
 * One sort key per cell, so a page of a 100,000-row table sorted by any column is an index range
 * (table, column) walked in order: bench/table-bench.ts measures it.
 */
export const tableSortKeys = sqliteTable(
  "table_sort_keys",
  {
    rowId: integer("row_id").notNull().references(() => tableRows.id, { onDelete: "cascade" }),
    tableId: integer("table_id").notNull(),
    col: integer("col").notNull(),
    sortKey: sortKey("sort_key").notNull(),
  },
  (t) => [primaryKey({ columns: [t.rowId, t.col] }), index("table_sort_keys_order").on(t.tableId, t.col, t.sortKey, t.rowId)],
);


/**
 * A TABLE's column types (src/modules/tables/column-types.ts); a table without entries here is all
 * TEXT. `fit` is the share (0 to 1) of the
 * column's non-empty cells that read as its type when it was detected or set.
 */
export const tableColumns = sqliteTable(
  "table_columns",
  {
    tableId: integer("table_id").notNull().references(() => dataItems.id, { onDelete: "cascade" }),
    col: integer("col").notNull(),
    type: text("type", { enum: COLUMN_TYPES }).notNull(),
    fit: real("fit").notNull(),
  },
  (t) => [primaryKey({ columns: [t.tableId, t.col] })],
);
