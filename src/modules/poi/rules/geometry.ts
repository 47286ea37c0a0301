import type { GraphType } from "./kinds";

/**
 * Checks a GeoJSON geometry (EPSG:4326) against a template's graph type: the right type, positions of
 * two or three finite numbers with longitude -180..180 and latitude -90..90, lines of at least 2
 * distinct points, rings closed with at least 3 distinct points (4 positions) that do not cross
 * themselves. A refusal names the place: its path into `coordinates` and a sentence with the part,
 * ring and vertex counted from 1.
 */

export type Position = [number, number] | [number, number, number];
interface Box {
  minLon: number;
  minLat: number;
  maxLon: number;
  maxLat: number;
}
interface GeometryProblem {
  path: string;
  message: string;
}
export type GeometryReading = { ok: true; geometry: { type: string; coordinates: unknown }; box: Box } | { ok: false; problem: GeometryProblem };

const GEOJSON_TYPE: Record<GraphType, string> = {
  POINT: "Point",
  LINE_STRING: "LineString",
  MULTI_LINE_STRING: "MultiLineString",
  POLYGON: "Polygon",
  MULTI_POLYGON: "MultiPolygon",
};

/** Vertices past this in one geometry are refused: the crossing check would cost seconds. */
const MAX_VERTICES = 100_000;

class Refusal {
  constructor(readonly problem: GeometryProblem) {}
}

const refuse = (path: number[], message: string): never => {
  throw new Refusal({ path: ["geometry", "coordinates", ...path].join("."), message });
};

/** "part 2, ring 1, vertex 4": where a position is, for people. */
const placeOf = (names: string[], path: number[]) => names.map((name, i) => `${name} ${path[i] + 1}`).join(", ") || "Point";

function readPosition(raw: unknown, path: number[], names: string[], box: Box, counter: { n: number }): Position {
  if (++counter.n > MAX_VERTICES) refuse([], `More than ${MAX_VERTICES} vertices`);
  if (!Array.isArray(raw) || raw.length < 2 || raw.length > 3 || !raw.every((n) => typeof n === "number" && Number.isFinite(n))) {
    refuse(path, `${placeOf(names, path)}: a position is [longitude, latitude]`);
  }
  const [lon, lat] = raw as number[];
  if (lon < -180 || lon > 180) refuse(path, `${placeOf(names, path)}: longitude ${lon} is outside -180..180`);
  if (lat < -90 || lat > 90) refuse(path, `${placeOf(names, path)}: latitude ${lat} is outside -90..90`);
  box.minLon = Math.min(box.minLon, lon);
  box.maxLon = Math.max(box.maxLon, lon);
  box.minLat = Math.min(box.minLat, lat);
  box.maxLat = Math.max(box.maxLat, lat);
  return raw as Position;
}

const same = (a: Position, b: Position) => a[0] === b[0] && a[1] === b[1];

function readList(raw: unknown, path: number[], names: string[]): unknown[] {
  if (!Array.isArray(raw)) refuse(path, `${path.length ? placeOf(names.slice(0, path.length), path) : "Geometry"}: a list of coordinates was expected`);
  return raw as unknown[];
}

function readLine(raw: unknown, path: number[], names: string[], box: Box, counter: { n: number }): Position[] {
  const line = readList(raw, path, names).map((p, i) => readPosition(p, [...path, i], names, box, counter));
  const distinct = line.filter((p, i) => i === 0 || !same(p, line[i - 1]));
  if (distinct.length < 2) refuse(path, `${path.length ? placeOf(names.slice(0, path.length), path) : "Line"}: a line needs at least 2 distinct points`);
  return line;
}

