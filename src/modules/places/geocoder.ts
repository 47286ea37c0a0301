import { log } from "../../lib/log";
import { fetchAllowed } from "../layers/tile-fetch";

/** A hit of the optional geocoder, already in the shape the search panel lists. */
export interface GeocoderHit {
  name: string;
  lat: number;
  lon: number;
}

/** The administrator's Nominatim-compatible geocoder (GIS_GEOCODER_URL), the countries it is limited to, and the servers Plexus may reach. */
export interface GeocoderSettings {
  url: string;
  countries: string;
  allowed: ReadonlySet<string>;
}

/** How long one request to the geocoder may take (a search asks at most twice): a hanging geocoder never hangs the search. */
export const GEOCODER_LIMITS = { bytes: 1024 * 1024, timeoutMs: 3000, redirects: 2 };
const MOST_HITS = 20;

/** Spec 3, "Limits": the view box of an address search, longitude clamped to -528..551, latitude to -90..90, 2 decimals. */
export function viewboxOf([west, south, east, north]: [number, number, number, number]): string {
  const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value)).toFixed(2);
  return [clamp(west, -528, 551), clamp(north, -90, 90), clamp(east, -528, 551), clamp(south, -90, 90)].join(",");
}

const WORLD: [number, number, number, number] = [-180, -90, 180, 90];

/** The address of one search (spec 3, "Geocoding": q, countrycodes, format=geojson, addressdetails=1, viewbox, bounded=1). */
function searchAddress({ url, countries }: GeocoderSettings, text: string, box: [number, number, number, number]): string {
  const address = new URL(url);
  address.searchParams.set("q", text);
  if (countries) address.searchParams.set("countrycodes", countries);
  address.searchParams.set("format", "geojson");
  address.searchParams.set("addressdetails", "1");
  address.searchParams.set("viewbox", viewboxOf(box));
  address.searchParams.set("bounded", "1");
  address.searchParams.set("limit", String(MOST_HITS));
  return address.href;
}

/** The points of a GeoJSON answer with a display name; anything else in it is ignored. */
function hitsOf(bytes: Uint8Array): GeocoderHit[] {
  const answer = JSON.parse(new TextDecoder().decode(bytes)) as { features?: unknown };
  if (!Array.isArray(answer.features)) throw new Error("the geocoder's answer has no features");
  return answer.features.slice(0, MOST_HITS).flatMap((feature) => {
    const { geometry, properties } = (feature ?? {}) as { geometry?: { type?: string; coordinates?: unknown }; properties?: { display_name?: unknown; name?: unknown } };
    const [lon, lat] = Array.isArray(geometry?.coordinates) ? geometry.coordinates : [];
    const name = typeof properties?.display_name === "string" ? properties.display_name : typeof properties?.name === "string" ? properties.name : "";
    const fits = geometry?.type === "Point" && typeof lat === "number" && typeof lon === "number" && Math.abs(lat) <= 90 && Math.abs(lon) <= 180 && name;
    return fits ? [{ name: name.slice(0, 300), lat, lon }] : [];
  });
}

/**
 * Addresses for `text` from the geocoder, first inside `box` (the map's view), then world-wide when that finds none.
 * Only through the allowlist; any failure (off the list, a timeout, a bad answer) is logged and answers nothing.
 */
export async function geocode(settings: GeocoderSettings, text: string, box: [number, number, number, number]): Promise<GeocoderHit[]> {
  try {
    const ask = async (area: typeof box) => hitsOf(await fetchAllowed(searchAddress(settings, text, area), settings.allowed, GEOCODER_LIMITS, "geocoder", "application/geo+json,application/json"));
    const inView = await ask(box);
    return inView.length ? inView : await ask(WORLD);
  } catch (error) {
    log.warn("places.geocoder_failed", { message: error instanceof Error ? error.message : String(error) });
    return [];
  }
}
