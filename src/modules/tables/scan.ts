import { and, asc, eq, gt } from "drizzle-orm";
import type { Executor } from "../../../db/client";
import { tableRows } from "../../../db/schema";
import { yieldToEvents } from "../../lib/yield-to-events";
import type { Cell } from "./cells";

/** Rows read between two turns of the event loop: a few ms of reading and summing on a quiet machine. */
const SLICE = 500;

/**
 * Every row of a table in the order they were added, a slice at a time with the event loop served in
 * between, for what must see all of them (a chart's totals over 100,000 rows) without holding up others.
 */
export async function* everyRow(db: Executor, tableId: number): AsyncGenerator<Cell[][]> {
  let after = 0;
  for (;;) {
    const slice = db
      .select({ id: tableRows.id, cells: tableRows.cells })
      .from(tableRows)
      .where(and(eq(tableRows.tableId, tableId), gt(tableRows.id, after)))
      .orderBy(asc(tableRows.id))
      .limit(SLICE)
      .all();
    if (!slice.length) return;
    after = slice.at(-1)!.id;
    yield slice.map((row) => JSON.parse(row.cells) as Cell[]);
    if (slice.length < SLICE) return;
    await yieldToEvents();
  }
}
