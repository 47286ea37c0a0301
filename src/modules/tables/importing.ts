import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { tableImports } from "../../../db/schema";

/**
 * True (in SQL) while the table `dataId` is still being imported: its item is hidden until the last slice commits,
 * yet it was never removed, so the removed items leave it out and nobody may restore it half-written.
 */
export const importRunning = (dataId: SQLWrapper): SQL => sql`exists (select 1 from ${tableImports} where ${tableImports.dataId} = ${dataId})`;
