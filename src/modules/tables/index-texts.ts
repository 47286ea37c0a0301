import { asc, inArray } from "drizzle-orm";
import type { Executor } from "../../../db/client";
import { tableRows } from "../../../db/schema";
import { itemsForIndex } from "../data/index-texts";
import type { Cell } from "./cells";
import { type TableHeader, urlColumnOf } from "./service";

// What the full-text index (src/modules/search/fulltext-index.ts) reads of tables: every cell, a row a line.

const escaped = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;");

/** Each of the tables `ids` as HTML for the index: its cells row by row, without the column of map points. */
export function tableTextsForIndex(db: Executor, ids: number[]): { ref: number; html: string }[] {
  const tables = itemsForIndex(db, ids, "TABLE");
  if (!tables.length) return [];
  const urlColumns = new Map(tables.map((table) => [table.id, urlColumnOf(JSON.parse(table.value || "[]") as TableHeader[])]));
  const lines = new Map<number, string[]>();
  const rows = db.select({ tableId: tableRows.tableId, cells: tableRows.cells }).from(tableRows).where(inArray(tableRows.tableId, [...urlColumns.keys()])).orderBy(asc(tableRows.id)).all();
  for (const { tableId, cells } of rows) {
    const url = urlColumns.get(tableId);
    const line = (JSON.parse(cells) as Cell[]).flatMap((cell, column) => (column === url || cell === null ? [] : [String(cell)])).join(" ");
    const list = lines.get(tableId);
    if (list) list.push(line);
    else lines.set(tableId, [line]);
  }
  return [...lines].map(([ref, list]) => ({ ref, html: escaped(list.join("\n")) }));
}

/** Every table with rows, for a rebuild of the index. */
export const tableIdsForIndex = (db: Executor) =>
  db.select({ id: tableRows.tableId }).from(tableRows).groupBy(tableRows.tableId).all().map(({ id }) => id);
