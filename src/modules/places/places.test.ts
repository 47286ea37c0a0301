import { afterAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { settings } from "../../../db/schema";
import { withTestApp } from "../../testing/harness";
import { nearestPlace, placeCount, replacePlaces, searchPlaces } from "./gazetteer";
import { GEOCODER_LIMITS, geocode, viewboxOf } from "./geocoder";
import type { PlaceRecord } from "./place-names";
import { seedPlaces } from "./seed";

const { t } = withTestApp();

const place = (name: string, lat: number, lon: number, population: number, names: Partial<PlaceRecord> = {}): PlaceRecord => ({
  name,
  nameEn: name,
  nameRu: "",
  nameEs: "",
  country: "",
  region: "",
  countryCode: "",
  population,
  lat,
  lon,
  ...names,
});

const FIXTURE = [
  place("Santiago", -33.45, -70.67, 5_720_000, { nameRu: "Сантьяго" }),
  place("Santiago de Compostela", 42.88, -8.54, 92_430, { nameRu: "Сантьяго-де-Компостела" }),
  place("Compostela", 7.67, 126.09, 16_162),
  place("San", 13.3, -4.9, 200_000),
  place("Orel", 52.97, 36.08, 334_552, { nameRu: "Орёл" }),
  place("Málaga", 36.72, -4.42, 550_058, { nameRu: "Малага", nameEs: "Málaga" }),
  place("Anadyr", 64.74, 177.48, 10_332),
  place("Provideniya", 64.42, -173.23, 2_000),
];

describe("the gazetteer", () => {
  test("finds names in any case, with accents and ё folded, whole names before starts before later words, the populous first", () => {
    replacePlaces(t.db, FIXTURE);
    const names = (text: string, exact = false) => searchPlaces(t.db, text, { exact }).map((found) => found.name);
    expect(names("malaga")).toEqual(["Málaga"]);
    expect(names("МАЛАГА")).toEqual(["Málaga"]);
    expect(names("орел")).toEqual(["Orel"]);
    expect(names("ОРЁЛ")).toEqual(["Orel"]);
    // "San" is a whole name; "Santiago" starts with it and is larger, but the whole name comes first.
    expect(names("san")).toEqual(["San", "Santiago", "Santiago de Compostela"]);
    expect(names("santiago")).toEqual(["Santiago", "Santiago de Compostela"]);
    expect(names("compostela")).toEqual(["Compostela", "Santiago de Compostela"]);
    expect(names("сантьяго-де")).toEqual(["Santiago de Compostela"]);
    expect(names("santiag", true)).toEqual([]);
    expect(names("compostela", true)).toEqual(["Compostela", "Santiago de Compostela"]);
    expect(names("   ")).toEqual([]);
    expect(names("x".repeat(121))).toEqual([]);
  });

  test("the nearest place to a point, across the antimeridian, and none far from everything", () => {
    replacePlaces(t.db, FIXTURE);
    const at = (lat: number, lon: number) => nearestPlace(t.db, lat, lon);
    expect(at(52.9, 36.1)?.place.name).toBe("Orel");
    expect(at(52.9, 36.1)!.metres).toBeGreaterThan(7000);
    expect(at(52.9, 36.1)!.metres).toBeLessThan(9000);
    // 179.9 east is nearer Anadyr (177.5 E, 120 km) than Provideniya (173.2 W); -179.9 is nearer Provideniya.
    expect(at(64.6, 179.9)?.place.name).toBe("Anadyr");
    expect(at(64.5, -175)?.place.name).toBe("Provideniya");
    expect(at(-60, -140)).toBeNull();
  });

  test("seeded from Natural Earth once: Москва and Málaga typed without its accent; a second start leaves it", async () => {
    await seedPlaces(t.db);
    const count = placeCount(t.db);
    expect(count).toBe(7343);
    expect(searchPlaces(t.db, "москва")[0]).toMatchObject({ name: "Moscow", nameRu: "Москва", countryCode: "RU" });
    expect(searchPlaces(t.db, "Malaga")[0]).toMatchObject({ nameEs: "Málaga", country: "Spain" });
    replacePlaces(t.db, FIXTURE);
    await seedPlaces(t.db);
    expect(placeCount(t.db)).toBe(FIXTURE.length);
  });
});

describe("places routes", () => {
  test("a signed-in user searches in their language and asks what is here; no session is 401, bad input 422", async () => {
    replacePlaces(t.db, FIXTURE);
    const { cookie } = await t.userWithCookie();
    const ru = await t.call("GET", `/places/search?q=${encodeURIComponent("малага")}`, { cookie, headers: { "accept-language": "ru" } });
    expect(ru.status).toBe(200);
    expect(ru.body.content).toEqual([{ id: expect.any(Number), name: "Малага", detail: "", population: 550_058, lat: 36.72, lon: -4.42, source: "gazetteer" }]);
    const here = await t.call("GET", "/places/nearest?lat=52.9&lon=36.1", { cookie });
    expect(here.body).toMatchObject({ place: { name: "Orel" }, metres: expect.any(Number) });
    expect((await t.call("GET", "/places/nearest?lat=-60&lon=-140", { cookie })).body).toEqual({ place: null, metres: null });
    expect((await t.call("GET", "/places/search?q=malaga")).status).toBe(401);
    expect((await t.call("GET", "/places/nearest?lat=91&lon=0", { cookie })).status).toBe(422);
    expect((await t.call("GET", "/places/search?q=", { cookie })).status).toBe(422);
    expect((await t.call("GET", "/places/search?q=a&bbox=1,2,3", { cookie })).status).toBe(422);
  });
});

/** A Nominatim stand-in: nothing inside a bounded view box, one address world-wide; every request is kept. */
const asked: URL[] = [];
const nominatim = Bun.serve({
  port: 0,
  fetch(request) {
    const url = new URL(request.url);
    asked.push(url);
    const world = url.searchParams.get("viewbox") === "-180.00,90.00,180.00,-90.00";
    const features = world ? [{ type: "Feature", geometry: { type: "Point", coordinates: [37.62, 55.75] }, properties: { display_name: "Tverskaya 1, Moscow" } }] : [];
    return Response.json({ type: "FeatureCollection", features });
  },
});
/** A geocoder that accepts the request and never answers. */
const hanging = Bun.serve({ port: 0, fetch: () => new Promise<Response>(() => {}) });
afterAll(() => {
  nominatim.stop(true);
  hanging.stop(true);
});

describe("the geocoder adapter", () => {
  const origin = (server: { port?: number }) => `http://127.0.0.1:${server.port}`;

  test("asks inside the view box with the spec's parameters, then world-wide when that is empty", async () => {
    asked.length = 0;
    const hits = await geocode({ url: `${origin(nominatim)}/search`, countries: "ru", allowed: new Set([origin(nominatim)]) }, "Tverskaya 1", [36.123, 55.1, 38.9, 56.2]);
    expect(hits).toEqual([{ name: "Tverskaya 1, Moscow", lat: 55.75, lon: 37.62 }]);
    expect(asked.length).toBe(2);
    expect(Object.fromEntries(asked[0].searchParams)).toMatchObject({ q: "Tverskaya 1", countrycodes: "ru", format: "geojson", addressdetails: "1", viewbox: "36.12,56.20,38.90,55.10", bounded: "1" });
    expect(viewboxOf([-600, -95, 600, 95])).toBe("-528.00,90.00,551.00,-90.00");
  });

  test("a server off the allowlist is never asked; a hanging one is given up after the timeout; both answer nothing", async () => {
    asked.length = 0;
    expect(await geocode({ url: `${origin(nominatim)}/search`, countries: "", allowed: new Set(["https://tiles.example.org"]) }, "x", [0, 0, 1, 1])).toEqual([]);
    expect(asked.length).toBe(0);
    const started = performance.now();
    expect(await geocode({ url: `${origin(hanging)}/search`, countries: "", allowed: new Set([origin(hanging)]) }, "x", [0, 0, 1, 1])).toEqual([]);
    const took = performance.now() - started;
    expect(took).toBeGreaterThanOrEqual(GEOCODER_LIMITS.timeoutMs - 50);
    expect(took).toBeLessThan(GEOCODER_LIMITS.timeoutMs + 2000);
  });

  test("places/search adds the administrator's geocoder's addresses after the gazetteer's places", async () => {
    replacePlaces(t.db, FIXTURE);
    t.db.update(settings).set({ body: origin(nominatim) }).where(eq(settings.label, "GIS_TILE_HOSTS")).run();
    t.db.update(settings).set({ body: `${origin(nominatim)}/search` }).where(eq(settings.label, "GIS_GEOCODER_URL")).run();
    const { cookie } = await t.userWithCookie();
    const found = await t.call("GET", "/places/search?q=orel&bbox=36,52,37,53", { cookie });
    expect(found.body.content.map((hit: { name: string; source: string }) => [hit.name, hit.source])).toEqual([
      ["Orel", "gazetteer"],
      ["Tverskaya 1, Moscow", "geocoder"],
    ]);
  });
});
