import type { Cell } from "./cells";
import { TABLE_LIMITS } from "./limits";

type Checked = Cell | { problem: string };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const within = (value: unknown, limit: number) => typeof value === "number" && Number.isFinite(value) && Math.abs(value) <= limit;

/**
 * A url cell: JSON text of a list of map points `{lat, lon, name?}` with latitude in [-90, 90] and
 * longitude in [-180, 180]; stored re-serialised with those keys only.
 */
function checkPoints(text: string): Checked {
  let points: unknown;
  try {
    points = JSON.parse(text);
  } catch {
    return { problem: "The url column holds JSON text of a list of points" };
  }
  if (!Array.isArray(points) || points.length > TABLE_LIMITS.points) return { problem: `The url column holds a list of at most ${TABLE_LIMITS.points} points` };
  const clean = [];
  for (const point of points) {
    if (!isObject(point) || !within(point.lat, 90) || !within(point.lon, 180)) return { problem: "Each point needs lat from -90 to 90 and lon from -180 to 180" };
    if (point.name !== undefined && point.name !== null && (typeof point.name !== "string" || point.name.length > TABLE_LIMITS.headerChars))
      return { problem: `A point's name is text of at most ${TABLE_LIMITS.headerChars} characters` };
    clean.push(typeof point.name === "string" ? { lat: point.lat, lon: point.lon, name: point.name } : { lat: point.lat, lon: point.lon });
  }
  return JSON.stringify(clean);
}

/** A cell as it will be stored: text (empty text is an empty cell), a finite number or null; the url column's points checked. */
export function checkCell(value: unknown, url: boolean): Checked {
  if (value === null || value === undefined || value === "") return null;
  if (typeof value === "number") return Number.isFinite(value) && !url ? value : { problem: url ? "The url column holds text" : "A number must be finite" };
  if (typeof value !== "string") return { problem: "A cell is text, a number or null" };
  if (value.length > TABLE_LIMITS.cellChars) return { problem: `A cell may have at most ${TABLE_LIMITS.cellChars} characters` };
  return url ? checkPoints(value) : value;
}
