import { and, eq, inArray, notInArray, or, sql, type SQL } from "drizzle-orm";
import type { Db, Executor } from "../../../db/client";
import { dataCategories, dataItems, type DataItem, type User } from "../../../db/schema";
import { forbidden, notFound } from "../../lib/errors";
import { hasRank, type Role } from "../../lib/roles";
import { categoryLimits, requireProjectRole, type CategoryLimits, type ProjectAccess } from "../projects/policy";

export const findDataItem = (db: Executor, id: number): DataItem | undefined =>
  db.select().from(dataItems).where(eq(dataItems.id, id)).get();

/** Moderators (and a member with the moderator flag) see removed items and change items. */
export const isModerator = (access: ProjectAccess) => hasRank(access.role, "MODERATOR");

/**
 * The category rule, as a condition on data_items for every list, search and count: in a project
 * where the actor is limited to some categories (see categoryLimits) an item is there only when it
 * is in at least one of them; elsewhere every item is. Undefined when nothing is limited.
 */
export function reachableItems(limits: CategoryLimits): SQL | undefined {
  if (!limits.size) return undefined;
  const given = [...limits.values()].flat();
  return or(
    notInArray(dataItems.projectId, [...limits.keys()]),
    inArray(dataItems.id, sql`(select ${dataCategories.dataId} from ${dataCategories} where ${inArray(dataCategories.categoryId, given)})`),
  );
}

/** The same rule for one item (the single-item reads). */
function mayReach(db: Db, limits: CategoryLimits, item: DataItem): boolean {
  if (!limits.has(item.projectId)) return true;
  return !!db.select({ id: dataItems.id }).from(dataItems).where(and(eq(dataItems.id, item.id), reachableItems(limits))).get();
}

/**
 * A data item the actor may act on with `needed` in its project. Whoever may not see it (not a
 * member; a plain user and a removed item; a member limited to categories it is in none of) gets
 * the same 404 as for an id that does not exist; only someone who sees it learns, with 403, that
 * they may not change it. `hiddenAs` names the object asked for when it was reached through the
 * item (a document's version).
 */
export function requireDataItem(
  db: Db,
  actor: User,
  id: number,
  needed: Role = "USER",
  hiddenAs = "data",
): { item: DataItem; access: ProjectAccess } {
  const item = findDataItem(db, id);
  if (!item) throw notFound(hiddenAs);
  const access = requireProjectRole(db, actor, item.projectId, "USER", hiddenAs);
  if (!item.isActive && !isModerator(access)) throw notFound(hiddenAs);
  if (!mayReach(db, categoryLimits(db, actor), item)) throw notFound(hiddenAs);
  if (!hasRank(access.role, needed)) throw forbidden();
  return { item, access };
}
