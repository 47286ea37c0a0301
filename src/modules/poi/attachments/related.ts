import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../../../db/client";
import { featureData, poiObjects, type User } from "../../../../db/schema";
import { notFound } from "../../../lib/errors";
import { requireDataItemHeader } from "../../data/policy";
import { itemCards, readableItemIds } from "../../data/readable";
import { issuesOfFeature } from "../../issues/by-feature";
import { categoryLimits } from "../../projects/policy";
import { requireLayer } from "../policy";
import { attachData, countReadableAttachedData, detachData, linkOf, readableAttachedData } from "./data";
import { countAttachedFiles } from "./files";
import type { BindInput } from "./model";

/** The point of interest `featureSys` names on layer `layerId`, when it names one: then its attached data are its related data. */
function objectOf(db: Db, layerId: number, featureSys: string): number | undefined {
  if (!/^[1-9][0-9]{0,14}$/.test(featureSys)) return undefined;
  return db.select({ id: poiObjects.id }).from(poiObjects).where(and(eq(poiObjects.id, Number(featureSys)), eq(poiObjects.layerId, layerId))).get()?.id;
}

function boundData(db: Db, actor: User, projectId: number, layerId: number, featureSys: string) {
  const readable = inArray(featureData.dataId, sql`(${readableItemIds([projectId], categoryLimits(db, actor))})`);
  const rows = db
    .select()
    .from(featureData)
    .where(and(eq(featureData.layerId, layerId), eq(featureData.featureSys, featureSys), readable))
    .orderBy(asc(featureData.id))
    .all();
  const cards = itemCards(db, rows.map((row) => row.dataId));
  return rows.map((row) => ({ id: row.id, abstractData: cards.get(row.dataId)!, creationDate: row.creationDate }));
}

/**
 * layer/get-related-data: the tasks placed on the feature and the data items attached to it, each only if the reader may
 * open it (a document in a category they lack is not there).
 */
export function relatedData(db: Db, actor: User, layerId: number, featureSys: string) {
  const layer = requireLayer(db, actor, layerId);
  const objectId = objectOf(db, layerId, featureSys);
  return {
    issueList: issuesOfFeature(db, actor, layer.projectId, layerId, featureSys),
    dataList: objectId ? readableAttachedData(db, actor, layer.projectId, objectId) : boundData(db, actor, layer.projectId, layerId, featureSys),
  };
}

/** layer/bind-data-to-feature: the layer's editors attach an item of the layer's project to the feature. */
export function bindData(db: Db, actor: User, input: BindInput) {
  const layer = requireLayer(db, actor, input.layerId, "MODERATOR");
  const objectId = objectOf(db, input.layerId, input.featureSys);
  if (objectId) attachData(db, actor, objectId, input.abstractDataId);
  else {
    const { item } = requireDataItemHeader(db, actor, input.abstractDataId);
    if (item.projectId !== layer.projectId) throw notFound("data");
    db.insert(featureData).values({ layerId: input.layerId, featureSys: input.featureSys, dataId: item.id }).onConflictDoNothing().run();
  }
  return relatedData(db, actor, input.layerId, input.featureSys);
}

/** layer/unbind-data-to-feature: the layer's editors detach it; an item not bound is a 404. */
export function unbindData(db: Db, actor: User, input: BindInput) {
  requireLayer(db, actor, input.layerId, "MODERATOR");
  const objectId = objectOf(db, input.layerId, input.featureSys);
  const link = objectId ? linkOf(db, objectId, input.abstractDataId) : undefined;
  if (link) detachData(db, actor, link.id);
  else {
    const where = and(eq(featureData.layerId, input.layerId), eq(featureData.featureSys, input.featureSys), eq(featureData.dataId, input.abstractDataId));
    if (!db.delete(featureData).where(where).returning({ id: featureData.id }).get()) throw notFound("attached_data");
  }
  return relatedData(db, actor, input.layerId, input.featureSys);
}

/** The POI metadata of spec 3, counted as the reader would see the lists. */
export function attachmentCounts(db: Db, actor: User, object: { id: number; layerId: number }) {
  const { projectId } = requireLayer(db, actor, object.layerId);
  return {
    issueCount: issuesOfFeature(db, actor, projectId, object.layerId, String(object.id)).length,
    attachedDataCount: countReadableAttachedData(db, actor, projectId, object.id),
    attachedFilesCount: countAttachedFiles(db, object.id),
  };
}
