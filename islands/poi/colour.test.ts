import { describe, expect, test } from "bun:test";
import { joinColour, splitColour } from "./colour";

describe("colours with alpha", () => {
  test("the default fill #FF000030 reads as red at 19% and writes back the same", () => {
    expect(splitColour("#FF000030")).toEqual({ rgb: "#ff0000", opacity: 19 });
    expect(joinColour("#ff0000", 19)).toBe("#FF000030");
    expect(joinColour("#00aa00", 100)).toBe("#00AA00FF");
    expect(splitColour("#00AA00")).toEqual({ rgb: "#00aa00", opacity: 100 });
    expect(joinColour("#000000", 150)).toBe("#000000FF");
  });
});
