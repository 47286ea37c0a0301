import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Executor } from "../../../db/client";
import { tableImports } from "../../../db/schema";

/**
 * True (in SQL) while the table `dataId` is still being imported: its item is hidden until the last slice commits,
 * yet it was never removed, so the removed items leave it out and nobody may restore it half-written.
 */
export const importRunning = (dataId: SQLWrapper): SQL => sql`exists (select 1 from ${tableImports} where ${tableImports.dataId} = ${dataId})`;

/** Whether the item `dataId` is a table whose import is still writing its rows (one primary-key lookup). */
export const isImporting = (db: Executor, dataId: number): boolean =>
  !!db.select({ dataId: tableImports.dataId }).from(tableImports).where(sql`${tableImports.dataId} = ${dataId}`).get();
