import type { CSSProperties } from "react";

/**
 * Where a menu opened at `pixel` on the map sits: there, but moved left and up as far as it takes to stay inside
 * the map (at 360 px a click near the right edge opened it past the screen). `rows` is how many items it lists.
 */
export const menuPlace = ([x, y]: [number, number], rows: number): CSSProperties => ({
  left: `clamp(0px, ${x}px, calc(100% - min(320px, 90%)))`,
  top: `clamp(0px, ${y}px, calc(100% - ${rows * 2.6 + 1.2}rem))`,
});
