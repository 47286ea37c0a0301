import { t, type Static } from "elysia";
import { viewedItemFields } from "../data/presenter";
import { integer } from "../../lib/schema";
import { layerSchema } from "../layers/presenter";

/** A layer on a map: the layer's public fields and how this map shows it. */
const layerConfigSchema = t.Object({
  layer: layerSchema,
  visible: t.Boolean(),
  indexNumber: integer(),
  themes: t.String(),
  labels: t.String(),
});

/**
 * A map as its page needs it: the item's fields, the view as JSON text (center, zoom, extent in degrees), the
 * parent of an inheriting view, and the layers it shows in order (an inheriting view's are its parent's,
 * `inherited` says so), each one the reader may open.
 */
export const mapSchema = t.Object({
  ...viewedItemFields,
  position: t.String(),
  parentMap: t.Nullable(t.Object({ id: integer(), name: t.String() })),
  inherited: t.Boolean(),
  layerConfigList: t.Array(layerConfigSchema),
  /** The administrator's panorama link with {lat} and {lon} (GIS settings), for the map's right-click menu; null: none. */
  panorama: t.Nullable(t.String()),
});
export type PresentedMap = Static<typeof mapSchema>;

export const mapRefSchema = t.Object({ id: integer(), name: t.String() });
