import { and, asc, count, desc, eq, inArray, lt, sql } from "drizzle-orm";
import type { Executor } from "../../../db/client";
import { tableRows, tableSortKeys } from "../../../db/schema";
import { foldText, wordStart } from "../../lib/text-fold";
import { type Cell, searchTextOf, sortKeyOf } from "./cells";

const KEYS_PER_INSERT = 8000;
const ROWS_PER_INSERT = 2000;

/**
 * Writes the sort keys of rows already stored. Each batch goes as one JSON parameter that SQLite
 * unpacks with json_each (numbers stay numbers, text text, null the empty blob): a third of the time
 * of binding four values per key (measured on 800,000 keys).
 */
function insertKeys(tx: Executor, tableId: number, rows: { id: number; cells: Cell[] }[], dated: readonly boolean[], only?: number) {
  let batch: [number, number, number | string | null][] = [];
  const flush = () => {
    tx.insert(tableSortKeys).select(sql`select j.value ->> 0, ${tableId}, j.value ->> 1, coalesce(j.value ->> 2, x'') from json_each(${JSON.stringify(batch)}) j`).run();
    batch = [];
  };
  for (const row of rows) {
    row.cells.forEach((cell, col) => {
      if (only !== undefined && col !== only) return;
      const key = sortKeyOf(cell, dated[col]);
      batch.push([row.id, col, key instanceof Uint8Array ? null : key]);
    });
    if (batch.length >= KEYS_PER_INSERT) flush();
  }
  if (batch.length) flush();
  forgetCounts();
}

/**
 * Appends rows (each as long as the header list) in order, with their sort keys (`dated`: the columns
 * typed DATE, which sort by time); inside the caller's transaction.
 */
export function appendRows(tx: Executor, tableId: number, rows: Cell[][], urlColumn: number, dated: readonly boolean[] = []): number[] {
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    const slice = rows.slice(start, start + ROWS_PER_INSERT);
    const values = slice.map((cells) => ({ tableId, cells: JSON.stringify(cells), search: searchTextOf(cells, urlColumn) }));
    // Ids grow in the order the rows were inserted; RETURNING does not promise its own order, so they are sorted.
    const made = tx.insert(tableRows).values(values).returning({ id: tableRows.id }).all().map((row) => row.id).sort((a, b) => a - b);
    insertKeys(tx, tableId, slice.map((cells, i) => ({ id: made[i], cells })), dated);
    ids.push(...made);
  }
  return ids;
}

/** Replaces stored rows' cells and sort keys. */
export function rewriteRows(tx: Executor, tableId: number, rows: { id: number; cells: Cell[] }[], urlColumn: number, dated: readonly boolean[] = []) {
  for (const row of rows) {
    tx.update(tableRows).set({ cells: JSON.stringify(row.cells), search: searchTextOf(row.cells, urlColumn) }).where(eq(tableRows.id, row.id)).run();
    tx.delete(tableSortKeys).where(eq(tableSortKeys.rowId, row.id)).run();
  }
  insertKeys(tx, tableId, rows, dated);
}

/** Writes one column's sort keys again for every row, after its type changed. */
export function rekeyColumn(tx: Executor, tableId: number, col: number, dated: boolean) {
  tx.delete(tableSortKeys).where(and(eq(tableSortKeys.tableId, tableId), eq(tableSortKeys.col, col))).run();
  const rows = tx.select({ id: tableRows.id, cells: tableRows.cells }).from(tableRows).where(eq(tableRows.tableId, tableId)).all();
  const flags: boolean[] = [];
  flags[col] = dated;
  insertKeys(tx, tableId, rows.map((row) => ({ id: row.id, cells: JSON.parse(row.cells) as Cell[] })), flags, col);
}

export function deleteRows(tx: Executor, ids: number[]) {
  forgetCounts();
  // Sort keys go with their rows (ON DELETE CASCADE).
  for (let start = 0; start < ids.length; start += ROWS_PER_INSERT) tx.delete(tableRows).where(inArray(tableRows.id, ids.slice(start, start + ROWS_PER_INSERT))).run();
}

/** Removes up to `limit` of the table's rows (with their keys and search entries); how many went. */
export function deleteSomeRows(tx: Executor, tableId: number, limit: number): number {
  forgetCounts();
  const some = tx.select({ id: tableRows.id }).from(tableRows).where(eq(tableRows.tableId, tableId)).limit(limit);
  return tx.delete(tableRows).where(inArray(tableRows.id, some)).returning({ id: tableRows.id }).all().length;
}

/** Which of `ids` are rows of the table. */
export const rowsOfTable = (db: Executor, tableId: number, ids: number[]) =>
  ids.length
    ? db
        .select({ id: tableRows.id, cells: tableRows.cells })
        .from(tableRows)
        .where(and(eq(tableRows.tableId, tableId), inArray(tableRows.id, ids)))
        .all()
        .map((row) => ({ id: row.id, cells: JSON.parse(row.cells) as Cell[] }))
    : [];

/**
 * Row counts of tables, per database, remembered until any table's rows are added or removed in this
 * process (the only writer): counting 100,000 rows costs about 10 ms, a third of a sorted page.
 */
const counts = new WeakMap<Executor, Map<number, { n: number; generation: number }>>();
let generation = 0;
const forgetCounts = () => generation++;

export function rowCount(db: Executor, tableId: number): number {
  let known = counts.get(db);
  if (!known) counts.set(db, (known = new Map()));
  const remembered = known.get(tableId);
  if (remembered?.generation === generation) return remembered.n;
  const n = db.select({ n: count() }).from(tableRows).where(eq(tableRows.tableId, tableId)).get()?.n ?? 0;
  known.set(tableId, { n, generation });
  return n;
}

