import { get as projectionOf } from "ol/proj";
import TileLayer from "ol/layer/Tile";
import XYZ from "ol/source/XYZ";
import type { TileProjection } from "../../src/modules/layers/kinds";

/** World Mercator's square extent in metres (EPSG:3395, on the WGS84 ellipsoid). */
const MERCATOR_HALF = 20_037_508.342789244;

/** EPSG:3395 taught to OpenLayers with proj4, both loaded on demand: only a map showing such a layer pays for them. */
async function knowProjection(code: TileProjection) {
  if (projectionOf(code)) return;
  const [{ default: proj4 }, { register }] = await Promise.all([import("proj4"), import("ol/proj/proj4")]);
  proj4.defs("EPSG:3395", "+proj=merc +lon_0=0 +k=1 +x_0=0 +y_0=0 +datum=WGS84 +units=m +no_defs");
  register(proj4);
  projectionOf("EPSG:3395")!.setExtent([-MERCATOR_HALF, -MERCATOR_HALF, MERCATOR_HALF, MERCATOR_HALF]);
}

/**
 * An XYZ layer drawn from `tiles`, the address of its tiles through Plexus's proxy (never the tile server's own,
 * so exported images are never tainted), in its projection: OpenLayers reprojects EPSG:4326 (two tiles across at
 * zoom 0) and EPSG:3395 tiles onto the EPSG:3857 view.
 */
export async function xyzLayer(tiles: string, projection: TileProjection): Promise<TileLayer<XYZ>> {
  await knowProjection(projection);
  const geographic = projection === "EPSG:4326";
  return new TileLayer({ source: new XYZ({ url: tiles, projection, maxResolution: geographic ? 180 / 256 : undefined }) });
}
