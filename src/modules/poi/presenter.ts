import { t, type Static } from "elysia";
import type { PoiObject, PoiStyle } from "../../../db/schema";
import { isoDate } from "../../lib/responses";
import { integer, oneOf } from "../../lib/schema";
import { valuesMap } from "./objects/properties";
import { CHANGE_TYPES, FIELD_TYPES, GRAPH_TYPES, PREDICATES } from "./rules/kinds";
import type { StyleRule } from "./rules/styles";
import type { FullTemplate } from "./templates/service";

const ref = () => t.Object({ id: integer() });

export const styleSchema = t.Object({
  id: integer(),
  name: t.String(),
  stroke: t.String(),
  fill: t.String(),
  strokeWidth: t.Number(),
  icon: t.Nullable(t.String()),
  imageScale: t.Number(),
});
export type PresentedStyle = Static<typeof styleSchema>;
export const presentStyle = (style: PoiStyle): PresentedStyle => ({ ...style });

const fieldSchema = t.Object({
  id: integer(),
  name: t.String(),
  index: integer(),
  type: oneOf(FIELD_TYPES),
  options: t.Nullable(t.String()),
  required: t.Boolean(),
  partOfName: t.Boolean(),
  showOnMap: t.Boolean(),
  excludeFromTableView: t.Boolean(),
});

export const templateSchema = t.Object({
  id: integer(),
  name: t.String(),
  graphType: oneOf(GRAPH_TYPES),
  icon: t.Nullable(t.String()),
  isActive: t.Boolean(),
  defaultLayerPoiStyle: t.Nullable(ref()),
  rules: t.Array(t.Object({ field: t.Object({ id: integer(), name: t.String() }), predicate: oneOf(PREDICATES), thresholdValue: t.String(), layerPoiStyle: ref() })),
  fields: t.Array(fieldSchema),
});

export type PresentedTemplate = Static<typeof templateSchema>;

export function presentTemplate(template: FullTemplate): PresentedTemplate {
  const names = new Map(template.fields.map((field) => [field.id, field.name]));
  return {
    id: template.id,
    name: template.name,
    graphType: template.graphType,
    icon: template.icon,
    isActive: template.isActive,
    defaultLayerPoiStyle: template.defaultStyleId ? { id: template.defaultStyleId } : null,
    rules: (JSON.parse(template.rules) as StyleRule[]).map((rule) => ({
      field: { id: rule.fieldId, name: names.get(rule.fieldId) ?? "" },
      predicate: rule.predicate,
      thresholdValue: rule.thresholdValue,
      layerPoiStyle: { id: rule.styleId },
    })),
    fields: template.fields.map(({ templateId: _, ...field }) => field),
  };
}

export const layerTemplatesSchema = t.Object({ id: integer(), poiTemplates: t.Array(templateSchema) });

const valueSchema = t.Union([t.Null(), t.String(), t.Number(), t.Boolean(), t.Array(t.String())]);

export const objectSchema = t.Object({
  id: integer(),
  name: t.String(),
  layer: ref(),
  template: ref(),
  geometry: t.String({ description: "GeoJSON geometry as JSON text, EPSG:4326" }),
  properties: t.Array(t.Object({ field: ref(), value: valueSchema })),
  version: integer(),
  creationDate: isoDate(),
  modificationDate: isoDate(),
});

export const presentObject = (object: PoiObject): Static<typeof objectSchema> => ({
  id: object.id,
  name: object.name,
  layer: { id: object.layerId },
  template: { id: object.templateId },
  geometry: object.geometry,
  properties: [...valuesMap(object.properties)].map(([id, value]) => ({ field: { id }, value })),
  version: object.version,
  creationDate: object.creationDate,
  modificationDate: object.modificationDate,
});

export const pageSchema = t.Object({ content: t.Array(objectSchema), totalElements: integer() });

export const metadataSchema = t.Object({ issueCount: integer(), attachedDataCount: integer(), attachedFilesCount: integer() });

export const changelogSchema = t.Array(
  t.Object({
    id: integer(),
    author: t.Nullable(t.Object({ id: integer(), firstName: t.String(), lastName: t.String() })),
    changeType: oneOf(CHANGE_TYPES),
    date: isoDate(),
    geometry: t.Nullable(t.String()),
    changeListByFields: t.Array(t.Object({ fieldName: t.String(), value: valueSchema })),
  }),
);

/** A layer's export: RFC 7946, each feature's values named by its template's fields and its object's name as `name`. */
export const exportSchema = t.Object({ type: t.Literal("FeatureCollection"), features: t.Array(t.Any()) }, { description: "An RFC 7946 FeatureCollection to download" });

/** What an import would make of a GeoJSON file: groups by geometry type, and the features that cannot be imported as they are. */
export const geoJsonReportSchema = t.Object({
  total: integer(),
  groups: t.Array(t.Object({ type: t.String(), count: integer(), properties: t.Array(t.String()) })),
  problems: t.Array(t.Object({ index: integer(), reason: t.String(), message: t.String(), place: t.String(), repaired: t.Optional(t.Any()) })),
  problemCount: integer(),
});

export const saveAllSchema = t.Object({ count: integer(), groups: t.Array(t.Object({ layer: t.Object({ id: integer() }), template: t.Object({ id: integer() }), count: integer() })) });

export const geoJsonSchema = t.Object(
  { type: t.Literal("FeatureCollection"), clustered: t.Boolean(), total: integer(), features: t.Array(t.Any()) },
  { description: "Objects in the view, or clusters with their count past 5,000" },
);
