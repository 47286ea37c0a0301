import { t, type Static } from "elysia";
import { integer, oneOf } from "../../lib/schema";
import { LAYER_KINDS, TILE_PROJECTIONS } from "./kinds";

/**
 * A layer as maps and lists show it: its item's name, its kind and, for XYZ, its tile address template and
 * projection with `tiles`, the address of its tiles through Plexus's proxy (the browser never fetches the template).
 */
export const layerSchema = t.Object({
  id: integer(),
  name: t.String(),
  projectId: integer(),
  type: oneOf(LAYER_KINDS),
  visible: t.Boolean(),
  url: t.Nullable(t.String()),
  projection: oneOf(TILE_PROJECTIONS),
  tiles: t.Nullable(t.String()),
});
export type PresentedLayer = Static<typeof layerSchema>;

/** layer/get-layers-with-poi: a points layer and how many objects each template has on it. */
export const layerWithPoiSchema = t.Object({
  layer: layerSchema,
  countByPoiTemplates: t.Array(t.Object({ templateId: integer(), name: t.String(), count: integer() })),
});

export const bufferSchema = t.Object({ layerId: integer(), key: t.String(), value: t.Nullable(t.String()) });

/** The proxy address of an XYZ layer's tiles, with OpenLayers' placeholders. */
export const tilesAddressOf = (layerId: number) => `/api/tiles/${layerId}/{z}/{x}/{y}`;
