import { DEFAULT_POSITION, readPosition } from "../../src/modules/maps/position";
import type { MapPosition } from "./map-controller";

/**
 * Where a map opens: its saved view (JSON text), or, for a map never moved (spec 3's default view, centre [0, 0]
 * at zoom 6, open sea), the whole world at zoom 0.
 */
export function startView(saved: string): MapPosition {
  const { position } = readPosition(saved);
  const untouched = position.zoom === DEFAULT_POSITION.zoom && position.center.every((n, i) => n === DEFAULT_POSITION.center[i]);
  return untouched ? { ...position, zoom: 0 } : position;
}
