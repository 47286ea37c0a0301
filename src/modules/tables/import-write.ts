import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { type DataItem, tableImports, type User } from "../../../db/schema";
import { log } from "../../lib/log";
import { dropUnfinishedDataItem, setDataItemShown } from "../data/service";
import { requireProjectRole } from "../projects/policy";
import type { Cell } from "./cells";
import { appendRows, deleteSomeRows } from "./rows";
import { ColumnTypeCounter, writeColumnKinds } from "./column-types";
import { checkedHeaders, checkRows, createTableItem, datedColumns, type TableInput, urlColumnOf } from "./service";

/** How long one transaction may write (or the cells be checked) before the server answers others. */
const SLICE_MS = 15;
const ROWS_PER_STEP = 50;
const ROWS_PER_DELETE = 500;

/** Lets the event loop answer requests and timers that came in meanwhile. */
const pause = () => Bun.sleep(1);

/**
 * Writes a new TABLE item and its rows without holding the server: the cells are checked, then the
 * rows written, in slices of about 15 ms (a short transaction each), with the event loop free
 * between them. All or nothing all the same: the item is hidden (inactive, listed in table_imports)
 * until the last slice commits, and a failure removes what was written; MODERATOR in the project.
 */
export async function importTable(db: Db, actor: User, projectId: number, input: TableInput): Promise<DataItem> {
  requireProjectRole(db, actor, projectId, "MODERATOR");
  const headers = checkedHeaders(input);
  const rows: Cell[][] = [];
  const counter = new ColumnTypeCounter(headers.length);
  for (let start = 0; start < input.rows.length; ) {
    const began = performance.now();
    do {
      for (const row of checkRows(headers, input.rows.slice(start, start + ROWS_PER_STEP), start)) {
        rows.push(row);
        counter.add(row);
      }
      start += ROWS_PER_STEP;
    } while (start < input.rows.length && performance.now() - began < SLICE_MS);
    await pause();
  }
  const kinds = counter.kinds();
  const item = db.transaction((tx) => {
    const made = createTableItem(tx, actor, projectId, input, headers);
    writeColumnKinds(tx, made.id, kinds);
    setDataItemShown(tx, made.id, false);
    tx.insert(tableImports).values({ dataId: made.id }).run();
    return made;
  });
  try {
    const urlColumn = urlColumnOf(headers);
    const dated = datedColumns(kinds);
    for (let next = 0; next < rows.length; ) {
      db.transaction((tx) => {
        const began = performance.now();
        do {
          appendRows(tx, item.id, rows.slice(next, next + ROWS_PER_STEP), urlColumn, dated);
          next += ROWS_PER_STEP;
        } while (next < rows.length && performance.now() - began < SLICE_MS);
      });
      await pause();
    }
    db.transaction((tx) => {
      tx.delete(tableImports).where(eq(tableImports.dataId, item.id)).run();
      setDataItemShown(tx, item.id, true);
    });
    return { ...item, isActive: true };
  } catch (error) {
    await discardImport(db, item.id);
    throw error;
  }
}

/** Removes an unfinished import's rows a few hundred at a time, then its item (and its table_imports entry, by cascade). */
async function discardImport(db: Db, dataId: number) {
  while (db.transaction((tx) => deleteSomeRows(tx, dataId, ROWS_PER_DELETE)) > 0) await pause();
  db.transaction((tx) => dropUnfinishedDataItem(tx, dataId));
}

/** At start-up: the imports a crash or a stop interrupted leave no hidden table behind. */
export async function discardUnfinishedImports(db: Db) {
  for (const { dataId } of db.select({ dataId: tableImports.dataId }).from(tableImports).all()) {
    await discardImport(db, dataId);
    log.info("table_import_discarded", { dataId });
  }
}
