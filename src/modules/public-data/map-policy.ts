import type { Db } from "../../../db/client";
import type { DataItem } from "../../../db/schema";
import { notFound } from "../../lib/errors";
import { idParam } from "../../lib/ids";
import { findDataItem, findPublicDataItem } from "../data/policy";
import { presentLayers } from "../layers/service";
import { mapsShowing, shownLayers } from "../maps/service";
import { requirePublicItem } from "./policy";

/** The layer kinds a public frame draws: tiles and points of interest (WMS and ZWS come in a later issue). */
const PUBLISHED_KINDS = new Set(["XYZ", "LAYER_POI"]);

/** A MAP item in a public category, else the one 404 of public data (see requirePublicItem). */
export function requirePublicMap(db: Db, key: string | undefined): DataItem {
  const item = requirePublicItem(db, key);
  if (item.dataType !== "MAP") throw notFound("data");
  return item;
}

/**
 * What a public map publishes (README, "Public map frames"): the layers switched on in its saved view that are
 * active XYZ or points layers of its own project, the first on top, with its view. A layer switched off in the
 * saved map, removed, or of another kind is not published, whatever the frame's reader asks.
 */
export function published(db: Db, map: DataItem) {
  const { position, layerIds } = shownLayers(db, map.id);
  const layers = presentLayers(db, layerIds).filter((layer) => layer.projectId === map.projectId && PUBLISHED_KINDS.has(layer.type) && findDataItem(db, layer.id)?.isActive);
  return { position, layers };
}

/** A layer `map` publishes, by its key from a path; any other key is the same 404. */
export function requirePublishedLayer(db: Db, map: DataItem, key: string | undefined) {
  const id = idParam(key);
  const layer = published(db, map).layers.find((one) => one.id === id);
  if (!layer) throw notFound("layer");
  return layer;
}

/** Whether some public map publishes layer `layerId` (its tiles are then anyone's, through the tile proxy). */
export const layerPublished = (db: Db, layerId: number) =>
  mapsShowing(db, layerId).some((mapId) => {
    const map = findPublicDataItem(db, mapId);
    return map?.dataType === "MAP" && published(db, map).layers.some((layer) => layer.id === layerId);
  });
