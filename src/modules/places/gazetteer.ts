import type { Db } from "../../../db/client";
import { foldName } from "../../lib/text-fold";
import { type PlaceRecord, placeKeys } from "./place-names";

/** A place as the gazetteer answers it. */
export type PlaceRow = Omit<PlaceRecord, "alternates"> & { id: number };

const COLUMNS = "p.id, p.name, p.name_en as nameEn, p.name_ru as nameRu, p.name_es as nameEs, p.country, p.region, p.country_code as countryCode, p.population, p.lat, p.lon";
/** A folded text longer than this finds nothing: no place name is, and the range scan stays short. */
const LONGEST_QUERY = 120;
/** A text shorter than this finds whole names only ("ob", "es"): a prefix of one or two letters matches a tenth of a dump. */
const SHORTEST_PREFIX = 3;
/** Name keys ranked at most for one search: a common start ("san") stops there instead of grouping tens of thousands. */
const MOST_CANDIDATES = 5000;
const EARTH_RADIUS_M = 6_371_008.8;

/**
 * Replaces the whole gazetteer with `records` in one transaction: a reader sees the old places or the new, never half.
 * The names go in sorted, so each lands at the end of the key's B-tree instead of splitting pages all over it.
 */
export function replacePlaces(db: Db, records: PlaceRecord[]): number {
  const sqlite = db.$client;
  const insertPlace = sqlite.prepare(
    "insert into places (name, name_en, name_ru, name_es, country, region, country_code, population, lat, lon) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id",
  );
  const insertName = sqlite.prepare("insert or ignore into place_names (folded, place_id, word_start) values (?, ?, ?)");
  sqlite.transaction(() => {
    sqlite.run("delete from place_names");
    sqlite.run("delete from places");
    const keys: [string, number, number][] = [];
    for (const place of records) {
      const { id } = insertPlace.get(place.name, place.nameEn, place.nameRu, place.nameEs, place.country, place.region, place.countryCode, place.population, place.lat, place.lon) as { id: number };
      for (const key of placeKeys(place)) keys.push([key.folded, id, key.wordStart ? 1 : 0]);
    }
    // UTF-16 order, which is SQLite's (UTF-8 bytes) but for letters beyond the BMP: near enough for appending.
    keys.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    for (const key of keys) insertName.run(...key);
  })();
  return records.length;
}

export const placeCount = (db: Db) => (db.$client.query("select count(*) as count from places").get() as { count: number }).count;

/**
 * Places whose name (in any language the gazetteer has) starts with `text`, folded as foldName folds: a whole name
 * equal to it first, then a name starting with it, then a later word of a name equal to it or starting with it; the
 * more populous first within each. `exact` keeps only equal names and words, as a text under three letters does.
 */
export function searchPlaces(db: Db, text: string, { limit = 10, exact = false } = {}): PlaceRow[] {
  const folded = foldName(text);
  if (!folded || folded.length > LONGEST_QUERY) return [];
  const range = exact || folded.length < SHORTEST_PREFIX ? "folded = ?1" : "folded >= ?1 and folded < ?1 || char(1114111)";
  return db.$client
    .query<PlaceRow & { rank: number }, [string, number, number]>(
      `select ${COLUMNS}, min(n.word_start * 2 + (n.folded <> ?1)) as rank
       from (select folded, place_id, word_start from place_names where ${range} order by word_start, folded limit ?3) n
       join places p on p.id = n.place_id group by p.id order by rank, p.population desc, p.id limit ?2`,
    )
    .all(folded, limit, MOST_CANDIDATES)
    .map(({ rank: _rank, ...place }) => place);
}

/** The distance in metres between two points on the sphere (haversine). */
function distanceMetres(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** The longitude ranges of a box `half` degrees wide either side of `lon`, split where it crosses the antimeridian. */
function lonRanges(lon: number, half: number): [number, number][] {
  if (half >= 180) return [[-180, 180]];
  const [west, east] = [lon - half, lon + half];
  if (west < -180) return [[west + 360, 180], [-180, east]];
  if (east > 180) return [[west, 180], [-180, east - 360]];
  return [[west, east]];
}

/** Boxes tried in turn around a point (degrees of latitude either side); the first with places in it decides. */
const SEARCH_RADII = [0.25, 1, 3, 10];

/**
 * The place nearest to (lat, lon) and how far it is, or null when none is within about 1,100 km: places in a small
 * box around the point first (an index range on latitude), a wider box while it is empty, then the closest by
 * great-circle distance. The box is wider in longitude towards the poles so it covers as many kilometres.
 */
export function nearestPlace(db: Db, lat: number, lon: number): { place: PlaceRow; metres: number } | null {
  const boxQuery = db.$client.query<PlaceRow, [number, number, number, number]>(`select ${COLUMNS} from places p where p.lat between ?1 and ?2 and p.lon between ?3 and ?4`);
  for (const radius of SEARCH_RADII) {
    const cos = Math.cos((Math.min(89, Math.abs(lat) + radius) * Math.PI) / 180);
    const candidates = lonRanges(lon, radius / Math.max(cos, 0.01)).flatMap(([west, east]) => boxQuery.all(lat - radius, lat + radius, west, east));
    let best: { place: PlaceRow; metres: number } | null = null;
    for (const place of candidates) {
      const metres = distanceMetres(lat, lon, place.lat, place.lon);
      if (!best || metres < best.metres) best = { place, metres };
    }
    // A place in the box may still be farther than one just outside it: accept only one within the box's reach.
    if (best && best.metres <= radius * 111_000) return best;
  }
  return null;
}
