import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../../../db/client";
import { poiObjects, type PoiObject, type User } from "../../../../db/schema";
import { conflict, invalid, notFound } from "../../../lib/errors";
import { contains, equalsIgnoringCase } from "../../data/text-match";
import { attachmentCounts } from "../attachments/related";
import { POI_LIMITS } from "../limits";
import type { ObjectInput } from "../model";
import { requireLayer, requireObject } from "../policy";
import { readGeometry } from "../rules/geometry";
import { combinedName } from "../rules/name";
import type { FieldValue } from "../rules/values";
import { getTemplate, isBound } from "../templates/service";
import { changedFields, recordChange } from "./changelog";
import { readProperties, valuesMap } from "./properties";

const stored = (values: Map<number, FieldValue>) => JSON.stringify(Object.fromEntries([...values].filter(([, value]) => value !== null)));

/**
 * Creates an object (no id) or updates one (id and the version it was read at) on a layer where the
 * actor is MODERATOR or above. The template must be offered on the layer, and active for a new
 * object; the geometry must be valid for its graph type and every value fit its field. An update
 * of an older version answers 409 stale_version and changes nothing, so a second editor never
 * overwrites the first one's save unseen. The changelog entry is written in the same transaction.
 */
export function saveObject(db: Db, actor: User, input: ObjectInput, locale: string): PoiObject {
  const existing = input.id ? requireObject(db, actor, input.id, "MODERATOR") : undefined;
  if (existing && existing.layerId !== input.layer.id) throw notFound("layer_poi");
  const layer = requireLayer(db, actor, input.layer.id, "MODERATOR");
  if (existing && existing.templateId !== input.template.id) throw invalid([{ path: "body.template.id", code: "poi.object.templateFixed", message: "poi.object.templateFixed" }]);
  if (existing && input.version === undefined) throw invalid([{ path: "body.version", code: "poi.object.versionRequired", message: "poi.object.versionRequired" }]);
  const template = getTemplate(db, input.template.id);
  if (!existing && (!template.isActive || !isBound(db, layer.id, template.id))) {
    throw invalid([{ path: "body.template.id", code: "poi.object.templateNotOffered", message: "poi.object.templateNotOffered" }]);
  }
  const geometry = readGeometry(template.graphType, input.geometry);
  if (!geometry.ok) throw invalid([{ path: `body.${geometry.problem.path}`, message: geometry.problem.message }], "The geometry is not valid");
  const values = readProperties(db, actor, layer.projectId, template, input.properties, locale);
  const geometryText = JSON.stringify(geometry.geometry);
  const fields = {
    name: combinedName(template.name, template.fields, values),
    geometry: geometryText,
    properties: stored(values),
    ...geometry.box,
  };
  return db.transaction((tx) => {
    if (!existing) {
      const created = tx.insert(poiObjects).values({ ...fields, layerId: layer.id, templateId: template.id }).returning().get();
      recordChange(tx, actor, created, "CREATE", changedFields(template, new Map(), values), geometryText);
      return created;
    }
    const saved = tx
      .update(poiObjects)
      .set({ ...fields, version: sql`${poiObjects.version} + 1`, modificationDate: new Date() })
      .where(and(eq(poiObjects.id, existing.id), eq(poiObjects.version, input.version!)))
      .returning()
      .get();
    if (!saved) throw conflict("stale_version", "Someone else saved this object since you opened it: reload it to see their changes");
    const moved = geometryText !== existing.geometry;
    recordChange(tx, actor, saved, "UPDATE", changedFields(template, valuesMap(existing.properties), values), moved ? geometryText : null);
    return saved;
  });
}

/** Deletes an object (MODERATOR+ on its layer); the changelog keeps a DELETE entry with its last geometry. */
export function deleteObject(db: Db, actor: User, id: number): PoiObject {
  const object = requireObject(db, actor, id, "MODERATOR");
  db.transaction((tx) => {
    tx.delete(poiObjects).where(eq(poiObjects.id, id)).run();
    recordChange(tx, actor, object, "DELETE", [], object.geometry);
  });
  return object;
}

export const findObject = (db: Db, actor: User, id: number) => requireObject(db, actor, id);

/** Objects of the given layers whose name contains `name` (or is it, with exactMatch), ignoring case in any script; at most 50. */
export function findByName(db: Db, actor: User, layerIds: number[], name: string, exactMatch: boolean): PoiObject[] {
  for (const layerId of layerIds) requireLayer(db, actor, layerId);
  return objectsNamed(db, layerIds, name, exactMatch);
}

/** findByName for a caller that decided who may see the layers itself (the public map frame). */
export function objectsNamed(db: Db, layerIds: number[], name: string, exactMatch: boolean): PoiObject[] {
  const term = name.trim();
  return db
    .select()
    .from(poiObjects)
    .where(and(inArray(poiObjects.layerId, layerIds), exactMatch ? equalsIgnoringCase(poiObjects.name, term) : contains(poiObjects.name, term)))
    .orderBy(asc(poiObjects.name), asc(poiObjects.id))
    .limit(POI_LIMITS.searchLimit)
    .all();
}

/** The counts the details dialog shows: the object's tasks, attached data and files the reader may open. */
export const objectMetadata = (db: Db, actor: User, id: number) => attachmentCounts(db, actor, requireObject(db, actor, id));
