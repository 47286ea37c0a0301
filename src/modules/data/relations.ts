import { and, eq, notInArray, or, sql } from "drizzle-orm";
import type { Db, Executor } from "../../../db/client";
import { dataItems, dataRelations, type User } from "../../../db/schema";
import { invalid, notFound } from "../../lib/errors";
import { categoryLimits, requireProjectRole } from "../projects/policy";
import { findDataItem, isModerator, reachableItems, requireDataItem } from "./policy";
import { presentRelation } from "./presenter";

/** relations-data/get: the items linked to one, either way round, that the actor sees; plain users see active ones only. */
export function relationsOf(db: Db, actor: User, id: number) {
  const { access } = requireDataItem(db, actor, id);
  const other = sql`case when ${dataRelations.fromId} = ${id} then ${dataRelations.toId} else ${dataRelations.fromId} end`;
  return db
    .select({ relationId: dataRelations.id, id: dataItems.id, name: dataItems.name, dataType: dataItems.dataType, isActive: dataItems.isActive })
    .from(dataRelations)
    .innerJoin(dataItems, eq(dataItems.id, other))
    .where(
      and(
        or(eq(dataRelations.fromId, id), eq(dataRelations.toId, id)),
        isModerator(access) ? undefined : eq(dataItems.isActive, true),
        reachableItems(categoryLimits(db, actor), access.project.id),
      ),
    )
    .orderBy(sql`lower(${dataItems.name})`, dataItems.id)
    .all()
    .map(presentRelation);
}

/** The pair's ids as stored: lower first. */
const pair = (a: number, b: number): [number, number] => (a < b ? [a, b] : [b, a]);

/** relations-data/add: links two items of one project (stored once, lower id first); adding again keeps it, now as the user's own. */
export function addRelation(db: Db, actor: User, idNode: number, id: number) {
  const { item } = requireDataItem(db, actor, idNode, { needed: "MODERATOR" });
  const target = findDataItem(db, id);
  if (!target) throw notFound("data");
  if (target.id === item.id) throw invalid([{ path: "query.id", message: "An item cannot be linked to itself" }]);
  if (target.projectId !== item.projectId) throw invalid([{ path: "query.id", message: "Linked items must be in the same project" }]);
  const [fromId, toId] = pair(item.id, target.id);
  const relation = db.transaction((tx) => {
    const existing = tx.select().from(dataRelations).where(and(eq(dataRelations.fromId, fromId), eq(dataRelations.toId, toId))).get();
    if (existing?.byEmbed) tx.update(dataRelations).set({ byEmbed: false }).where(eq(dataRelations.id, existing.id)).run();
    return existing ?? tx.insert(dataRelations).values({ fromId, toId }).returning().get();
  });
  return presentRelation({ relationId: relation.id, id: target.id, name: target.name, dataType: target.dataType, isActive: target.isActive });
}

/** relations-data/remove: by relation id, MODERATOR in the items' project. */
export function removeRelation(db: Db, actor: User, relationId: number) {
  const relation = db.select().from(dataRelations).where(eq(dataRelations.id, relationId)).get();
  if (!relation) throw notFound("relation");
  const item = findDataItem(db, relation.fromId)!;
  requireProjectRole(db, actor, item.projectId, "MODERATOR", "relation");
  db.delete(dataRelations).where(eq(dataRelations.id, relationId)).run();
  return { id: relationId };
}

/**
 * Keeps the relations item `id` has because it embeds other items in step with what it embeds now: each item of
 * `related` (embedded ones the saver may see, of the item's project) gets one unless a relation exists, and one
 * made by an embed goes when its item is no longer in `embedded`; relations users added stay. No authorisation:
 * the caller saved the item.
 */
export function relateEmbedded(tx: Executor, id: number, embedded: number[], related: number[]) {
  const other = sql`case when ${dataRelations.fromId} = ${id} then ${dataRelations.toId} else ${dataRelations.fromId} end`;
  const ofItem = or(eq(dataRelations.fromId, id), eq(dataRelations.toId, id));
  tx.delete(dataRelations)
    .where(and(ofItem, eq(dataRelations.byEmbed, true), embedded.length ? notInArray(other, embedded) : undefined))
    .run();
  for (const target of related) {
    const [fromId, toId] = pair(id, target);
    tx.insert(dataRelations).values({ fromId, toId, byEmbed: true }).onConflictDoNothing().run();
  }
}
