import { describe, expect, test } from "bun:test";
import { type Feature, groupItems, initialMapping, type Problem } from "./geojson-import";

const fields = [
  { id: 1, name: "Title", type: "STRING" },
  { id: 2, name: "Height", type: "NUMBER" },
  { id: 3, name: "Kinds", type: "MULTIPLE_LIST" },
];
const point = (x: number, properties: Record<string, unknown>): Feature => ({ geometry: { type: "Point", coordinates: [x, 0] }, properties });
const square = { type: "Polygon", coordinates: [[[0, 0], [0, 1], [1, 1], [1, 0], [0, 0]]] };

describe("what the import dialog sends", () => {
  test("fields start mapped to the property of the same name, any case", () => {
    expect(initialMapping(fields, ["title", "h", "KINDS"])).toEqual({ 1: "title", 3: "KINDS" });
  });

  test("a group's items: its geometry type only, values read through the mapping as each field takes them", () => {
    const features = [point(1, { name: 7, h: 12.5, k: "Oak, Pine" }), { geometry: square, properties: {} }, point(2, { name: "Two", h: null })];
    const items = groupItems(features, "Point", { layerId: 4, templateId: 5, mapping: { 1: "name", 2: "h", 3: "k" } }, fields, new Map(), new Set());
    expect(items).toEqual([
      { layer: { id: 4 }, template: { id: 5 }, geometry: '{"type":"Point","coordinates":[1,0]}', properties: [{ field: { id: 1 }, value: "7" }, { field: { id: 2 }, value: 12.5 }, { field: { id: 3 }, value: ["Oak", "Pine"] }] },
      { layer: { id: 4 }, template: { id: 5 }, geometry: '{"type":"Point","coordinates":[2,0]}', properties: [{ field: { id: 1 }, value: "Two" }] },
    ]);
  });

  test("an invalid feature is left out; a repairable one too, unless repair is chosen, and then with the repaired geometry", () => {
    const features = [{ geometry: square, properties: {} }, { geometry: square, properties: {} }, { geometry: square, properties: {} }];
    const repairedSquare = { type: "Polygon", coordinates: [[[0, 0], [1, 0], [1, 1], [0, 1], [0, 0]]] };
    const problems = new Map<number, Problem>([
      [0, { index: 0, reason: "invalid_geometry", message: "Self-intersection", place: "1 1" }],
      [1, { index: 1, reason: "wrong_winding", message: "wrong_winding", place: "", repaired: repairedSquare }],
    ]);
    const choice = { layerId: 1, templateId: 2, mapping: {} };
    expect(groupItems(features, "Polygon", choice, fields, problems, new Set()).map((item) => item.geometry)).toEqual([JSON.stringify(square)]);
    expect(groupItems(features, "Polygon", choice, fields, problems, new Set([0, 1])).map((item) => item.geometry)).toEqual([JSON.stringify(repairedSquare), JSON.stringify(square)]);
  });
});
