import type { Db } from "../../../db/client";
import { notFound } from "../../lib/errors";
import { viewGeoJson } from "../poi/objects/boxes";
import { objectsNamed } from "../poi/objects/service";
import { listStyles } from "../poi/styles/service";
import { published, requirePublicMap, requirePublishedLayer } from "./map-policy";
import type { PresentedPublicHits, PresentedPublicMap } from "./map-presenter";

/** A strong validator of one answer about map `mapId`: any change to the text changes it. */
const tagged = <T>(mapId: number, text: string, answer: T) => ({ etag: `"pm${mapId}-${Bun.hash(text).toString(36)}"`, answer });

/** public/map/{id} and the public map page: the frame of a map in a public category (see `published`). */
export function publicMap(db: Db, key: string | undefined) {
  const map = requirePublicMap(db, key);
  const { position, layers } = published(db, map);
  const answer: PresentedPublicMap = {
    id: map.id,
    name: map.name,
    description: map.description,
    icon: map.icon,
    position,
    layers: layers.map(({ id, name, type, projection, tiles }) => ({ id, name, type: type as "XYZ" | "LAYER_POI", projection, tiles })),
    styles: listStyles(db).map(({ id, stroke, fill, strokeWidth }) => ({ id, stroke, fill, strokeWidth })),
  };
  return tagged(map.id, JSON.stringify(answer), answer);
}

/**
 * public/map/{id}/layer/{layerId}/objects: a published points layer's objects in the view as min-geo-json with
 * each object's name and the fields its template shows on the map, nothing else of it.
 */
export function publicObjects(db: Db, key: string | undefined, layerKey: string | undefined, bbox?: string) {
  const map = requirePublicMap(db, key);
  const layer = requirePublishedLayer(db, map, layerKey);
  if (layer.type !== "LAYER_POI") throw notFound("layer");
  const text = viewGeoJson(db, { layerId: layer.id, bbox }, true);
  return tagged(map.id, text, text);
}

/** public/map/{id}/search: the published points layers' objects whose name holds `name` (at most 50). */
export function publicSearch(db: Db, key: string | undefined, name: string) {
  const map = requirePublicMap(db, key);
  const layerIds = published(db, map).layers.flatMap((layer) => (layer.type === "LAYER_POI" ? [layer.id] : []));
  const found = name.trim() && layerIds.length ? objectsNamed(db, layerIds, name, false) : [];
  const answer: PresentedPublicHits = {
    content: found.map(({ id, name, layerId, templateId, geometry }) => ({ id, name, layerId, templateId, geometry })),
  };
  return tagged(map.id, JSON.stringify(answer), answer);
}
