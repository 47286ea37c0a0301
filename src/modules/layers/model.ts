import { t, type Static } from "elysia";
import { Id, Whole } from "../../lib/ids";
import { oneOf, trimmedText } from "../../lib/schema";
import { LIMITS } from "../data/limits";
import { LAYER_KINDS, TILE_PROJECTIONS } from "./kinds";
import { LAYER_LIMITS } from "./limits";

const id = t.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });

/** layer/save: the item's name, description and categories, and the layer's kind; XYZ layers also their tile address and projection. */
export const saveBody = t.Object({
  id: t.Optional(t.Nullable(t.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }))),
  project: t.Object({ id }),
  name: trimmedText(LIMITS.name),
  description: t.Optional(t.Nullable(t.String({ maxLength: LIMITS.description }))),
  categoryList: t.Optional(t.Nullable(t.Array(t.Object({ id }), { maxItems: LIMITS.categories }))),
  type: oneOf(LAYER_KINDS),
  url: t.Optional(t.Nullable(t.String({ maxLength: LAYER_LIMITS.url }))),
  projection: t.Optional(t.Nullable(oneOf(TILE_PROJECTIONS))),
  visible: t.Optional(t.Boolean()),
});
export type LayerSaveInput = Static<typeof saveBody>;

export const projectQuery = t.Object({ projectId: Id() });

/** layer/get-list/{ids}: ids separated by commas. */
export const idListParams = t.Object({ ids: t.String({ pattern: "^[1-9][0-9]{0,14}(,[1-9][0-9]{0,14})*$", maxLength: LAYER_LIMITS.ids * 16 }) });

export const bufferQuery = t.Object({ layerId: Id(), key: t.String({ minLength: 1, maxLength: LAYER_LIMITS.bufferKey }) });

/** zws/buffer: the entry's id (layer and key) and its value. */
export const bufferBody = t.Object({
  id: t.Object({ layerId: id, key: t.String({ minLength: 1, maxLength: LAYER_LIMITS.bufferKey }) }),
  value: t.String({ maxLength: LAYER_LIMITS.bufferValue }),
});
export type BufferInput = Static<typeof bufferBody>;

/** A tile's address: zoom 0-24, column and row checked against the zoom in the service. */
export const tileParams = t.Object({ layerId: Id(), z: Whole(24), x: Whole(), y: Whole() });
