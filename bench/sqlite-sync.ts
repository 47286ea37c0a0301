// Single-row insert transactions/s under journal_mode=WAL with synchronous=FULL (baseline) vs NORMAL,
// on a temp file on disk: the claim in db/client.ts. `bun bench/sqlite-sync.ts` runs it alone.
import { Database } from "bun:sqlite";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function insertsPerSecond(dir: string, synchronous: "FULL" | "NORMAL", seconds: number) {
  const path = join(dir, `${synchronous}-${Date.now()}.sqlite`);
  const db = new Database(path, { create: true });
  db.exec("PRAGMA journal_mode = WAL");
  db.exec(`PRAGMA synchronous = ${synchronous}`);
  db.exec("CREATE TABLE rows (id INTEGER PRIMARY KEY, body TEXT NOT NULL)");
  const insert = db.prepare("INSERT INTO rows (body) VALUES (?)");
  let count = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  while (performance.now() < end) {
    insert.run(`row ${count}`); // autocommit: one transaction per row
    count++;
  }
  const rate = count / ((performance.now() - start) / 1000);
  db.close();
  for (const suffix of ["", "-wal", "-shm"]) rmSync(path + suffix, { force: true });
  return rate;
}

/** Rounds alternate FULL and NORMAL; the ratio is the median of the per-round ratios. */
export function sqliteSync(rounds = 3, seconds = 1) {
  const dir = mkdtempSync(join(tmpdir(), "plexus-bench-sqlite-"));
  try {
    const full: number[] = [];
    const normal: number[] = [];
    for (let i = 0; i < rounds; i++) {
      full.push(insertsPerSecond(dir, "FULL", seconds));
      normal.push(insertsPerSecond(dir, "NORMAL", seconds));
    }
    return { full: median(full), normal: median(normal), ratio: median(normal.map((n, i) => n / full[i]!)) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const r = sqliteSync();
  console.log(`sqlite WAL synchronous=NORMAL: ${Math.round(r.normal)} tx/s (baseline FULL ${Math.round(r.full)} tx/s, ratio ${r.ratio.toFixed(2)}x)`);
}
