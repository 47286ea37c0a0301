import { describe, expect, test } from "bun:test";
import { contrastWithWhite, hslToRgb } from "../testing/contrast";
import { colorFromName } from "./colors";

const rgbOf = (hsl: string) => {
  const [hue, saturation, lightness] = hsl.match(/[\d.]+/g)!.map(Number);
  return hslToRgb(hue, saturation / 100, lightness / 100);
};

describe("name colours", () => {
  test("the contrast check converts HSL as CSS does", () => {
    expect(hslToRgb(0, 1, 0.5)).toEqual([1, 0, 0]);
    expect(hslToRgb(120, 1, 0.25)).toEqual([0, 0.5, 0]);
    expect(hslToRgb(20, 0.55, 0.42).map((c) => Math.round(c * 255))).toEqual([166, 87, 48]);
  });

  test("white initials keep WCAG's 4.5:1 on every hue a name can give (yellows and greens were 2.6:1)", () => {
    const names = Array.from({ length: 3000 }, (_, n) => `Person ${n}`);
    const hues = new Set(names.map((name) => colorFromName(name).split(" ")[0]));
    expect(hues.size).toBe(360);
    const worst = Math.min(...names.map((name) => contrastWithWhite(rgbOf(colorFromName(name)))));
    expect(worst).toBeGreaterThanOrEqual(4.5);
    expect(contrastWithWhite(hslToRgb(60, 0.55, 0.42))).toBeLessThan(3);
  });

  test("the same name always gets the same colour, and names spread over many hues", () => {
    expect(colorFromName("Ada Lovelace")).toBe(colorFromName("Ada Lovelace"));
    const hues = new Set(Array.from({ length: 200 }, (_, n) => colorFromName(`Project ${n}`).split(" ")[0]));
    expect(hues.size).toBeGreaterThan(100);
  });
});
