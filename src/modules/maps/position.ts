import type { ErrorDetail } from "../../lib/errors";

/** A map's view in EPSG:4326 degrees: centre (longitude, latitude), zoom, and the extent it may be panned in. */
export interface MapPosition {
  center: [number, number];
  zoom: number;
  extent: [number, number, number, number];
}

/** A new map's view (spec 3): the whole world's extent, zoom 6, centre [0, 0]. */
export const DEFAULT_POSITION: MapPosition = { center: [0, 0], zoom: 6, extent: [-528, -90, 551, 90] };

const MAX_ZOOM = 28;
/** Longitudes past ±180 are where the world repeats; the default extent itself reaches -528 and 551. */
const LONGITUDE = 720;

const isNumbers = (value: unknown, length: number): value is number[] =>
  Array.isArray(value) && value.length === length && value.every((n) => typeof n === "number" && Number.isFinite(n));

const inLatitude = (n: number) => n >= -90 && n <= 90;
const inLongitude = (n: number) => n >= -LONGITUDE && n <= LONGITUDE;

/**
 * map/save's `position` (JSON text) read as a view, each part left out taking its default: the centre and the
 * extent's corners as longitude, latitude within range, the extent's west before east and south before north,
 * the zoom from 0 to 28. Problems name the part.
 */
export function readPosition(text: string | null | undefined): { position: MapPosition; problems: ErrorDetail[] } {
  if (text === null || text === undefined || text.trim() === "") return { position: DEFAULT_POSITION, problems: [] };
  const problem = (part: string, message: string): ErrorDetail => ({ path: `body.position${part}`, message });
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { position: DEFAULT_POSITION, problems: [problem("", "Must be JSON text with center, zoom and extent")] };
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return { position: DEFAULT_POSITION, problems: [problem("", "Must be a JSON object with center, zoom and extent")] };
  const { center = DEFAULT_POSITION.center, zoom = DEFAULT_POSITION.zoom, extent = DEFAULT_POSITION.extent } = parsed as Record<string, unknown>;
  const problems: ErrorDetail[] = [];
  if (!isNumbers(center, 2) || !inLongitude(center[0]!) || !inLatitude(center[1]!)) problems.push(problem(".center", "[longitude, latitude] in degrees"));
  if (typeof zoom !== "number" || !Number.isFinite(zoom) || zoom < 0 || zoom > MAX_ZOOM) problems.push(problem(".zoom", `A zoom from 0 to ${MAX_ZOOM}`));
  const box = isNumbers(extent, 4) && inLongitude(extent[0]!) && inLongitude(extent[2]!) && inLatitude(extent[1]!) && inLatitude(extent[3]!) && extent[0]! < extent[2]! && extent[1]! < extent[3]!;
  if (!box) problems.push(problem(".extent", "[west, south, east, north] in degrees, west before east and south before north"));
  return { position: { center, zoom, extent } as MapPosition, problems };
}