/** Orientation of c against the line a→b: >0 left, <0 right, 0 on it. */
const orient = (a: Position, b: Position, c: Position) => (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
const within = (a: Position, b: Position, c: Position) => Math.min(a[0], b[0]) <= c[0] && c[0] <= Math.max(a[0], b[0]) && Math.min(a[1], b[1]) <= c[1] && c[1] <= Math.max(a[1], b[1]);

/** Whether segments p1-p2 and q1-q2 share any point, touching included. */
function segmentsMeet(p1: Position, p2: Position, q1: Position, q2: Position): boolean {
  const d1 = orient(q1, q2, p1);
  const d2 = orient(q1, q2, p2);
  const d3 = orient(p1, p2, q1);
  const d4 = orient(p1, p2, q2);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  return (d1 === 0 && within(q1, q2, p1)) || (d2 === 0 && within(q1, q2, p2)) || (d3 === 0 && within(p1, p2, q1)) || (d4 === 0 && within(p1, p2, q2));
}

/**
 * The first vertex (index into `ring`) where two non-adjacent edges of a closed ring meet, or -1.
 * Repeated consecutive vertices are skipped first, so they are not taken for a crossing. Edges are
 * swept in order of their west end, comparing each only with those that overlap it in longitude.
 */
export function firstCrossing(ring: readonly Position[]): number {
  const at: number[] = [];
  ring.forEach((p, i) => {
    if (!at.length || !same(p, ring[at[at.length - 1]])) at.push(i);
  });
  const n = at.length - 1;
  const edges = Array.from({ length: n }, (_, i) => ({ i, west: Math.min(ring[at[i]][0], ring[at[i + 1]][0]), east: Math.max(ring[at[i]][0], ring[at[i + 1]][0]) }));
  edges.sort((a, b) => a.west - b.west);
  for (let x = 0; x < edges.length; x++) {
    for (let y = x + 1; y < edges.length && edges[y].west <= edges[x].east; y++) {
      const i = Math.min(edges[x].i, edges[y].i);
      const j = Math.max(edges[x].i, edges[y].i);
      if (j === i + 1 || (i === 0 && j === n - 1)) continue;
      if (segmentsMeet(ring[at[i]], ring[at[i + 1]], ring[at[j]], ring[at[j + 1]])) return at[j];
    }
  }
  return -1;
}

function readRing(raw: unknown, path: number[], names: string[], box: Box, counter: { n: number }): Position[] {
  const ring = readList(raw, path, names).map((p, i) => readPosition(p, [...path, i], names, box, counter));
  const place = placeOf(names.slice(0, path.length), path);
  if (ring.length < 4 || new Set(ring.map((p) => `${p[0]},${p[1]}`)).size < 3) refuse(path, `${place}: a ring needs at least 3 distinct points and the first again at the end`);
  if (!same(ring[0], ring[ring.length - 1])) refuse([...path, ring.length - 1], `${place}: the ring is not closed (the last vertex must repeat the first)`);
  const crossing = firstCrossing(ring);
  if (crossing >= 0) refuse([...path, crossing], `${placeOf(names, [...path, crossing])}: the ring crosses itself`);
  return ring;
}

const readPolygon = (raw: unknown, path: number[], names: string[], box: Box, counter: { n: number }) => {
  const rings = readList(raw, path, names);
  if (!rings.length) refuse(path, "A polygon needs an outer ring");
  rings.forEach((ring, i) => readRing(ring, [...path, i], names, box, counter));
};

/** Reads `raw` (a GeoJSON geometry object or its JSON text) as a geometry of `graphType`. */
export function readGeometry(graphType: GraphType, raw: unknown): GeometryReading {
  let value = raw;
  if (typeof value === "string") {
    try {
      value = JSON.parse(value);
    } catch {
      return { ok: false, problem: { path: "geometry", message: "The geometry is not JSON" } };
    }
  }
  const expected = GEOJSON_TYPE[graphType];
  const geometry = value as { type?: unknown; coordinates?: unknown } | null;
  if (!geometry || typeof geometry !== "object" || geometry.type !== expected) {
    return { ok: false, problem: { path: "geometry.type", message: `The template's objects are of type ${expected}` } };
  }
  const box: Box = { minLon: Infinity, minLat: Infinity, maxLon: -Infinity, maxLat: -Infinity };
  const counter = { n: 0 };
  const c = geometry.coordinates;
  try {
    if (expected === "Point") readPosition(c, [], [], box, counter);
    else if (expected === "LineString") readLine(c, [], ["Vertex"], box, counter);
    else if (expected === "MultiLineString") readList(c, [], []).forEach((line, i) => readLine(line, [i], ["Line", "vertex"], box, counter));
    else if (expected === "Polygon") readPolygon(c, [], ["Ring", "vertex"], box, counter);
    else readList(c, [], []).forEach((polygon, i) => readPolygon(polygon, [i], ["Part", "ring", "vertex"], box, counter));
    if (counter.n === 0) refuse([], "The geometry has no coordinates");
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, problem: error.problem };
    throw error;
  }
  return { ok: true, geometry: { type: expected, coordinates: c }, box };
}
