/**
 * The safe repairs an import offers, applied only when a person asks: rings wound by the right-hand rule of
 * RFC 7946 (outer rings counterclockwise, holes clockwise) and consecutive repeated vertices dropped. Neither
 * moves a vertex, so neither changes what the geometry covers.
 */

type Position = number[];
type Ring = Position[];
export interface Geometry {
  type: string;
  coordinates: unknown;
}

/** Twice the signed area of a ring (shoelace): positive when counterclockwise. */
const signedArea = (ring: Ring) => {
  let sum = 0;
  for (let i = 0; i + 1 < ring.length; i++) sum += ring[i][0] * ring[i + 1][1] - ring[i + 1][0] * ring[i][1];
  return sum;
};

const samePlace = (a: Position, b: Position) => a[0] === b[0] && a[1] === b[1];
const withoutRepeats = (line: Position[]) => line.filter((p, i) => i === 0 || !samePlace(p, line[i - 1]));

/** The polygons of a Polygon or MultiPolygon, as lists of rings. */
const polygonsOf = (geometry: Geometry): Ring[][] =>
  geometry.type === "Polygon" ? [geometry.coordinates as Ring[]] : geometry.type === "MultiPolygon" ? (geometry.coordinates as Ring[][]) : [];
const linesOf = (geometry: Geometry): Position[][] =>
  geometry.type === "LineString" ? [geometry.coordinates as Position[]] : geometry.type === "MultiLineString" ? (geometry.coordinates as Position[][]) : polygonsOf(geometry).flat();

/** What a repair would change: rings wound against the right-hand rule, and vertices repeated in a row. */
export function repairNeeds(geometry: Geometry): { winding: boolean; repeats: boolean } {
  const winding = polygonsOf(geometry).some((rings) => rings.some((ring, i) => (i === 0 ? signedArea(ring) < 0 : signedArea(ring) > 0)));
  const repeats = linesOf(geometry).some((line) => withoutRepeats(line).length !== line.length);
  return { winding, repeats };
}

/** The geometry rewound by the right-hand rule and without repeated vertices (a new object; the given one is left as it is). */
export const repaired = (geometry: Geometry) => rewound(geometry, withoutRepeats);

/** The geometry rewound by the right-hand rule, each line first passed through `clean` (an export keeps every vertex). */
export function rewound(geometry: Geometry, clean: (line: Position[]) => Position[] = (line) => line): Geometry {
  const ring = (r: Ring, outer: boolean) => {
    const cleaned = clean(r);
    return (outer ? signedArea(cleaned) < 0 : signedArea(cleaned) > 0) ? [...cleaned].reverse() : cleaned;
  };
  const polygon = (rings: Ring[]) => rings.map((r, i) => ring(r, i === 0));
  switch (geometry.type) {
    case "LineString":
      return { type: geometry.type, coordinates: clean(geometry.coordinates as Position[]) };
    case "MultiLineString":
      return { type: geometry.type, coordinates: (geometry.coordinates as Position[][]).map(clean) };
    case "Polygon":
      return { type: geometry.type, coordinates: polygon(geometry.coordinates as Ring[]) };
    case "MultiPolygon":
      return { type: geometry.type, coordinates: (geometry.coordinates as Ring[][]).map(polygon) };
    default:
      return geometry;
  }
}
