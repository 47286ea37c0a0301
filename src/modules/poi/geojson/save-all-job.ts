/**
 * Runs in the untrusted worker: reads a layer-poi/save-all body (a list of { layer, template, geometry, properties })
 * and checks every item's shape and geometry as an import does (structure, ranges, GEOS validity). Answers the
 * items with their geometry as JSON text and its box, or every problem found (the first 100), so that nothing is written.
 */
import type { FieldValue } from "../rules/values";
import { checkGeometry } from "./features";
import { GEOJSON_LIMITS } from "./limits";
import { GeoJsonRefusal, parseJsonBytes } from "./text";

export interface SaveAllItem {
  layerId: number;
  templateId: number;
  /** The GeoJSON geometry type (Point, MultiPolygon, ...). */
  type: string;
  geometry: string;
  box: [number, number, number, number];
  properties: { field: { id: number }; value: FieldValue }[];
}
export interface SaveAllProblem {
  path: string;
  message: string;
}
export type SaveAllReading = { ok: true; items: SaveAllItem[] } | { ok: false; problems: SaveAllProblem[] };

const MAX_PROBLEMS = 100;
const isId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;
const refOf = (value: unknown) => (typeof value === "object" && value !== null ? (value as { id?: unknown }).id : undefined);
const isValue = (value: unknown) =>
  value === null || typeof value === "string" || typeof value === "boolean" || (typeof value === "number" && Number.isFinite(value)) || (Array.isArray(value) && value.every((v) => typeof v === "string"));

function readProperties(raw: unknown): SaveAllItem["properties"] | string {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) return "properties: a list of { field: { id }, value }";
  for (const property of raw) {
    if (typeof property !== "object" || property === null || !isId(refOf(property.field)) || !isValue(property.value)) return "properties: a list of { field: { id }, value }";
  }
  return raw.map((property) => ({ field: { id: refOf(property.field) as number }, value: property.value }));
}

export default async function readSaveAll({ bytes }: { bytes: Uint8Array }): Promise<SaveAllReading> {
  const body = parseJsonBytes(bytes);
  if (!Array.isArray(body)) throw new GeoJsonRefusal("save_all_not_list", "The body is a list of objects to save");
  if (body.length > GEOJSON_LIMITS.features) throw new GeoJsonRefusal("geojson_too_many_features", `At most ${GEOJSON_LIMITS.features} objects are saved at once`);
  const items: SaveAllItem[] = [];
  const problems: SaveAllProblem[] = [];
  let vertices = 0;
  for (const [i, raw] of body.entries()) {
    if (problems.length >= MAX_PROBLEMS) break;
    const item = (typeof raw === "object" && raw !== null ? raw : {}) as Record<string, unknown>;
    const layerId = refOf(item.layer);
    const templateId = refOf(item.template);
    if (!isId(layerId) || !isId(templateId)) {
      problems.push({ path: `body.${i}`, message: "An item names its layer and template: { layer: { id }, template: { id } }" });
      continue;
    }
    const properties = readProperties(item.properties);
    if (typeof properties === "string") {
      problems.push({ path: `body.${i}.properties`, message: properties });
      continue;
    }
    let geometry = item.geometry;
    if (typeof geometry === "string") {
      try {
        geometry = JSON.parse(geometry);
      } catch {
        problems.push({ path: `body.${i}.geometry`, message: "The geometry is not JSON" });
        continue;
      }
    }
    const check = await checkGeometry(geometry);
    if (!check.ok) {
      problems.push({ path: `body.${i}.${check.place || "geometry"}`, message: `${check.reason}: ${check.message}${check.place && !check.place.startsWith("geometry") ? ` at ${check.place}` : ""}` });
      continue;
    }
    vertices += check.vertices;
    if (vertices > GEOJSON_LIMITS.vertices) throw new GeoJsonRefusal("geojson_too_many_vertices", `More than ${GEOJSON_LIMITS.vertices} vertices`);
    items.push({ layerId, templateId, type: check.geometry.type, geometry: JSON.stringify(check.geometry), box: check.box, properties });
  }
  return problems.length ? { ok: false, problems } : { ok: true, items };
}
