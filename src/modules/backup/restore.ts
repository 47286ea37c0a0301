import { Database } from "bun:sqlite";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { openDb, type Db } from "../../../db/client";
import { randomToken } from "../../lib/crypto";
import { log } from "../../lib/log";
import { appliedMigration, latestMigration } from "./schema-version";
import { extractTarGz, type TarEntry, type TarReadRules } from "../../lib/tar";
import { ArchiveError, openArchive } from "./open-archive";
import { DATABASE_ENTRY, isBackupEntry, KEY_FILES, MANIFEST, type Manifest } from "./snapshot";

/**
 * Restoring, in an order a crash cannot break: the archive is first read through without writing anything
 * (manifest found, every entry's size and hash matching it, the declared total within the compression-ratio
 * limit), then extracted into DATA_DIR/.restore-<token>, no file past its declared size, and checked again
 * (manifest hashes, integrity_check, schema not newer than ours); a marker names the folder and a
 * token; the live database takes the backup's rows in ONE transaction that also writes the token into
 * PRAGMA user_version; only then are the files folder and the key files swapped by renames. A crash before
 * the commit leaves the old database and files; after it, the next start (finishInterruptedRestore) sees the
 * token in the database and completes the swap. The running process keeps its connection: nothing reopens.
 */
const MARKER = "restore.pending.json";

interface Marker {
  token: number;
  stage: string;
}

/**
 * The most a backup may unpack to, per compressed byte: gzip of a vacuumed database and stored files stays far
 * below it (Plexus's own backups: about 2-30x), a deflate bomb needs about 1000x.
 */
const MAX_RATIO = 200;
const MANIFEST_LIMIT = 16 * 1024 * 1024;

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

function checkManifest(bytes: Buffer | undefined, extracted: TarEntry[]): Manifest {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(bytes!.toString("utf8"));
  } catch {
    throw new ArchiveError("the archive has no readable manifest");
  }
  if (manifest?.format !== "plexus-backup" || manifest.version !== 1 || !Array.isArray(manifest.entries)) {
    throw new ArchiveError("the archive is not a Plexus backup");
  }
  const found = new Map(extracted.filter((e) => e.name !== MANIFEST).map((e) => [e.name, e]));
  if (found.size !== manifest.entries.length) throw new ArchiveError("the archive's entries differ from its manifest");
  for (const listed of manifest.entries) {
    const entry = found.get(listed.name);
    if (!entry || entry.size !== listed.size || entry.sha256 !== listed.sha256) {
      throw new ArchiveError(`${listed.name} does not match the manifest`);
    }
  }
  if (!found.has(DATABASE_ENTRY)) throw new ArchiveError("the archive holds no database");
  return manifest;
}

/** Opens the staged database, checks it and brings it to our schema (older backups are migrated). */
function checkDatabase(path: string, manifest: Manifest) {
  if (!(manifest.schema <= latestMigration())) throw new ArchiveError("the backup was made by a newer Plexus");
  let sqlite: Database | undefined;
  try {
    sqlite = new Database(path, { readonly: true, strict: true });
    const result = sqlite.query("PRAGMA integrity_check").all() as { integrity_check: string }[];
    if (result.length !== 1 || result[0].integrity_check !== "ok") throw new ArchiveError("the backup's database is damaged");
    if (appliedMigration(sqlite) > latestMigration()) throw new ArchiveError("the backup was made by a newer Plexus");
  } catch (error) {
    if (error instanceof ArchiveError) throw error;
    throw new ArchiveError(`the backup's database cannot be opened: ${(error as Error).message}`);
  } finally {
    sqlite?.close();
  }
  openDb(path).$client.close();
}

const columnsOf = (sqlite: Database, schema: string, table: string) =>
  (sqlite.query(`PRAGMA ${schema}.table_info(${quote(table)})`).all() as { name: string }[]).map((c) => c.name);

/**
 * Replaces every row of the live database with the staged one's, in one transaction that also writes `token`
 * and runs `andThen` on the restored rows (the restore's audit, so the restored log keeps it).
 */
