import type { GraphType } from "../../../src/modules/poi/rules/kinds";

type Position = number[];

const distinct = (line: Position[]) => new Set(line.map(([x, y]) => `${x},${y}`)).size;

/**
 * Spec 3 section 5: a polygon needs at least 3 points, a line at least 2 (a point its one), counted as distinct
 * positions in every part; the drawing is refused with 'Error' otherwise, before anything is sent.
 */
export function hasEnoughPoints(graphType: GraphType, coordinates: unknown): boolean {
  switch (graphType) {
    case "POINT":
      return Array.isArray(coordinates) && coordinates.length >= 2;
    case "LINE_STRING":
      return distinct(coordinates as Position[]) >= 2;
    case "MULTI_LINE_STRING":
      return (coordinates as Position[][]).length > 0 && (coordinates as Position[][]).every((line) => distinct(line) >= 2);
    case "POLYGON":
      return distinct((coordinates as Position[][])[0] ?? []) >= 3;
    case "MULTI_POLYGON":
      return (coordinates as Position[][][]).length > 0 && (coordinates as Position[][][]).every((polygon) => distinct(polygon[0] ?? []) >= 3);
  }
}
