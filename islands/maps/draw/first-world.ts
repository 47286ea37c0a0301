import { getCenter, getWidth } from "ol/extent";
import type Geometry from "ol/geom/Geometry";
import { get as getProjection } from "ol/proj";

/**
 * A copy of `shape` (EPSG:3857) moved by whole worlds onto the first one: OpenLayers repeats the world east and
 * west, and a shape drawn on a repeat would have longitudes past ±180, which the server refuses.
 */
export function ontoFirstWorld<G extends Geometry>(shape: G): G {
  const moved = shape.clone() as G;
  const worldWidth = getWidth(getProjection("EPSG:3857")!.getExtent());
  const worlds = Math.round(getCenter(moved.getExtent())[0]! / worldWidth);
  if (worlds !== 0) moved.translate(-worlds * worldWidth, 0);
  return moved;
}
