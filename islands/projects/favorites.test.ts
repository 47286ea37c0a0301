import { describe, expect, test } from "bun:test";
import { withToggles } from "./favorites";

describe("the rail's favourites with this page's stars", () => {
  test("a starred project goes where its name sorts, an unstarred one leaves, untouched ones keep the server's order", () => {
    const rendered = [
      { id: 1, name: "alpha" },
      { id: 2, name: "Delta" },
      { id: 3, name: "omega" },
    ];
    const changes = new Map([
      [4, { project: { id: 4, name: "Gamma" }, on: true }],
      [3, { project: { id: 3, name: "omega" }, on: false }],
      [5, { project: { id: 5, name: "Zulu" }, on: false }],
    ]);
    expect(withToggles(rendered, changes).map((f) => f.id)).toEqual([1, 2, 4]);
    expect(withToggles(rendered, new Map()).map((f) => f.id)).toEqual([1, 2, 3]);
  });
});
