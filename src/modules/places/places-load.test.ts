import { describe, expect, test } from "bun:test";
import { deflateRawSync } from "node:zlib";
import { activityLog } from "../../../db/schema";
import { OWN_PAGE_HEADERS, withTestApp } from "../../testing/harness";
import { storedZip } from "../../testing/zip-fixture";
import { placeCount, replacePlaces, searchPlaces } from "./gazetteer";
import { GEONAMES_LIMITS, parseGeonames } from "./geonames";

const { t } = withTestApp();

/** A line of GeoNames' geoname table: 19 tab-separated columns. */
const line = (id: number, name: string, alternates: string, lat: string, lon: string, country: string, population: string) =>
  [id, name, name, alternates, lat, lon, "P", "PPLA", country, "", "01", "", "", "", population, "", "150", "Europe/Moscow", "2024-01-01"].join("\t");

const DUMP = [
  line(524901, "Moscow", "Maskva,Moscou,Moskau,Москва,Moscú", "55.75222", "37.61556", "RU", "10381222"),
  "this line is not a place",
  line(2514256, "Málaga", "Malaga,Малага", "36.72016", "-4.42034", "ES", "568305"),
  line(3, "Nowhere", "", "95.1", "10", "XX", "1"),
  "",
  line(4, "Tiny", "", "10", "10", "XX", "a few"),
].join("\n");

async function upload(cookie: string, bytes: Uint8Array, name: string) {
  const form = new FormData();
  form.append("file", new File([Buffer.from(bytes)], name));
  const response = await t.app.handle(new Request("http://plexus.test/api/places/load", { method: "POST", headers: { ...OWN_PAGE_HEADERS, cookie }, body: form }));
  return { status: response.status, body: await response.json() };
}

/** A one-entry zip whose entry is deflated: `text` compressed, its real size declared. */
function deflatedZip(name: string, text: Uint8Array): Uint8Array {
  const packed = deflateRawSync(text, { level: 9 });
  const zip = storedZip([[name, packed]]);
  const view = new DataView(zip.buffer);
  const central = 30 + name.length + packed.length;
  for (const [method, crc, size] of [[8, 14, 22], [central + 10, central + 16, central + 24]] as const) {
    view.setUint16(method, 8, true);
    view.setUint32(crc, Bun.hash.crc32(text), true);
    view.setUint32(size, text.length, true);
  }
  return zip;
}

describe("a GeoNames dump", () => {
  test("broken lines are skipped and named by number; alternate names find the place; a Cyrillic one is its Russian name", () => {
    const parsed = parseGeonames(DUMP);
    expect(parsed.places.map((place) => place.name)).toEqual(["Moscow", "Málaga"]);
    expect(parsed.places[0]).toMatchObject({ nameRu: "Москва", countryCode: "RU", population: 10381222, lat: 55.75222, lon: 37.61556 });
    expect(parsed.brokenCount).toBe(3);
    expect(parsed.broken).toEqual([
      { line: 2, reason: "1 columns where GeoNames has 19" },
      { line: 4, reason: 'latitude "95.1" is not one' },
      { line: 6, reason: 'population "a few" is not a whole number' },
    ]);
  });

  test("a file that is mostly not GeoNames, or has no place, is refused whole", () => {
    const junk = Array.from({ length: GEONAMES_LIMITS.brokenLines + 1 }, (_, n) => `junk ${n}`).join("\n");
    expect(() => parseGeonames(`${line(1, "A", "", "1", "1", "XX", "1")}\n${junk}`)).toThrow(/More than 1000 lines are not GeoNames places \(the first at line 2/);
    expect(() => parseGeonames("\n\n")).toThrow("The file holds no GeoNames place");
  });

  test("a system administrator's zip replaces the gazetteer at once; the answer names the skipped lines; the activity log says who", async () => {
    replacePlaces(t.db, [{ name: "Old", nameEn: "Old", nameRu: "", nameEs: "", country: "", region: "", countryCode: "", population: 1, lat: 0, lon: 0 }]);
    const admin = await t.userWithCookie("SYSTEM_ADMIN");
    const loaded = await upload(admin.cookie, deflatedZip("cities5000.txt", new TextEncoder().encode(DUMP)), "cities5000.zip");
    expect(loaded).toEqual({ status: 200, body: { places: 2, skipped: 3, broken: expect.arrayContaining([{ line: 4, reason: 'latitude "95.1" is not one' }]) } });
    expect(placeCount(t.db)).toBe(2);
    expect(searchPlaces(t.db, "moskau")[0]?.name).toBe("Moscow");
    expect(searchPlaces(t.db, "old")).toEqual([]);
    expect(t.db.select().from(activityLog).all().some((row) => row.description === "gazetteer: 2 places from cities5000.zip")).toBe(true);
    // The .txt itself loads too.
    expect((await upload(admin.cookie, new TextEncoder().encode(DUMP), "cities5000.txt")).body.places).toBe(2);
  });

  test("a zip bomb, a file of junk and a plain administrator are refused, and the gazetteer stays as it was", async () => {
    replacePlaces(t.db, [{ name: "Kept", nameEn: "Kept", nameRu: "", nameEs: "", country: "", region: "", countryCode: "", population: 1, lat: 0, lon: 0 }]);
    const system = await t.userWithCookie("SYSTEM_ADMIN");
    const bomb = await upload(system.cookie, deflatedZip("cities5000.txt", new Uint8Array(64 * 1024 * 1024)), "cities5000.zip");
    expect(bomb.status).toBe(422);
    expect(bomb.body.error).toBe("geonames_too_large");
    const junk = await upload(system.cookie, new TextEncoder().encode("a\nb\n"), "cities.txt");
    expect(junk).toMatchObject({ status: 422, body: { error: "geonames_empty" } });
    const binary = await upload(system.cookie, new Uint8Array([0xff, 0xfe, 0x00, 0x41]), "cities.txt");
    expect(binary).toMatchObject({ status: 422, body: { error: "geonames_not_a_dump" } });
    const admin = await t.userWithCookie("ADMIN");
    expect((await upload(admin.cookie, new TextEncoder().encode(DUMP), "cities5000.txt")).status).toBe(403);
    expect(searchPlaces(t.db, "kept").map((place) => place.name)).toEqual(["Kept"]);
    expect(placeCount(t.db)).toBe(1);
  });
});
