import { eq } from "drizzle-orm";
import type { Db, Executor } from "../../../db/client";
import { dataItems, type DataItem, type User } from "../../../db/schema";
import { forbidden, notFound } from "../../lib/errors";
import { hasRank, type Role } from "../../lib/roles";
import { requireProjectRole, type ProjectAccess } from "../projects/policy";

export const findDataItem = (db: Executor, id: number): DataItem | undefined =>
  db.select().from(dataItems).where(eq(dataItems.id, id)).get();

/** Moderators (and a member with the moderator flag) see removed items and change items. */
export const isModerator = (access: ProjectAccess) => hasRank(access.role, "MODERATOR");

/**
 * A data item the actor may act on with `needed` in its project. Whoever may not see it (not a
 * member; a plain user and a removed item) gets the same 404 as for an id that does not exist;
 * only someone who sees it learns, with 403, that they may not change it. `hiddenAs` names the
 * object asked for when it was reached through the item (a document's version).
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
  if (!hasRank(access.role, needed)) throw forbidden();
  return { item, access };
}
