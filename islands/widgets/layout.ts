import { GRID, MIN_SIZE, type WidgetType } from "../../src/modules/widgets/limits";

/** A widget's cells as the grid and the API share them. */
export interface Cells {
  i: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Rows a TABLE, CHART or SENSOR grows or shrinks by with its keyboard buttons. */
export const HEIGHT_STEP = 4;

/** Pixel height of `h` rows, as the grid draws it (the stacked narrow view uses the same). */
export const rowsToPixels = (h: number) => h * GRID.rowHeight + (h - 1) * GRID.margin[1];

/** Reading order: by row, then column. */
export const byPosition = <T extends { layout: Cells }>(list: readonly T[]) =>
  [...list].sort((a, b) => a.layout.y - b.layout.y || a.layout.x - b.layout.x);

/** Where a new widget goes: the left edge under everything else, at its type's smallest size (SENSOR half width). */
export function placeNew(type: WidgetType, cells: readonly Cells[]): Omit<Cells, "i"> {
  const min = MIN_SIZE[type];
  const bottom = cells.reduce((lowest, c) => Math.max(lowest, c.y + c.h), 0);
  return { x: 0, y: bottom, w: Math.max(min.w, GRID.columns / 2), h: min.h };
}

/**
 * Moves the widget at `index` of the reading order one place up (-1) or down (+1): it takes the
 * neighbour's row and the neighbour goes just below it. The grid compacts what follows.
 */
export function swapped(cells: readonly Cells[], index: number, step: -1 | 1): Cells[] {
  const order = byPosition(cells.map((layout) => ({ layout }))).map((c) => ({ ...c.layout }));
  const other = index + step;
  if (other < 0 || other >= order.length) return order;
  // `first` is the one that ends up first in reading order.
  const [first, second] = step < 0 ? [order[index]!, order[other]!] : [order[other]!, order[index]!];
  const sideBySide = first.y === second.y && (first.x + first.w <= second.x || second.x + second.w <= first.x);
  const left = Math.min(first.x, second.x);
  if (sideBySide && left + first.w + second.w <= GRID.columns) {
    first.x = left;
    second.x = left + first.w;
    return order;
  }
  const top = Math.min(first.y, second.y);
  first.y = top;
  second.y = top + first.h;
  return order;
}
