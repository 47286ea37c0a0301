import { describe, expect, test } from "bun:test";
import { firstCrossing, readGeometry, type Position } from "./geometry";

const square: Position[] = [[0, 0], [1, 0], [1, 1], [0, 1], [0, 0]];
const bowtie: Position[] = [[0, 0], [1, 1], [1, 0], [0, 1], [0, 0]];

describe("geometry of a template's objects", () => {
  test("a valid geometry of each graph type is read with its bounding box", () => {
    expect(readGeometry("POINT", { type: "Point", coordinates: [37.6, 55.7] })).toMatchObject({ ok: true, box: { minLon: 37.6, maxLon: 37.6, minLat: 55.7, maxLat: 55.7 } });
    expect(readGeometry("LINE_STRING", JSON.stringify({ type: "LineString", coordinates: [[0, 0], [2, 3]] }))).toMatchObject({ ok: true, box: { minLon: 0, maxLon: 2, minLat: 0, maxLat: 3 } });
    expect(readGeometry("MULTI_LINE_STRING", { type: "MultiLineString", coordinates: [[[0, 0], [1, 1]], [[5, 5], [6, 6]]] }).ok).toBe(true);
    expect(readGeometry("POLYGON", { type: "Polygon", coordinates: [square] }).ok).toBe(true);
    expect(readGeometry("MULTI_POLYGON", { type: "MultiPolygon", coordinates: [[square], [square.map(([x, y]) => [x + 5, y] as Position)]] }).ok).toBe(true);
  });

  test("another type than the template's, text that is not JSON, or no coordinates are refused", () => {
    expect(readGeometry("POLYGON", { type: "Point", coordinates: [0, 0] })).toEqual({ ok: false, problem: { path: "geometry.type", message: "The template's objects are of type Polygon" } });
    expect(readGeometry("POINT", "{nope")).toMatchObject({ ok: false, problem: { path: "geometry" } });
    expect(readGeometry("MULTI_POLYGON", { type: "MultiPolygon", coordinates: [] })).toMatchObject({ ok: false, problem: { message: "The geometry has no coordinates" } });
  });

  test("coordinates out of range are refused with the vertex named", () => {
    expect(readGeometry("POINT", { type: "Point", coordinates: [181, 0] })).toEqual({ ok: false, problem: { path: "geometry.coordinates", message: "Point: longitude 181 is outside -180..180" } });
    expect(readGeometry("LINE_STRING", { type: "LineString", coordinates: [[0, 0], [0, -91]] })).toEqual({
      ok: false,
      problem: { path: "geometry.coordinates.1", message: "Vertex 2: latitude -91 is outside -90..90" },
    });
    expect(readGeometry("POINT", { type: "Point", coordinates: ["1", 2] }).ok).toBe(false);
    expect(readGeometry("POINT", { type: "Point", coordinates: [Number.NaN, 2] }).ok).toBe(false);
  });

  test("too few points: a line of one distinct point, a polygon of two", () => {
    expect(readGeometry("LINE_STRING", { type: "LineString", coordinates: [[1, 1], [1, 1]] })).toMatchObject({ ok: false, problem: { message: "Line: a line needs at least 2 distinct points" } });
    expect(readGeometry("POLYGON", { type: "Polygon", coordinates: [[[0, 0], [1, 1], [0, 0], [0, 0]]] })).toMatchObject({ ok: false, problem: { path: "geometry.coordinates.0" } });
    expect(readGeometry("POLYGON", { type: "Polygon", coordinates: [[[0, 0], [1, 0], [0, 0]]] }).ok).toBe(false);
  });

  test("an open ring is refused at its last vertex", () => {
    expect(readGeometry("POLYGON", { type: "Polygon", coordinates: [[[0, 0], [1, 0], [1, 1], [0, 1]]] })).toEqual({
      ok: false,
      problem: { path: "geometry.coordinates.0.3", message: "Ring 1: the ring is not closed (the last vertex must repeat the first)" },
    });
  });

  test("a self-intersecting ring is refused with part, ring and vertex", () => {
    expect(readGeometry("POLYGON", { type: "Polygon", coordinates: [bowtie] })).toEqual({ ok: false, problem: { path: "geometry.coordinates.0.2", message: "Ring 1, vertex 3: the ring crosses itself" } });
    expect(readGeometry("MULTI_POLYGON", { type: "MultiPolygon", coordinates: [[square], [square, bowtie]] })).toMatchObject({
      ok: false,
      problem: { path: "geometry.coordinates.1.1.2", message: "Part 2, ring 2, vertex 3: the ring crosses itself" },
    });
  });

  test("crossings: repeated vertices are not one, a touch of two edges is, a large circle has none", () => {
    expect(firstCrossing([[0, 0], [1, 0], [1, 0], [1, 1], [0, 1], [0, 0]])).toBe(-1);
    // An edge coming back to touch the first one at (0.5, 0).
    expect(firstCrossing([[0, 0], [1, 0], [1, 1], [0.5, 0], [0, 1], [0, 0]])).toBe(3);
    const circle: Position[] = Array.from({ length: 20_000 }, (_, i) => [Math.cos((i / 20_000) * 2 * Math.PI) * 10, Math.sin((i / 20_000) * 2 * Math.PI) * 10]);
    circle.push(circle[0]);
    const started = performance.now();
    expect(firstCrossing(circle)).toBe(-1);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
