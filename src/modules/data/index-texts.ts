import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { Executor } from "../../../db/client";
import { dataItems, type DataType } from "../../../db/schema";

// What the full-text index (src/modules/search/fulltext-index.ts) reads of data items' own columns, for the type plugins that index them.

/** The items `ids` of `type` (removed ones too: search's access rule hides those), with the columns their texts come from. */
export const itemsForIndex = (db: Executor, ids: number[], type: DataType) =>
  ids.length
    ? db.select({ id: dataItems.id, body: dataItems.body, value: dataItems.value }).from(dataItems).where(and(inArray(dataItems.id, ids), eq(dataItems.dataType, type))).all()
    : [];

/** Every item of `type` with a body, for a rebuild of the index. */
export const bodiedItemIds = (db: Executor, type: DataType) =>
  db.select({ id: dataItems.id }).from(dataItems).where(and(eq(dataItems.dataType, type), isNotNull(dataItems.body))).all().map(({ id }) => id);
