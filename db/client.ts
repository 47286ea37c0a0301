import { Database } from "bun:sqlite";
import { drizzle, type BunSQLiteDatabase } from "drizzle-orm/bun-sqlite";
import { migrate } from "drizzle-orm/bun-sqlite/migrator";
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import * as schema from "./schema";

export type Db = BunSQLiteDatabase<typeof schema> & { $client: Database };
/** A database or a transaction on it: what helpers that run inside a caller's transaction take. */
export type Executor = Pick<Db, "select" | "insert" | "update" | "delete">;

const migrationsFolder = join(import.meta.dir, "migrations");

/**
 * How much of the database file SQLite reads through a memory map instead of read() calls into its small page
 * cache. A map's view reads thousands of scattered object rows: 5,000 of 1,000,000 took p95 197 ms through
 * read() and 19 ms mapped (bench/poi-bbox.ts). Writes still go through the WAL, backups through VACUUM INTO and
 * restores through SQL, so none of them replaces the file under the map; mapped pages are the kernel's file
 * cache, shared and reclaimable, though they count in the process's RSS once read.
 */
const MMAP_BYTES = 1024 ** 3;

/**
 * Opens (creating if needed) and migrates a database file. synchronous=NORMAL: under WAL it keeps the
 * database consistent after a crash and only risks the last commits on power loss, for 10-20x the
 * single-row write throughput of FULL on these machines (bench/sqlite-sync.ts).
 */
export function openDb(path: string): Db {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const sqlite = new Database(path, { create: true, strict: true });
  sqlite.exec("PRAGMA journal_mode = WAL");
  sqlite.exec("PRAGMA synchronous = NORMAL");
  sqlite.exec("PRAGMA foreign_keys = ON");
  sqlite.exec("PRAGMA busy_timeout = 5000");
  sqlite.exec(`PRAGMA mmap_size = ${MMAP_BYTES}`);
  const db = drizzle({ client: sqlite, schema, casing: "snake_case" }) as Db;
  migrate(db, { migrationsFolder });
  return db;
}

const holder = globalThis as unknown as { __plexusDb?: Db };

/** The process-wide database; the Astro bundle carries its own copy of this module, hence globalThis. */
export function sharedDb(path?: string): Db {
  if (!holder.__plexusDb) {
    if (!path) throw new Error("database not opened yet");
    holder.__plexusDb = openDb(path);
  }
  return holder.__plexusDb;
}
