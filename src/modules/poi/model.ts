import { t, type Static } from "elysia";
import { Id, Whole } from "../../lib/ids";
import { oneOf, trimmedText } from "../../lib/schema";
import { FIELD_TYPES, GRAPH_TYPES, PREDICATES } from "./rules/kinds";
import { POI_LIMITS } from "./limits";

const id = () => t.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const ref = () => t.Object({ id: id() });

export const idQuery = t.Object({ id: Id() });
export const lpIdQuery = t.Object({ lpId: Id() });
export const layerQuery = t.Object({ layerId: Id() });
export const layerTemplateQuery = t.Object({ layerId: Id(), templateId: Id() });

/** A colour with alpha, #RRGGBBAA; #RRGGBB is taken as opaque. */
const colour = () => t.String({ pattern: "^#([0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$" });

export const styleBody = t.Object({
  id: t.Optional(t.Nullable(id())),
  name: trimmedText(POI_LIMITS.name),
  stroke: t.Optional(colour()),
  fill: t.Optional(colour()),
  strokeWidth: t.Optional(t.Number({ minimum: 0, maximum: 8 })),
  icon: t.Optional(t.Nullable(t.String({ maxLength: POI_LIMITS.icon }))),
  imageScale: t.Optional(t.Number({ minimum: 0.1, maximum: 1 })),
});
export type StyleInput = Static<typeof styleBody>;

const fieldBody = t.Object({
  id: t.Optional(t.Nullable(id())),
  name: trimmedText(POI_LIMITS.name),
  index: t.Optional(t.Integer({ minimum: 0, maximum: 10_000 })),
  type: oneOf(FIELD_TYPES),
  options: t.Optional(t.Nullable(t.String({ maxLength: POI_LIMITS.options }))),
  required: t.Optional(t.Boolean()),
  partOfName: t.Optional(t.Boolean()),
  showOnMap: t.Optional(t.Boolean()),
  excludeFromTableView: t.Optional(t.Boolean()),
});

/** A rule names its field by id, or by name when the field is new in the same save. */
const ruleBody = t.Object({
  field: t.Object({ id: t.Optional(t.Nullable(id())), name: t.Optional(t.String({ maxLength: POI_LIMITS.name + 100 })) }),
  predicate: oneOf(PREDICATES),
  thresholdValue: t.String({ maxLength: POI_LIMITS.threshold }),
  layerPoiStyle: ref(),
});

export const templateBody = t.Object({
  id: t.Optional(t.Nullable(id())),
  name: trimmedText(POI_LIMITS.name),
  graphType: oneOf(GRAPH_TYPES),
  icon: t.Optional(t.Nullable(t.String({ maxLength: POI_LIMITS.icon }))),
  defaultLayerPoiStyle: t.Optional(t.Nullable(ref())),
  rules: t.Optional(t.Array(ruleBody, { maxItems: POI_LIMITS.rules })),
  fields: t.Optional(t.Array(fieldBody, { maxItems: POI_LIMITS.fields })),
});
export type TemplateInput = Static<typeof templateBody>;

const propertyBody = t.Object({
  field: ref(),
  value: t.Union([t.Null(), t.String({ maxLength: POI_LIMITS.value + 100 }), t.Number(), t.Boolean(), t.Array(t.String({ maxLength: POI_LIMITS.value }), { maxItems: 1000 })]),
});

/** An object as the map's dialog sends it; `version` is the one it was read at (required to update). */
export const objectBody = t.Object({
  id: t.Optional(t.Nullable(id())),
  version: t.Optional(t.Integer({ minimum: 1 })),
  layer: ref(),
  template: ref(),
  geometry: t.Union([t.String({ maxLength: POI_LIMITS.geometryChars }), t.Object({ type: t.String(), coordinates: t.Any() })]),
  properties: t.Optional(t.Array(propertyBody, { maxItems: POI_LIMITS.fields })),
});
export type ObjectInput = Static<typeof objectBody>;

/** Up to 100 layer ids, comma-separated. */
const layerIdList = () => t.String({ pattern: "^[1-9][0-9]{0,14}(,[1-9][0-9]{0,14}){0,99}$" });
export const layerIdsQuery = t.Object({ layerIds: layerIdList() });

export const findByNameQuery = t.Object({
  layerIds: layerIdList(),
  name: t.String({ maxLength: POI_LIMITS.name + 100 }),
  exactMatch: t.Optional(t.BooleanString()),
});

const criterion = t.Object({
  fieldId: id(),
  dataType: t.Optional(oneOf(["STRING", "LIST", "BOOLEAN"] as const)),
  value: t.Union([t.String({ maxLength: POI_LIMITS.value }), t.Boolean()]),
});
export const filterBody = t.Object({
  page: t.Optional(t.Integer({ minimum: 0, maximum: 1_000_000 })),
  rowsPerPage: t.Optional(t.Integer({ minimum: 1, maximum: 1000 })),
  layerPoiCriteria: t.Optional(t.Array(criterion, { maxItems: 50 })),
});
export type FilterInput = Static<typeof filterBody>;
export const optionalFilterBody = t.Optional(filterBody);

/** A bounding box minLon,minLat,maxLon,maxLat in degrees. */
const bbox = () => t.Optional(t.String({ pattern: "^-?[0-9.]+(,-?[0-9.]+){3}$", maxLength: 200 }));
export const exportQuery = t.Object({ layerId: Id(), bbox: bbox() });
export const geoJsonQuery = t.Object({
  layerId: Id(),
  bbox: bbox(),
  limit: t.Optional(Whole(POI_LIMITS.maxFeatures, 1)),
});
