/**
 * What a person types or pastes into the map search to mean a place, read without a server (spec 3: "two
 * comma-separated numbers (spaces removed) is latitude,longitude"), plus the forms people paste: degrees,
 * minutes and seconds with N/S/E/W (or С/Ю/В/З, or O for oeste), decimal commas ("55,75 37,62"), "lon lat"
 * when the first number cannot be a latitude, and a Plexus share link to a position or an object.
 * No imports: the islands use it as the server does.
 */

/** A place to go to; `swapped` when the text gave longitude first and the order was turned (the panel says so). */
interface CoordinateHit {
  kind: "point";
  lat: number;
  lon: number;
  zoom?: number;
  swapped?: boolean;
}

/** A share link to one object of a points layer. */
interface ObjectHit {
  kind: "object";
  id: number;
}

export type CoordinateReading = CoordinateHit | ObjectHit;

const NUMBER = String.raw`[-+−]?\d+(?:\.\d+)?`;
const COMMA_NUMBER = String.raw`[-+−]?\d+,\d+`;
/** "55.75,37.62" and "55.75, 37.62" (the spec's form), and "55.75 37.62" or "55.75;37.62". */
const DOT_PAIR = new RegExp(`^(${NUMBER})\\s*[,;\\s]\\s*(${NUMBER})$`);
/** "55,75 37,62" or "55,75; 37,62": decimal commas, as ru and es write them. */
const COMMA_PAIR = new RegExp(`^(${COMMA_NUMBER})\\s*[;\\s]\\s*(${COMMA_NUMBER})$`);

const HEMISPHERES: Record<string, { axis: "lat" | "lon"; sign: 1 | -1 }> = {
  N: { axis: "lat", sign: 1 },
  S: { axis: "lat", sign: -1 },
  E: { axis: "lon", sign: 1 },
  W: { axis: "lon", sign: -1 },
  O: { axis: "lon", sign: -1 },
  С: { axis: "lat", sign: 1 },
  Ю: { axis: "lat", sign: -1 },
  В: { axis: "lon", sign: 1 },
  З: { axis: "lon", sign: -1 },
};
const LETTERS = "NSEWOСЮВЗ";
/** One angle: up to three numbers (degrees, minutes, seconds) with their marks or spaces, a hemisphere letter before or after. */
const ANGLE = new RegExp(
  String.raw`([${LETTERS}])?\s*([-+−]?\d+(?:[.,]\d+)?)\s*(?:°|º|˚|deg|d|\s)?\s*(?:(\d+(?:[.,]\d+)?)(?![\d.,]|\s*[°º˚])\s*(?:′|'|’|m|\s)?\s*)?(?:(\d+(?:[.,]\d+)?)(?![\d.,]|\s*[°º˚])\s*(?:″|"|”|''|′′|s)?\s*)?([${LETTERS}](?!\p{L}))?`,
  "iuy",
);

const number = (text: string) => Number(text.replace(",", ".").replace("−", "-"));
const inRange = (lat: number, lon: number) => Math.abs(lat) <= 90 && Math.abs(lon) <= 180;

/** Two plain numbers: latitude first, unless the first is no latitude and the second is one (then turned, and said). */
function pair(first: number, second: number): CoordinateHit | null {
  if (inRange(first, second)) return { kind: "point", lat: first, lon: second };
  if (inRange(second, first)) return { kind: "point", lat: second, lon: first, swapped: true };
  return null;
}

/** Reads "55°45′21″N 37°37′4″E" and its kin; null unless both angles carry a hemisphere letter or a degree mark. */
function degreesMinutesSeconds(text: string): CoordinateHit | null {
  if (!/[°º˚'′″"]|\d\s*[NSEWOСЮВЗ](?!\p{L})|(?<!\p{L})[NSEWOСЮВЗ]\s*\d/iu.test(text)) return null;
  const angles: { value: number; letter?: string }[] = [];
  let rest = text;
  while (rest && angles.length < 3) {
    ANGLE.lastIndex = 0;
    const match = ANGLE.exec(rest);
    if (!match || match[0].length === 0) return null;
    const [whole, before, degrees, minutes, seconds, trailing] = match;
    // "N 55°45′ E 37°37′": a letter after an angle that had one before it starts the next angle.
    const after = before ? undefined : trailing;
    const used = before && trailing ? whole.slice(0, whole.lastIndexOf(trailing)) : whole;
    const minutesValue = minutes === undefined ? 0 : number(minutes);
    const secondsValue = seconds === undefined ? 0 : number(seconds);
    if (minutesValue >= 60 || secondsValue >= 60) return null;
    const size = Math.abs(number(degrees)) + minutesValue / 60 + secondsValue / 3600;
    const negative = /^[-−]/.test(degrees);
    angles.push({ value: negative ? -size : size, letter: (before ?? after)?.toUpperCase() });
    rest = rest.slice(used.length).replace(/^[\s,;/]+/, "");
  }
  if (angles.length !== 2 || rest) return null;
  const [a, b] = angles;
  if (a.letter && b.letter) {
    const first = HEMISPHERES[a.letter];
    const second = HEMISPHERES[b.letter];
    if (first.axis === second.axis) return null;
    const lat = (first.axis === "lat" ? a : b).value * (first.axis === "lat" ? first.sign : second.sign);
    const lon = (first.axis === "lon" ? a : b).value * (first.axis === "lon" ? first.sign : second.sign);
    return inRange(lat, lon) ? { kind: "point", lat, lon } : null;
  }
  if (a.letter || b.letter) return null;
  return pair(a.value, b.value);
}

/** A Plexus link: a map at ?lat=&lon=(&zoom=), or an object by ?layerPoi= or ?layerPoiId=; only from `origin` when one is given. */
function shareLink(text: string, origin?: string): CoordinateReading | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || (origin && url.origin !== origin)) return null;
  const object = url.searchParams.get("layerPoi") ?? url.searchParams.get("layerPoiId");
  if (object && /^[1-9]\d{0,15}$/.test(object)) return { kind: "object", id: Number(object) };
  const lat = url.searchParams.get("lat");
  const lon = url.searchParams.get("lon");
  if (lat === null || lon === null || !new RegExp(`^${NUMBER}$`).test(lat) || !new RegExp(`^${NUMBER}$`).test(lon)) return null;
  const zoom = Number(url.searchParams.get("zoom"));
  const hit: CoordinateHit = { kind: "point", lat: Number(lat), lon: Number(lon) };
  if (!inRange(hit.lat, hit.lon)) return null;
  return Number.isFinite(zoom) && zoom > 0 && zoom <= 28 ? { ...hit, zoom } : hit;
}

/** What `text` means as a place, or null when it is a name to look up. `origin` limits share links to this Plexus. */
export function parseCoordinates(text: string, origin?: string): CoordinateReading | null {
  const trimmed = text.trim().normalize("NFC");
  if (!trimmed || trimmed.length > 2000) return null;
  if (/^https?:\/\//i.test(trimmed)) return shareLink(trimmed, origin);
  const comma = COMMA_PAIR.exec(trimmed);
  if (comma) return pair(number(comma[1]), number(comma[2]));
  const dot = DOT_PAIR.exec(trimmed);
  if (dot) return pair(number(dot[1]), number(dot[2]));
  return degreesMinutesSeconds(trimmed);
}
