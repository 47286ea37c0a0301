/**
 * Runs in the untrusted worker (src/lib/untrusted-worker.ts): reads an uploaded GeoJSON file and reports what an
 * import would make of it: its features grouped by geometry type with their property names, and every feature that
 * cannot be imported as it is, with its index, reason and place (and, when a repair can fix it, the repaired geometry).
 */
import { checkGeometry, type ProblemReason } from "./features";
import { GEOJSON_LIMITS } from "./limits";
import { repaired } from "./repair";
import { GeoJsonRefusal, parseJsonBytes } from "./text";

export interface GeoJsonGroup {
  type: string;
  count: number;
  properties: string[];
}
export interface GeoJsonProblem {
  index: number;
  reason: ProblemReason;
  message: string;
  place: string;
  /** The geometry a repair gives, when one can fix the feature. */
  repaired?: unknown;
}
export interface GeoJsonReport {
  total: number;
  groups: GeoJsonGroup[];
  problems: GeoJsonProblem[];
  /** Problems in all, listed or not. */
  problemCount: number;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** The FeatureCollection's features, or a refusal naming what the file is instead. */
export function featuresOf(value: unknown): unknown[] {
  if (!isObject(value) || value.type !== "FeatureCollection" || !Array.isArray(value.features)) {
    throw new GeoJsonRefusal("geojson_not_feature_collection", "The file is not a GeoJSON FeatureCollection");
  }
  if (value.features.length > GEOJSON_LIMITS.features) {
    throw new GeoJsonRefusal("geojson_too_many_features", `The file has ${value.features.length} features; at most ${GEOJSON_LIMITS.features} are imported at once`);
  }
  return value.features;
}

export default async function readGeoJson({ path }: { path: string }): Promise<GeoJsonReport> {
  const features = featuresOf(parseJsonBytes(await Bun.file(path).bytes()));
  const groups = new Map<string, { count: number; properties: Set<string> }>();
  const problems: GeoJsonProblem[] = [];
  let problemCount = 0;
  let vertices = 0;
  const report = (problem: GeoJsonProblem) => {
    if (++problemCount <= GEOJSON_LIMITS.problemsListed) problems.push(problem);
  };
  for (const [index, feature] of features.entries()) {
    if (!isObject(feature) || feature.type !== "Feature" || !("geometry" in feature) || (feature.properties !== undefined && feature.properties !== null && !isObject(feature.properties))) {
      report({ index, reason: "invalid_structure", message: "Not a GeoJSON Feature with a geometry and properties", place: `features.${index}` });
      continue;
    }
    const check = await checkGeometry(feature.geometry);
    if (!check.ok) {
      report({ index, reason: check.reason, message: check.message, place: check.place });
      continue;
    }
    vertices += check.vertices;
    if (vertices > GEOJSON_LIMITS.vertices) throw new GeoJsonRefusal("geojson_too_many_vertices", `The file has more than ${GEOJSON_LIMITS.vertices} vertices`);
    if (check.needs.length) report({ index, reason: check.needs[0], message: check.needs.join(", "), place: "geometry.coordinates", repaired: repaired(check.geometry) });
    let group = groups.get(check.geometry.type);
    if (!group) groups.set(check.geometry.type, (group = { count: 0, properties: new Set() }));
    group.count++;
    for (const name of Object.keys(feature.properties ?? {})) if (group.properties.size < GEOJSON_LIMITS.propertyNames) group.properties.add(name);
  }
  return {
    total: features.length,
    groups: [...groups].map(([type, group]) => ({ type, count: group.count, properties: [...group.properties] })),
    problems,
    problemCount,
  };
}