function copyDatabase(sqlite: Database, source: string, token: number, andThen: () => void) {
  sqlite.exec("PRAGMA foreign_keys = OFF");
  sqlite.prepare("ATTACH DATABASE ? AS restored").run(source);
  try {
    sqlite.transaction(() => {
      const objects = sqlite.query("SELECT type, name, sql FROM main.sqlite_master WHERE sql IS NOT NULL").all() as { type: string; name: string; sql: string }[];
      const restoredTables = new Set((sqlite.query("SELECT name FROM restored.sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((r) => r.name));
      const virtual = objects.filter((o) => o.type === "table" && /^CREATE VIRTUAL TABLE/i.test(o.sql));
      const isShadow = (name: string) => virtual.some((v) => name.startsWith(`${v.name}_`));
      const triggers = objects.filter((o) => o.type === "trigger");
      for (const trigger of triggers) sqlite.exec(`DROP TRIGGER main.${quote(trigger.name)}`);
      const plain = objects.filter((o) => o.type === "table" && !virtual.includes(o) && !isShadow(o.name) && !o.name.startsWith("sqlite_"));
      const copy = (name: string, withRowid: boolean) => {
        const theirs = new Set(columnsOf(sqlite, "restored", name));
        const columns = [...(withRowid ? ["rowid"] : []), ...columnsOf(sqlite, "main", name).filter((c) => theirs.has(c))].map(quote).join(", ");
        sqlite.exec(`INSERT INTO main.${quote(name)} (${columns}) SELECT ${columns} FROM restored.${quote(name)}`);
      };
      for (const table of plain) {
        sqlite.exec(`DELETE FROM main.${quote(table.name)}`);
        if (restoredTables.has(table.name)) copy(table.name, false);
      }
      if (objects.some((o) => o.name === "sqlite_sequence")) {
        sqlite.exec("DELETE FROM main.sqlite_sequence");
        if (restoredTables.has("sqlite_sequence")) sqlite.exec("INSERT INTO main.sqlite_sequence (name, seq) SELECT name, seq FROM restored.sqlite_sequence");
      }
      for (const table of virtual) {
        const name = quote(table.name);
        if (/content\s*=\s*''/i.test(table.sql)) sqlite.exec(`INSERT INTO main.${name}(${name}) VALUES('delete-all')`);
        else if (/content\s*=/i.test(table.sql)) sqlite.exec(`INSERT INTO main.${name}(${name}) VALUES('rebuild')`);
        else {
          sqlite.exec(`DELETE FROM main.${name}`);
          if (restoredTables.has(table.name)) copy(table.name, true);
        }
      }
      for (const trigger of triggers) sqlite.exec(trigger.sql);
      andThen();
      sqlite.exec(`PRAGMA main.user_version = ${token}`);
    })();
  } finally {
    sqlite.exec("DETACH DATABASE restored");
    sqlite.exec("PRAGMA foreign_keys = ON");
  }
}

/** Puts the staged files folder and key files in place (each step a rename; safe to repeat after a crash). */
function swapFiles(dataDir: string, stage: string) {
  const staged = join(stage, "files");
  if (existsSync(staged)) {
    if (existsSync(join(dataDir, "files")) && !existsSync(join(stage, "files.old"))) renameSync(join(dataDir, "files"), join(stage, "files.old"));
    renameSync(staged, join(dataDir, "files"));
  }
  mkdirSync(join(dataDir, "files"), { recursive: true });
  for (const key of KEY_FILES) {
    if (existsSync(join(stage, "keys", key))) renameSync(join(stage, "keys", key), join(dataDir, key));
  }
}

function keysDiffer(dataDir: string, stage: string): boolean {
  return KEY_FILES.some((key) => {
    const staged = join(stage, "keys", key);
    const current = join(dataDir, key);
    return existsSync(staged) && (!existsSync(current) || !readFileSync(staged).equals(readFileSync(current)));
  });
}

/**
 * Restores the archive at `archive` over the live data. Throws ArchiveError, with nothing changed, when the
 * archive is not a sound Plexus backup, and PassphraseError when it is encrypted and `passphrase` is missing or
 * wrong. `restartNeeded`: the backup's keys differ from the running ones, which the process holds in memory.
 * `andThen` runs in the database step's transaction, after the copy.
 */
export async function restoreArchive(db: Db, dataDir: string, archive: string, options: { passphrase?: string; andThen?: () => void } = {}): Promise<{ restartNeeded: boolean }> {
  const { read, compressedBytes } = await openArchive(archive, options.passphrase);
  const limit = MAX_RATIO * compressedBytes;
  const rules: TarReadRules = { allows: isBackupEntry, maxStreamBytes: limit, refuse: (message) => new ArchiveError(message) };
  const scan = await extractTarGz(read(), null, { ...rules, keep: { name: MANIFEST, limit: MANIFEST_LIMIT } });
  const declared = new Map(checkManifest(scan.kept, scan.files).entries.map((entry) => [entry.name, entry.size]));
  const total = [...declared.values()].reduce((sum, size) => sum + size, 0) + (scan.kept?.length ?? 0);
  if (total > limit) throw new ArchiveError(`the archive would unpack to ${total} bytes, more than ${MAX_RATIO} times its size`);
  const admit = (name: string, size: number) => (name === MANIFEST ? size === scan.kept?.length : declared.get(name) === size) ? null : `${name} is not the size the manifest declares`;
  const stage = join(dataDir, `.restore-${randomToken(9)}`);
  try {
    const { files } = await extractTarGz(read(), stage, { ...rules, admit, maxBytes: total });
    const manifest = checkManifest(readFileSync(join(stage, MANIFEST)), files);
    checkDatabase(join(stage, DATABASE_ENTRY), manifest);
  } catch (error) {
    rmSync(stage, { recursive: true, force: true });
    throw error;
  }
  const restartNeeded = keysDiffer(dataDir, stage);
  const marker: Marker = { token: 1 + Math.floor(Math.random() * 0x7ffffffe), stage };
  writeFileSync(join(dataDir, MARKER), JSON.stringify(marker), { mode: 0o600 });
  try {
    copyDatabase(db.$client, join(stage, DATABASE_ENTRY), marker.token, options.andThen ?? (() => {}));
  } catch (error) {
    rmSync(join(dataDir, MARKER), { force: true });
    rmSync(stage, { recursive: true, force: true });
    throw error;
  }
  swapFiles(dataDir, stage);
  rmSync(join(dataDir, MARKER), { force: true });
  rmSync(stage, { recursive: true, force: true });
  return { restartNeeded };
}

/** On start: completes a restore whose database step committed, or undoes one whose step did not. */
export function finishInterruptedRestore(db: Db, dataDir: string): void {
  const markerPath = join(dataDir, MARKER);
  if (!existsSync(markerPath)) return;
  const marker = JSON.parse(readFileSync(markerPath, "utf8")) as Marker;
  // The marker only ever names a staging folder of this data folder; anything else is not ours to move or remove.
  if (typeof marker.stage !== "string" || dirname(marker.stage) !== dataDir || !basename(marker.stage).startsWith(".restore-")) {
    throw new Error(`${markerPath} names a folder that is not a restore stage`);
  }
  const version = (db.$client.query("PRAGMA user_version").get() as { user_version: number }).user_version;
  if (version === marker.token) {
    swapFiles(dataDir, marker.stage);
    log.warn("backup.restore_completed_on_start", { stage: marker.stage });
  } else {
    if (!existsSync(join(dataDir, "files")) && existsSync(join(marker.stage, "files.old"))) renameSync(join(marker.stage, "files.old"), join(dataDir, "files"));
    log.warn("backup.restore_undone_on_start", { stage: marker.stage });
  }
  rmSync(marker.stage, { recursive: true, force: true });
  rmSync(markerPath, { force: true });
}
