// The gazetteer: the first start's seed (Natural Earth, 7,343 places), a synthetic GeoNames dump of 50,000 places
// with 12 alternate names each parsed and swapped in, and name searches and nearest-place lookups on it, beside a raw
// bun:sqlite primary-key lookup in the same run. `bun bench/gazetteer.ts` runs it alone.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDb } from "../db/client";
import { nearestPlace, replacePlaces, searchPlaces } from "../src/modules/places/gazetteer";
import { parseGeonames } from "../src/modules/places/geonames";
import { seedPlaces } from "../src/modules/places/seed";

process.env.PLEXUS_QUIET = "1";
const PLACES = 50_000;
const dir = mkdtempSync(join(tmpdir(), "plexus-gazetteer-"));
const db = openDb(join(dir, "bench.sqlite"));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)]!;
const timed = (run: () => unknown) => {
  const started = performance.now();
  run();
  return performance.now() - started;
};

let seeded = performance.now();
await seedPlaces(db);
seeded = performance.now() - seeded;

// Syllables make names that share starts as real ones do ("Novo...", "San ..."); Cyrillic alternates give the Russian name.
const SYLLABLES = ["no", "va", "san", "ta", "ro", "mi", "ka", "le", "do", "ri", "po", "se"];
const name = (n: number) => Array.from({ length: 3 + (n % 3) }, (_, i) => SYLLABLES[(n >> (i * 2)) % SYLLABLES.length]).join("");
const lines = Array.from({ length: PLACES }, (_, n) => {
  const alternates = [...Array.from({ length: 11 }, (_, k) => `${name(n + k * 7919)} ${k}`), `Место ${n}`].join(",");
  return [n + 1, name(n), name(n), alternates, ((n * 37) % 170) - 85, ((n * 91) % 350) - 175, "P", "PPL", "XX", "", "", "", "", "", n * 13, "", "", "UTC", "2024-01-01"].join("\t");
}).join("\n");
let parsed!: ReturnType<typeof parseGeonames>;
const parseMs = timed(() => (parsed = parseGeonames(lines)));
const swapMs = timed(() => replacePlaces(db, parsed.places));
const names = (db.$client.query("select count(*) as n from place_names").get() as { n: number }).n;

const terms = ["s", "sa", "san", "novaro", "место 12", "Место 4999", "zzz"];
const search = terms.map((term) => ({ term, ms: median(Array.from({ length: 30 }, () => timed(() => searchPlaces(db, term)))) }));
const nearest = Array.from({ length: 500 }, (_, n) => timed(() => nearestPlace(db, ((n * 13) % 160) - 80, ((n * 29) % 340) - 170)));
const raw = db.$client.prepare("select * from places where id = ?");
const rawMs = Array.from({ length: 500 }, (_, n) => timed(() => raw.get((n % PLACES) + 1)));

console.log(`seed (7,343 places, first start): ${seeded.toFixed(0)} ms`);
console.log(`dump of ${PLACES} places: parsed ${parseMs.toFixed(0)} ms, swapped in ${swapMs.toFixed(0)} ms (${names} name keys)`);
for (const { term, ms } of search) console.log(`search "${term}": median ${ms.toFixed(2)} ms`);
console.log(`nearest: median ${median(nearest).toFixed(3)} ms, p95 ${p95(nearest).toFixed(3)} ms; raw primary-key select: median ${median(rawMs).toFixed(3)} ms`);
db.$client.close();
rmSync(dir, { recursive: true, force: true });
