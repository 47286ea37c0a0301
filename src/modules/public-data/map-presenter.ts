import { t, type Static } from "elysia";
import { integer, oneOf } from "../../lib/schema";
import { TILE_PROJECTIONS } from "../layers/kinds";

/** A published layer: no project, and no tile server address (an XYZ layer's tiles come through Plexus's proxy). */
const publicLayerSchema = t.Object({
  id: integer(),
  name: t.String(),
  type: t.UnionEnum(["XYZ", "LAYER_POI"]),
  projection: oneOf(TILE_PROJECTIONS),
  tiles: t.Nullable(t.String()),
});

/**
 * public/map/{id}: the frame of a public map. Its name, description and icon, the saved view (JSON text), the
 * published layers in order (the first on top) and the object styles' colours by id (without their names).
 */
export const publicMapSchema = t.Object({
  id: integer(),
  name: t.String(),
  description: t.String(),
  icon: t.Nullable(t.String()),
  position: t.String(),
  layers: t.Array(publicLayerSchema),
  styles: t.Array(t.Object({ id: integer(), stroke: t.String(), fill: t.String(), strokeWidth: t.Number() })),
});
export type PresentedPublicMap = Static<typeof publicMapSchema>;

/** public/map/{id}/search: published objects whose name holds the words, with the layer to select them in. */
export const publicHitsSchema = t.Object({
  content: t.Array(t.Object({ id: integer(), name: t.String(), layerId: integer(), templateId: integer(), geometry: t.String() })),
});
export type PresentedPublicHits = Static<typeof publicHitsSchema>;
