import type { Database } from "bun:sqlite";
import journal from "../../../db/migrations/meta/_journal.json";

/** The time stamp of this build's newest migration: a backup's schema is comparable by it. */
export function latestMigration(): number {
  return Math.max(...journal.entries.map((entry) => entry.when));
}

/** The newest migration a database file has applied (0 when it has none). */
export function appliedMigration(sqlite: Database): number {
  const row = sqlite.query("SELECT max(created_at) AS latest FROM __drizzle_migrations").get() as { latest: number | null };
  return Number(row.latest ?? 0);
}
