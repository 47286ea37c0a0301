import { asc, count, eq, inArray } from "drizzle-orm";
import type { Db, Executor } from "../../../../db/client";
import { poiObjects, poiTemplates, type User } from "../../../../db/schema";
import { type FullTemplate, getTemplate, layerTemplates } from "../templates/service";

export interface TemplateCount {
  templateId: number;
  name: string;
  count: number;
}

/** How many objects each template has on each of `layerIds`, in one grouped query (templates by name); a layer without objects is absent. */
export function objectCountsByLayer(db: Executor, layerIds: number[]): Map<number, TemplateCount[]> {
  const byLayer = new Map<number, TemplateCount[]>();
  if (layerIds.length === 0) return byLayer;
  const rows = db
    .select({ layerId: poiObjects.layerId, templateId: poiTemplates.id, name: poiTemplates.name, count: count() })
    .from(poiObjects)
    .innerJoin(poiTemplates, eq(poiTemplates.id, poiObjects.templateId))
    .where(inArray(poiObjects.layerId, layerIds))
    .groupBy(poiObjects.layerId, poiTemplates.id)
    .orderBy(asc(poiTemplates.name), asc(poiTemplates.id))
    .all();
  for (const { layerId, ...counted } of rows) byLayer.set(layerId, [...(byLayer.get(layerId) ?? []), counted]);
  return byLayer;
}

/**
 * The templates the object table of layer `layerId` offers, by name: those the layer offers and those its objects
 * have (a template unbound later keeps its objects), each with its count. For the layer's readers.
 */
export function tableTemplates(db: Db, actor: User, layerId: number): (FullTemplate & { count: number })[] {
  const offered = layerTemplates(db, actor, layerId).templates;
  const counts = new Map((objectCountsByLayer(db, [layerId]).get(layerId) ?? []).map((c) => [c.templateId, c.count]));
  const unbound = [...counts.keys()].filter((id) => !offered.some((template) => template.id === id)).map((id) => getTemplate(db, id));
  return [...offered, ...unbound].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id).map((template) => ({ ...template, count: counts.get(template.id) ?? 0 }));
}
