import Papa from "papaparse";
import type { Db } from "../../../db/client";
import { log } from "../../lib/log";
import { placeCount, replacePlaces } from "./gazetteer";
import type { PlaceRecord } from "./place-names";

/** The Natural Earth populated places shipped with Plexus (data/README.md says where they came from). */
const SEED = new URL("./data/populated-places.csv", import.meta.url);

type SeedLine = Record<"name" | "name_en" | "name_ru" | "name_es" | "country" | "region" | "iso_a2" | "population" | "lon" | "lat", string>;

/** The seed file's places. */
async function seedRecords(): Promise<PlaceRecord[]> {
  const parsed = Papa.parse<SeedLine>(await Bun.file(SEED).text(), { header: true, skipEmptyLines: true });
  return parsed.data.map((line) => ({
    name: line.name,
    nameEn: line.name_en,
    nameRu: line.name_ru,
    nameEs: line.name_es,
    country: line.country,
    region: line.region,
    countryCode: line.iso_a2 === "-99" ? "" : line.iso_a2,
    population: Math.max(0, Math.round(Number(line.population)) || 0),
    lat: Number(line.lat),
    lon: Number(line.lon),
  }));
}

/** Fills an empty gazetteer from the seed (first start, or a database from before it); a loaded one is left alone. */
export async function seedPlaces(db: Db): Promise<void> {
  if (placeCount(db) > 0) return;
  const started = performance.now();
  const count = replacePlaces(db, await seedRecords());
  log.info("places.seeded", { count, ms: Math.round(performance.now() - started) });
}
