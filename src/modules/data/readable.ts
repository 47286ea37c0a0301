import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Executor } from "../../../db/client";
import { dataItems } from "../../../db/schema";
import type { CategoryLimits } from "../projects/policy";
import { reachableItems } from "./policy";

// What full-text search (src/modules/search/fulltext-find.ts) asks of data items: which hits the reader
// may open, as SQL it runs inside its ranking query, and the names its cards show.

/** The active items of `projectIds` within the reader's category limits (an SQL condition on data items). */
const readable = (projectIds: number[], limits: CategoryLimits) => and(inArray(dataItems.projectId, projectIds), eq(dataItems.isActive, true), reachableItems(limits));

/** Whether index row `id` (an SQL expression) is a data item (a document, report or table) the reader may open now. */
export const readableDataItem = (projectIds: number[], limits: CategoryLimits, id: SQL) =>
  sql`exists (select 1 from ${dataItems} where ${dataItems.id} = ${id} and ${readable(projectIds, limits)})`;

/** The ids of the items the reader may open now, as a subquery (an item's comment chat is readable with its item). */
export const readableItemIds = (projectIds: number[], limits: CategoryLimits) => sql`select ${dataItems.id} from ${dataItems} where ${readable(projectIds, limits)}`;

/** The names, types and projects of the items `ids`, for their search cards. */
export const itemCards = (db: Executor, ids: number[]) =>
  new Map(ids.length ? db.select({ id: dataItems.id, name: dataItems.name, dataType: dataItems.dataType, projectId: dataItems.projectId }).from(dataItems).where(inArray(dataItems.id, ids)).all().map((row) => [row.id, row]) : []);
