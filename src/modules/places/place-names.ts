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
const MOST_NAMES = 16;
/** Alternate names in the scripts the product's languages read (Latin, Cyrillic): others no user of Plexus types. */
const READABLE = /^[\p{Script=Latin}\p{Script=Cyrillic}\p{M}\d\s.'’()-]+$/u;

/**
 * The keys a place is found by: each distinct folded name (alternates only in Latin or Cyrillic), and each later
 * word start of its own names ("compostela" and "de compostela" for "Santiago de Compostela") marked as such, so a
 * whole-name match ranks above a word's.
 */
export function placeKeys(place: PlaceRecord): { folded: string; wordStart: boolean }[] {
  const fold = (name: string) => foldName(name.slice(0, LONGEST_NAME));
  const own = new Set([place.name, place.nameEn, place.nameRu, place.nameEs].map(fold).filter(Boolean));
  const keys = new Map<string, boolean>();
  for (const folded of own) keys.set(folded, false);
  for (const alternate of place.alternates ?? []) {
    if (keys.size >= MOST_NAMES) break;
    const folded = READABLE.test(alternate) ? fold(alternate) : "";
    if (folded) keys.set(folded, false);
  }
  for (const folded of own) {
    for (let at = folded.indexOf(" "); at >= 0; at = folded.indexOf(" ", at + 1)) {
      const rest = folded.slice(at + 1);
      if (!keys.has(rest)) keys.set(rest, true);
    }
  }
  return [...keys].map(([folded, wordStart]) => ({ folded, wordStart }));
}
