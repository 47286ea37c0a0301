import type { Static } from "elysia";
import type { Locale } from "../../lib/i18n";
import type { PlaceRow } from "./gazetteer";
import type { GeocoderHit } from "./geocoder";
import type { placeSchema } from "./model";

type PlaceAnswer = Static<typeof placeSchema>;

/** A gazetteer place named in the reader's language when the gazetteer has it, with its region and country. */
export function presentPlace(place: PlaceRow, locale: Locale): PlaceAnswer {
  const name = (locale === "ru" ? place.nameRu : locale === "es" ? place.nameEs : place.nameEn) || place.name;
  const detail = [place.region, place.country].filter((part) => part && part !== name).join(", ");
  return { id: place.id, name, detail, population: place.population, lat: place.lat, lon: place.lon, source: "gazetteer" };
}

export const presentAddress = (hit: GeocoderHit): PlaceAnswer => ({ id: null, name: hit.name, detail: "", population: 0, lat: hit.lat, lon: hit.lon, source: "geocoder" });
