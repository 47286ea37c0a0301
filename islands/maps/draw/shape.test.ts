import { describe, expect, test } from "bun:test";
import Polygon from "ol/geom/Polygon";
import { fromLonLat } from "ol/proj";
import { ontoFirstWorld } from "./first-world";
import { hasEnoughPoints } from "./min-points";

describe("a drawn shape", () => {
  test("a polygon needs 3 distinct points, a line 2, in every part", () => {
    expect(hasEnoughPoints("POLYGON", [[[0, 0], [1, 0], [0, 0]]])).toBe(false);
    expect(hasEnoughPoints("POLYGON", [[[0, 0], [1, 0], [1, 1], [0, 0]]])).toBe(true);
    expect(hasEnoughPoints("LINE_STRING", [[0, 0], [0, 0]])).toBe(false);
    expect(hasEnoughPoints("LINE_STRING", [[0, 0], [1, 1]])).toBe(true);
    expect(hasEnoughPoints("MULTI_LINE_STRING", [[[0, 0], [1, 1]], [[2, 2]]])).toBe(false);
    expect(hasEnoughPoints("MULTI_POLYGON", [[[[0, 0], [1, 0], [1, 1], [0, 0]]]])).toBe(true);
    expect(hasEnoughPoints("POINT", [3, 4])).toBe(true);
  });

  test("drawn on a repeated world is moved back onto the first one by whole worlds, its shape kept", () => {
    const WORLD = 40_075_016.68557849;
    const home = new Polygon([[[10, 10], [30, 10], [30, 20], [10, 10]].map((p) => fromLonLat(p))]);
    const rounded = (polygon: InstanceType<typeof Polygon>) => polygon.getCoordinates()[0]!.map(([x, y]) => [Math.round(x!), Math.round(y!)]);
    for (const worlds of [1, -2]) {
      const repeat = new Polygon([home.getCoordinates()[0]!.map(([x, y]) => [x! + worlds * WORLD, y!])]);
      expect(rounded(ontoFirstWorld(repeat))).toEqual(rounded(home));
    }
    expect(ontoFirstWorld(home).getCoordinates()).toEqual(home.getCoordinates());
  });
});
