import { call, server } from "../../lib/server";
import { bboxText, type Box, type LoadObjects } from "../poi-layer";

/**
 * `box` widened to a grid of 360/2^k degrees, k the finest at which it spans at most two cells a side: readers of
 * one frame then ask for a few same boxes, which a shared cache in front of Plexus answers for all of them.
 */
export function cacheableBox([west, south, east, north]: Box): Box {
  const span = Math.max(east - west, north - south, 1e-6);
  const step = 360 / 2 ** Math.max(0, Math.floor(Math.log2(360 / span)));
  return [Math.max(-180, Math.floor(west / step) * step), Math.max(-90, Math.floor(south / step) * step), Math.min(180, Math.ceil(east / step) * step), Math.min(90, Math.ceil(north / step) * step)];
}

/** A public map's objects, through its own routes (never a member's), in cacheable boxes; with the stage, as it needs OpenLayers. */
export const publicObjects =
  (mapId: number): LoadObjects =>
  (layerId, box) =>
    call(server.public.map({ id: String(mapId) }).layer({ layerId: String(layerId) }).objects.get({ query: { bbox: bboxText(cacheableBox(box)) } }));
