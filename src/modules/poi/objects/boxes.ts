import type { Db } from "../../../../db/client";
import type { User } from "../../../../db/schema";
import { invalid } from "../../../lib/errors";
import { POI_LIMITS } from "../limits";
import { requireLayer } from "../policy";
import type { FieldType } from "../rules/kinds";
import { styleOf, type StyleRule } from "../rules/styles";
import { getTemplate, type FullTemplate } from "../templates/service";
import { type Box, viewCells } from "./cells";
import { valuesMap } from "./properties";

const WORLD: Box = [-180, -90, 180, 90];
/** Clusters are counted on a grid of this many cells a side over the view. */
const GRID = 64;

/**
 * The R-tree finds the boxes; the layer is checked on poi_objects, joined by id (see migration poi_rtree for why).
 * CROSS JOIN keeps the R-tree outside: left to itself SQLite walked the layer's index and probed the R-tree per
 * object, 17-26 s for a view of a 1,000,000-object layer against 80 ms this way.
 */
const FROM = "poi_objects_rtree r cross join poi_objects o on o.id = r.id where r.max_lon >= ?2 and r.min_lon <= ?4 and r.max_lat >= ?3 and r.min_lat <= ?5 and o.layer_id = ?1";

/** An object's row as the map's queries and the GeoJSON export read it. */
export interface ObjectRow {
  id: number;
  templateId: number;
  name: string;
  geometry: string;
  properties: string;
}

/** One grid cell's cluster: how many objects, their mean centre and the box holding them all. */
interface Cell {
  n: number;
  lon: number;
  lat: number;
  west: number;
  south: number;
  east: number;
  north: number;
}

/** The R-tree queries, prepared once per database: drizzle would build and prepare them on every map move. */
const statements = new WeakMap<Db, ReturnType<typeof prepare>>();
const prepare = (db: Db) => ({
  objects: db.$client.prepare<ObjectRow, [number, number, number, number, number, number]>(
    `select o.id, o.template_id as templateId, o.name, o.geometry, o.properties from ${FROM} limit ?6`,
  ),
  clusters: db.$client.prepare<Cell, [number, number, number, number, number, number, number]>(
    `select count(*) as n, avg((r.min_lon + r.max_lon) / 2) as lon, avg((r.min_lat + r.max_lat) / 2) as lat,
     min(r.min_lon) as west, min(r.min_lat) as south, max(r.max_lon) as east, max(r.max_lat) as north from ${FROM}
     group by cast(((r.min_lon + r.max_lon) / 2 - ?2) / ?6 as integer), cast(((r.min_lat + r.max_lat) / 2 - ?3) / ?7 as integer)`,
  ),
});
const prepared = (db: Db) => {
  let found = statements.get(db);
  if (!found) statements.set(db, (found = prepare(db)));
  return found;
};

/** The view's box from "minLon,minLat,maxLon,maxLat", or the whole world. */
export function readBox(text: string | undefined): Box {
  if (!text) return WORLD;
  const box = text.split(",").map(Number) as Box;
  const [minLon, minLat, maxLon, maxLat] = box;
  if (box.some((n) => !Number.isFinite(n)) || minLon > maxLon || minLat > maxLat) {
    throw invalid([{ path: "query.bbox", code: "poi.bbox", message: "poi.bbox" }]);
  }
  return box;
}

/** How each template's objects get their style: with no rules, its default, without reading the values. */
function styler(db: Db) {
  const templates = new Map<number, { template: FullTemplate; rules: StyleRule[]; types: Map<number, FieldType> }>();
  return (row: ObjectRow) => {
    let entry = templates.get(row.templateId);
    if (!entry) {
      const template = getTemplate(db, row.templateId);
      entry = { template, rules: JSON.parse(template.rules), types: new Map(template.fields.map((field) => [field.id, field.type])) };
      templates.set(row.templateId, entry);
    }
    const styleId = entry.rules.length ? styleOf(entry.rules, entry.types, valuesMap(row.properties), entry.template.defaultStyleId) : entry.template.defaultStyleId;
    return { template: entry.template, styleId };
  };
}

/**
 * A layer's objects in the view as GeoJSON text, each with its template and the style its rules give
 * it (precomputed here: the WebGL renderer has no LIKE); `full` (the public map frame's) adds the name and the fields
 * shown on the map. Past `limit` objects (5,000) the view gets clusters instead: points with their count and a box a click
 * zooms to, the cells of the layer's pyramid when they alone hold more than the limit, else a grid over the view.
 */
export function layerGeoJson(db: Db, actor: User, input: ViewQuery): string {
  requireLayer(db, actor, input.layerId);
  return viewGeoJson(db, input, false);
}

type ViewQuery = { layerId: number; bbox?: string; limit?: number };

/** layerGeoJson for a caller that decided who may see the layer itself (the public map frame). */
export function viewGeoJson(db: Db, input: ViewQuery, full: boolean): string {
  const box = readBox(input.bbox);
  const args = [input.layerId, ...box] as [number, number, number, number, number];
  const queries = prepared(db);
  const limit = input.limit ?? POI_LIMITS.maxFeatures;
  // The pyramid's cells wholly in the view are a lower bound: past the limit, they and their neighbours on the
  // view's edge are the answer, without reading poi_objects at all.
  const cells = viewCells(db, input.layerId, box);
  if (cells.inside > limit) {
    return clustersAnswer(cells.touching, cells.clusters.map((c) => clusterFeature(c.count, c.lon, c.lat, c.box)));
  }
  // Near the limit the cells cannot tell: one more row than the limit does, without counting them all.
  const rows = queries.objects.all(...args, limit + 1);
  if (rows.length > limit) {
    const cellLon = (box[2] - box[0]) / GRID || 1e-9;
    const cellLat = (box[3] - box[1]) / GRID || 1e-9;
    const clusters = queries.clusters.all(...args, cellLon, cellLat);
    const total = clusters.reduce((sum, c) => sum + c.n, 0);
    return clustersAnswer(total, clusters.map((c) => clusterFeature(c.n, c.lon, c.lat, [c.west, c.south, c.east, c.north])));
  }
  const style = styler(db);
  const features = rows.map((row) => {
    const { template, styleId } = style(row);
    let properties = `{"templateId":${row.templateId},"styleId":${styleId}}`;
    if (full) {
      const values = valuesMap(row.properties);
      const labels = Object.fromEntries(template.fields.filter((field) => field.showOnMap && values.has(field.id)).map((field) => [field.name, values.get(field.id)]));
      properties = JSON.stringify({ templateId: row.templateId, styleId, name: row.name, labels });
    }
    // The stored geometry is JSON text already: written into the answer as it is, never parsed.
    return `{"type":"Feature","id":${row.id},"geometry":${row.geometry},"properties":${properties}}`;
  });
  return `{"type":"FeatureCollection","clustered":false,"total":${rows.length},"features":[${features.join(",")}]}`;
}

const clusterFeature = (count: number, lon: number, lat: number, bbox: Box) =>
  `{"type":"Feature","geometry":{"type":"Point","coordinates":[${lon},${lat}]},"properties":{"cluster":true,"count":${count},"bbox":[${bbox.join(",")}]}}`;
const clustersAnswer = (total: number, features: string[]) => `{"type":"FeatureCollection","clustered":true,"total":${total},"features":[${features.join(",")}]}`;

/** The answer of geo-json and min-geo-json: the text as built, not parsed and written again. */
export const geoJsonResponse = (text: string) => new Response(text, { headers: { "content-type": "application/json; charset=utf-8" } });

