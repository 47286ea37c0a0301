import { integer, primaryKey, sqliteTable } from "drizzle-orm/sqlite-core";

// Search's tables. Its indexes are FTS5 virtual tables, which drizzle cannot declare, so they live only in the
// hand-written migrations: fulltext_index (0015; stems and text of articles, tasks, documents, chat messages),
// data_item_names (0014; trigram index of data item names). The tables feature's filter index, table_rows_search
// (0013), is one too. The triggers that feed them from other features' tables are listed, with their reasons, in
// src/lib/ownership.test.ts.

/**
 * Texts whose index rows are out of date: noted by triggers in the transaction that changed them, written by the
 * next search's catch-up (src/modules/search/fulltext-index.ts). `kind` as the index's rowid holds it (0 chat
 * message, 1 article, 2 task, 3 data item: a document, report or table). Created WITHOUT ROWID by migration 0015 (drizzle cannot say so).
 */
export const fulltextPending = sqliteTable(
  "fulltext_pending",
  {
    kind: integer("kind").notNull(),
    ref: integer("ref").notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.ref] })],
);
