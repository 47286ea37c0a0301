import { t, type Static } from "elysia";
import { Id } from "../../lib/ids";
import { trimmedText } from "../../lib/schema";
import { LIMITS } from "../data/limits";

const id = t.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
/** Comma-separated ids of a layer's active themes or labels. */
const idList = t.Optional(t.Nullable(t.String({ pattern: "^([0-9]{1,15}(,[0-9]{1,15})*)?$", maxLength: 4000 })));

/** The most layers one map shows. */
const MAX_MAP_LAYERS = 200;

const layerConfig = t.Object({
  layer: t.Object({ id }),
  visible: t.Optional(t.Boolean()),
  indexNumber: t.Optional(t.Integer({ minimum: 0, maximum: 100_000 })),
  themes: idList,
  labels: idList,
});

/**
 * map/save, as data/save takes a MAP item: layers reduced to {id}, the view as JSON text. Save-as is a save with
 * id 0 (or none) and the new name; parentMap makes an inheriting view (ADMIN).
 */
export const saveBody = t.Object({
  id: t.Optional(t.Nullable(t.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }))),
  project: t.Object({ id }),
  dataType: t.Optional(t.Literal("MAP")),
  name: trimmedText(LIMITS.name),
  description: t.Optional(t.Nullable(t.String({ maxLength: LIMITS.description }))),
  icon: t.Optional(t.Nullable(t.String({ maxLength: LIMITS.icon }))),
  categoryList: t.Optional(t.Nullable(t.Array(t.Object({ id }), { maxItems: LIMITS.categories }))),
  position: t.Optional(t.Nullable(t.String({ maxLength: 2000 }))),
  layerConfigList: t.Optional(t.Nullable(t.Array(layerConfig, { maxItems: MAX_MAP_LAYERS }))),
  parentMap: t.Optional(t.Nullable(t.Object({ id }))),
});
export type MapSaveInput = Static<typeof saveBody>;

export const idQuery = t.Object({ id: Id() });
export const layerQuery = t.Object({ layerId: Id() });