export interface RowQuery {
  offset: number;
  limit: number;
  /** A column to sort by; without one rows keep the order they were added in. */
  column?: number;
  desc?: boolean;
  filter?: string;
  /** The filter as the rows hold it when it is a number the reader typed in their locale (storedNumberText). */
  numberFilter?: string;
}

/**
 * The ids of the table's rows whose text holds `term` (folded), as a subquery. Three characters or
 * more are looked up in table_rows_search, the FTS5 trigram index, as one quoted phrase: its runs of
 * three characters one after the other, which is the term itself; shorter terms read every row.
 */
function rowsHolding(tableId: number, term: string) {
  if ([...term].length < 3) return sql`select ${tableRows.id} from ${tableRows} where ${tableRows.tableId} = ${tableId} and instr(${tableRows.search}, ${term}) > 0`;
  return sql`select rowid from table_rows_search where table_rows_search match ${`"${term.replaceAll('"', '""')}"`}`;
}

/**
 * A page of rows with the number of rows the filter lets through. Paging picks the ids first,
 * from an index alone where it can (the sort keys' (table, column, key, row) index, or rows by
 * table), and reads only the page's cells; the filter finds its rows in the trigram index.
 */
export function pageOfRows(db: Executor, tableId: number, query: RowQuery): { rows: { id: number; cells: Cell[] }[]; total: number } {
  const term = query.filter ? foldText(query.filter.trim()) : "";
  const holding = term ? (query.numberFilter ? sql`${rowsHolding(tableId, term)} union ${rowsHolding(tableId, query.numberFilter)}` : rowsHolding(tableId, term)) : undefined;
  const direction = query.desc ? desc : asc;
  let ids: number[];
  if (query.column === undefined) {
    ids = db
      .select({ id: tableRows.id })
      .from(tableRows)
      .where(and(eq(tableRows.tableId, tableId), holding && sql`${tableRows.id} in (${holding})`))
      .orderBy(direction(tableRows.id))
      .limit(query.limit)
      .offset(query.offset)
      .all()
      .map((row) => row.id);
  } else if (holding) {
    ids = db
      .select({ id: tableSortKeys.rowId })
      .from(tableSortKeys)
      .where(and(eq(tableSortKeys.tableId, tableId), eq(tableSortKeys.col, query.column), sql`${tableSortKeys.rowId} in (${holding})`))
      .orderBy(direction(tableSortKeys.sortKey), direction(tableSortKeys.rowId))
      .limit(query.limit)
      .offset(query.offset)
      .all()
      .map((row) => row.id);
  } else {
    // A page in the second half is walked from the other end of the index, so no page walks past half of it.
    const total = rowCount(db, tableId);
    const fromEnd = query.offset > total / 2;
    const offset = fromEnd ? Math.max(0, total - query.offset - query.limit) : query.offset;
    const limit = fromEnd ? Math.min(query.limit, total - query.offset) : query.limit;
    const way = fromEnd === !!query.desc ? asc : desc;
    ids = db
      .select({ id: tableSortKeys.rowId })
      .from(tableSortKeys)
      .where(and(eq(tableSortKeys.tableId, tableId), eq(tableSortKeys.col, query.column)))
      .orderBy(way(tableSortKeys.sortKey), way(tableSortKeys.rowId))
      .limit(Math.max(0, limit))
      .offset(offset)
      .all()
      .map((row) => row.id);
    if (fromEnd) ids.reverse();
  }
  const found = new Map(rowsOfTable(db, tableId, ids).map((row) => [row.id, row]));
  const rows = ids.map((id) => found.get(id)!).filter(Boolean);
  const total = holding
    ? (db.select({ n: count() }).from(tableRows).where(and(eq(tableRows.tableId, tableId), sql`${tableRows.id} in (${holding})`)).get()?.n ?? 0)
    : rowCount(db, tableId);
  return { rows, total };
}

/**
 * The distinct values of a column, case-insensitively (one spelling each), in sort order, empty
 * cells left out: one representative per sort key, read along the sort keys' index.
 */
export function distinctValues(db: Executor, tableId: number, column: number, limit: number): string[] {
  return db
    .select({ value: sql<Cell>`min(json_extract(${tableRows.cells}, ${`$[${column}]`}))` })
    .from(tableSortKeys)
    .innerJoin(tableRows, eq(tableRows.id, tableSortKeys.rowId))
    .where(and(eq(tableSortKeys.tableId, tableId), eq(tableSortKeys.col, column), sql`typeof(${tableSortKeys.sortKey}) <> 'blob'`))
    .groupBy(tableSortKeys.sortKey)
    .orderBy(asc(tableSortKeys.sortKey))
    .limit(limit)
    .all()
    .map((row) => String(row.value));
}

/**
 * The first row, in the table's own order, whose text holds the start of every one of `words` (folded, as a
 * search hit's highlight finds them), with its place in that order: where a search hit opens the table.
 */
export function firstRowWith(db: Executor, tableId: number, words: string[]): { id: number; index: number } | null {
  const holds = words.map((word) => sql`instr(${tableRows.search}, ${foldText(wordStart(word))}) > 0`);
  const hit = db.select({ id: tableRows.id }).from(tableRows).where(and(eq(tableRows.tableId, tableId), ...holds)).orderBy(asc(tableRows.id)).limit(1).get();
  if (!hit) return null;
  const before = db.select({ n: count() }).from(tableRows).where(and(eq(tableRows.tableId, tableId), lt(tableRows.id, hit.id))).get()?.n ?? 0;
  return { id: hit.id, index: before };
}
