import { foldName } from "../../lib/text-fold";

/** A place as the gazetteer stores it, from the seed or an administrator's dump; `alternates` are its other names. */
export interface PlaceRecord {
  name: string;
  nameEn: string;
  nameRu: string;
  nameEs: string;
  country: string;
  region: string;
  countryCode: string;
  population: number;
  lat: number;
  lon: number;
  alternates?: string[];
}

/** A place's names at most this long are indexed; a longer "name" in a dump is noise. */
const LONGEST_NAME = 200;
/** A place's searchable names beyond this many are dropped (GeoNames lists some cities in 300 languages). */
const MOST_NAMES = 64;

/**
 * The keys a place is found by: each distinct folded name, and each later word start of it ("compostela" and
 * "de compostela" for "Santiago de Compostela") marked as such, so a whole-name match ranks above a word's.
 */
export function placeKeys(place: PlaceRecord): { folded: string; wordStart: boolean }[] {
  const names = new Set<string>();
  for (const name of [place.name, place.nameEn, place.nameRu, place.nameEs, ...(place.alternates ?? [])]) {
    const folded = foldName(name.slice(0, LONGEST_NAME));
    if (folded && names.size < MOST_NAMES) names.add(folded);
  }
  const keys = new Map<string, boolean>();
  for (const folded of names) keys.set(folded, false);
  for (const folded of names) {
    for (let at = folded.indexOf(" "); at >= 0; at = folded.indexOf(" ", at + 1)) {
      const rest = folded.slice(at + 1);
      if (!keys.has(rest)) keys.set(rest, true);
    }
  }
  return [...keys].map(([folded, wordStart]) => ({ folded, wordStart }));
}
