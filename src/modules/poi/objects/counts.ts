import { asc, count, eq, inArray } from "drizzle-orm";
import type { Executor } from "../../../../db/client";
import { poiObjects, poiTemplates } from "../../../../db/schema";

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
