import type { PlaceRecord } from "./place-names";

/** Caps on an administrator's GeoNames dump, checked while it is read in the worker. */
export const GEONAMES_LIMITS = {
  /** The upload (a zip or its .txt). */
  fileBytes: 100 * 1024 * 1024,
  /** The text inside a zip, and the zip's entries, and how far one entry may inflate (cities5000.zip inflates ~3:1). */
  textBytes: 400 * 1024 * 1024,
  entries: 10,
  ratio: 20,
  places: 500_000,
  /** Broken lines are skipped and listed; past this many the file is refused as not a GeoNames dump at all. */
  brokenLines: 1000,
  /** How many broken lines the answer names. */
  listedLines: 50,
  /** A place's alternate names kept (GeoNames lists some cities in hundreds of spellings). */
  alternates: 24,
  timeoutMs: 60_000,
  memoryBytes: 1024 * 1024 * 1024,
};

interface BrokenLine {
  line: number;
  reason: string;
}

export interface ParsedDump {
  places: PlaceRecord[];
  broken: BrokenLine[];
  brokenCount: number;
}

/** Why a dump is refused as a whole: `code` names it for the error contract. */
export class DumpRefusal extends Error {
  constructor(
    readonly code: "geonames_not_a_dump" | "geonames_too_large" | "geonames_empty",
    message: string,
  ) {
    super(message);
  }
}

const CYRILLIC = /\p{Script=Cyrillic}/u;
const COLUMNS = 19;

/** One line of GeoNames' `geoname` table (readme.txt: 19 tab-separated columns), or why it is broken. */
function placeOf(fields: string[]): PlaceRecord | string {
  if (fields.length !== COLUMNS) return `${fields.length} columns where GeoNames has ${COLUMNS}`;
  const [, name, asciiName, alternates, latText, lonText, , , countryCode, , , , , , populationText] = fields as [string, string, string, string, string, string, ...string[]];
  const lat = Number(latText);
  const lon = Number(lonText);
  if (!name.trim()) return "no name";
  if (latText.trim() === "" || !Number.isFinite(lat) || Math.abs(lat) > 90) return `latitude "${latText.slice(0, 20)}" is not one`;
  if (lonText.trim() === "" || !Number.isFinite(lon) || Math.abs(lon) > 180) return `longitude "${lonText.slice(0, 20)}" is not one`;
  const population = populationText!.trim() === "" ? 0 : Number(populationText);
  if (!Number.isSafeInteger(population) || population < 0) return `population "${populationText!.slice(0, 20)}" is not a whole number`;
  const others = alternates.split(",").filter(Boolean).slice(0, GEONAMES_LIMITS.alternates);
  return {
    name,
    nameEn: asciiName || name,
    nameRu: others.find((other) => CYRILLIC.test(other)) ?? "",
    nameEs: "",
    country: countryCode!,
    region: "",
    countryCode: countryCode!,
    population,
    lat,
    lon,
    alternates: others,
  };
}

/**
 * The places of a GeoNames dump's text (cities5000.txt and its kin): each line a place, a broken one (wrong column
 * count, a latitude that is none) skipped and named by its number; refused whole when more than the cap are broken
 * (the file is something else), past the places cap, or with no place in it.
 */
export function parseGeonames(text: string): ParsedDump {
  const places: PlaceRecord[] = [];
  const broken: BrokenLine[] = [];
  let brokenCount = 0;
  let line = 0;
  for (let start = 0; start < text.length; ) {
    let end = text.indexOf("\n", start);
    if (end < 0) end = text.length;
    line++;
    const row = text.slice(start, end).replace(/\r$/, "");
    start = end + 1;
    if (!row.trim()) continue;
    const place = placeOf(row.split("\t"));
    if (typeof place === "string") {
      brokenCount++;
      if (broken.length < GEONAMES_LIMITS.listedLines) broken.push({ line, reason: place });
      if (brokenCount > GEONAMES_LIMITS.brokenLines) throw new DumpRefusal("geonames_not_a_dump", `More than ${GEONAMES_LIMITS.brokenLines} lines are not GeoNames places (the first at line ${broken[0]!.line}: ${broken[0]!.reason})`);
      continue;
    }
    if (places.length >= GEONAMES_LIMITS.places) throw new DumpRefusal("geonames_too_large", `A gazetteer may hold at most ${GEONAMES_LIMITS.places} places`);
    places.push(place);
  }
  if (!places.length) throw new DumpRefusal("geonames_empty", "The file holds no GeoNames place");
  return { places, broken, brokenCount };
}
