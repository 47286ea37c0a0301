import { expect, test } from "bun:test";
import { cacheableBox } from "./frame-data";

test("a view's box widens to a grid of at most two cells a side, so nearby views ask for the same box", () => {
  const a = cacheableBox([37.11, 55.52, 37.39, 55.71]);
  expect(a).toEqual([36.9140625, 55.1953125, 37.6171875, 55.8984375]);
  expect(cacheableBox([37.0, 55.3, 37.27, 55.6])).toEqual(a);
  // The whole world stays the whole world.
  expect(cacheableBox([-180, -90, 180, 90])).toEqual([-180, -90, 180, 90]);
});
