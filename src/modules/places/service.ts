import type { Db } from "../../../db/client";
import type { Locale } from "../../lib/i18n";
import { allowedTileOrigins, settingValues } from "../settings/service";
import { nearestPlace, placeCount, searchPlaces } from "./gazetteer";
import { geocode } from "./geocoder";
import { presentAddress, presentPlace } from "./presenter";
import { seedPlaces } from "./seed";

/**
 * The places a map search finds and 'what is here' names. Open to any reader the route lets in: no user is needed
 * (the routes ask for a signed-in one; a public map frame may call these too).
 */

const seeding = new WeakMap<Db, Promise<void>>();
/** The gazetteer, seeded once per database if it is still empty (server start does it first; this covers the rest). */
function gazetteer(db: Db): Promise<void> {
  let done = seeding.get(db);
  if (!done) seeding.set(db, (done = seedPlaces(db)));
  return done;
}

export interface PlaceSearch {
  q: string;
  limit?: number;
  exact?: boolean;
  /** The map's view, west,south,east,north: where the geocoder looks first. */
  bbox?: string;
}

/** Places named like `q` from the gazetteer, then the geocoder's addresses when an administrator set one. */
export async function findPlaces(db: Db, input: PlaceSearch, locale: Locale) {
  await gazetteer(db);
  const content = searchPlaces(db, input.q, { limit: input.limit ?? 10, exact: input.exact ?? false }).map((place) => presentPlace(place, locale));
  const settings = settingValues(db, ["GIS_GEOCODER_URL", "GIS_GEOCODER_COUNTRIES"]);
  if (settings.GIS_GEOCODER_URL) {
    const box = (input.bbox?.split(",").map(Number) ?? [-180, -90, 180, 90]) as [number, number, number, number];
    const hits = await geocode({ url: settings.GIS_GEOCODER_URL, countries: settings.GIS_GEOCODER_COUNTRIES ?? "", allowed: allowedTileOrigins(db) }, input.q.trim(), box);
    content.push(...hits.map(presentAddress));
  }
  return { content };
}

/** 'What is here': the nearest populated place to a point and how far it is, or nulls when none is near. */
export async function placeAt(db: Db, lat: number, lon: number, locale: Locale) {
  await gazetteer(db);
  const nearest = nearestPlace(db, lat, lon);
  return nearest ? { place: presentPlace(nearest.place, locale), metres: Math.round(nearest.metres) } : { place: null, metres: null };
}

/** How many places the gazetteer holds (the GIS settings say it). */
export const gazetteerSize = (db: Db) => placeCount(db);
