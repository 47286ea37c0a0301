import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import type { Db, Executor } from "../../../../db/client";
import { poiAttachedData, type User } from "../../../../db/schema";
import { conflict, invalid, notFound } from "../../../lib/errors";
import { requireDataItemHeader } from "../../data/policy";
import { itemCards, readableItemIds } from "../../data/readable";
import { categoryLimits } from "../../projects/policy";
import { requireLinkedObject, requireObjectInProject } from "./access";

/** Links whose item the actor may open now (active, in their categories): an item they cannot open is never listed or counted. */
const readableLinks = (db: Db, actor: User, projectId: number, objectId: number) =>
  and(eq(poiAttachedData.objectId, objectId), inArray(poiAttachedData.dataId, sql`(${readableItemIds([projectId], categoryLimits(db, actor))})`));

/** The data items attached to objects `objectId`, as the spec's POI attached data: { id, abstractData, creationDate }. */
export function readableAttachedData(db: Db, actor: User, projectId: number, objectId: number) {
  const rows = db.select().from(poiAttachedData).where(readableLinks(db, actor, projectId, objectId)).orderBy(asc(poiAttachedData.id)).all();
  const cards = itemCards(db, rows.map((row) => row.dataId));
  return rows.map((row) => ({ id: row.id, abstractData: cards.get(row.dataId)!, creationDate: row.creationDate }));
}

export const countReadableAttachedData = (db: Db, actor: User, projectId: number, objectId: number) =>
  db.select({ n: count() }).from(poiAttachedData).where(readableLinks(db, actor, projectId, objectId)).get()!.n;

/** layer-poi/get-list-of-attached-data: for the layer's readers. */
export function attachedDataOf(db: Db, actor: User, lpId: number) {
  const { projectId } = requireObjectInProject(db, actor, lpId);
  return readableAttachedData(db, actor, projectId, lpId);
}

/**
 * Attaches data item `adId` (one the editor may open, of the layer's project) to object `lpId`; the layer's editors only.
 * Attaching it twice is a 409.
 */
export function attachData(db: Db, actor: User, lpId: number, adId: number) {
  const { projectId } = requireObjectInProject(db, actor, lpId, "MODERATOR");
  const { item } = requireDataItemHeader(db, actor, adId);
  if (item.projectId !== projectId) throw invalid([{ path: "body.adId", code: "map.attach.otherProject", message: "map.attach.otherProject" }]);
  return db.transaction((tx) => {
    const row = tx.insert(poiAttachedData).values({ objectId: lpId, dataId: adId, addedBy: actor.id }).onConflictDoNothing().returning().get();
    if (!row) throw conflict("already_attached", "This item is already attached to the object");
    return { id: row.id, abstractData: itemCards(tx, [adId]).get(adId)!, creationDate: row.creationDate };
  });
}

const findLink = (db: Executor, id: number) => db.select().from(poiAttachedData).where(eq(poiAttachedData.id, id)).get();

/** layer-poi/remove-attached-data: the layer's editors detach an item (the item itself stays). */
export function detachData(db: Db, actor: User, linkId: number) {
  const link = findLink(db, linkId);
  if (!link) throw notFound("attached_data");
  requireLinkedObject(db, actor, link.objectId, "MODERATOR", "attached_data");
  db.delete(poiAttachedData).where(eq(poiAttachedData.id, linkId)).run();
  return { id: linkId };
}

/** The link of item `dataId` on object `objectId`, if there is one. */
export const linkOf = (db: Executor, objectId: number, dataId: number) =>
  db.select().from(poiAttachedData).where(and(eq(poiAttachedData.objectId, objectId), eq(poiAttachedData.dataId, dataId))).get();
