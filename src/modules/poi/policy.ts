import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { poiObjects, type PoiObject, type User } from "../../../db/schema";
import { notFound } from "../../lib/errors";
import type { Role } from "../../lib/roles";
import { requireDataItemHeader } from "../data/policy";

/**
 * A LAYER data item the actor may act on with `needed` in its project: members read, MODERATOR+
 * edit objects, ADMIN binds templates (spec 3 section 6). Anyone who may not see it gets 404.
 */
export const requireLayer = (db: Db, actor: User, layerId: number, needed: Role = "USER") =>
  requireDataItemHeader(db, actor, layerId, { type: "LAYER", needed, hiddenAs: "layer" }).item;

/** An object whose layer the actor may act on with `needed`; an object of a layer they cannot see is missing. */
export function requireObject(db: Db, actor: User, id: number, needed: Role = "USER"): PoiObject {
  const object = db.select().from(poiObjects).where(eq(poiObjects.id, id)).get();
  if (!object) throw notFound("layer_poi");
  requireDataItemHeader(db, actor, object.layerId, { type: "LAYER", needed, hiddenAs: "layer_poi" });
  return object;
}
