import { copyFileSync, existsSync, linkSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import type { Db } from "../../../db/client";
import { randomToken } from "../../lib/crypto";
import { latestMigration } from "./schema-version";
import { tarWriter } from "../../lib/tar";
import { backupsDir, fileNameOf, fileNamesOfDate, dateOfFileName } from "./names";
import type { BackupKey } from "./passphrase";
import { sealHeader, sealStream } from "./seal";

/** The key files kept in DATA_DIR that a backup carries (losing secret.key makes chat messages unreadable). */
export const KEY_FILES = ["secret.key", "share.key", "device.key"] as const;
export const MANIFEST = "manifest.json";
export const DATABASE_ENTRY = "plexus.sqlite";

/**
 * The backup's entry-name rule, for writing and for restoring: the database, the manifest, key files and stored
 * files, each segment plain (letters, digits, dot, dash, underscore).
 */
export const isBackupEntry = (name: string) =>
  name.split("/").every((segment) => /^[A-Za-z0-9._-]+$/.test(segment)) &&
  (name === DATABASE_ENTRY || name === MANIFEST || (KEY_FILES as readonly string[]).some((key) => name === `keys/${key}`) || name.startsWith("files/"));

export interface Manifest {
  format: "plexus-backup";
  version: 1;
  createdAt: string;
  schema: number;
  entries: { name: string; size: number; sha256: string }[];
}

/** Every file under `dir`, as paths relative to it. */
function walk(dir: string, prefix = ""): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return walk(join(dir, entry.name), relative);
    return entry.isFile() ? [relative] : [];
  });
}

/**
 * Freezes the data in one synchronous step, so no request of this process changes anything in between:
 * the database through VACUUM INTO, stored files as hard links (they are written once, never changed in
 * place), key files as copies. Returns the work folder the archive is then written from.
 */
function freeze(db: Db, dataDir: string, work: string) {
  mkdirSync(join(work, "files"), { recursive: true });
  mkdirSync(join(work, "keys"));
  db.$client.prepare("VACUUM INTO ?").run(join(work, DATABASE_ENTRY));
  for (const relative of walk(join(dataDir, "files"))) {
    const target = join(work, "files", relative);
    mkdirSync(join(target, ".."), { recursive: true });
    try {
      linkSync(join(dataDir, "files", relative), target);
    } catch {
      copyFileSync(join(dataDir, "files", relative), target);
    }
  }
  for (const key of KEY_FILES) {
    if (existsSync(join(dataDir, key))) copyFileSync(join(dataDir, key), join(work, "keys", key));
  }
}

/** Whether a backup of that second exists already, encrypted or not. */
const taken = (folder: string, when: Date) => fileNamesOfDate(dateOfFileName(fileNameOf(when))!).some((name) => existsSync(join(folder, name)));

/**
 * Writes DATA_DIR/backups/plexus-<date>.tar.gz.enc: the database, stored files, key files and a manifest last,
 * gzipped and then encrypted with the backup key (seal.ts).
 */
export async function writeBackup(db: Db, dataDir: string, key: BackupKey, now = new Date()): Promise<string> {
  const folder = backupsDir(dataDir);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  let when = now;
  while (taken(folder, when)) when = new Date(when.getTime() + 1000);
  const name = fileNameOf(when);
  const work = join(folder, `.work-${randomToken(9)}`);
  const partial = join(folder, `.${name}.partial`);
  try {
    freeze(db, dataDir, work);
    const tar = tarWriter(partial, isBackupEntry, sealStream(key.key, sealHeader(key.params, key.key)));
    for (const relative of walk(work)) {
      const source = join(work, relative);
      const entryName = relative.startsWith("keys/") || relative.startsWith("files/") || relative === DATABASE_ENTRY ? relative : null;
      if (entryName) await tar.addFile(entryName, source, statSync(source).size);
    }
    const manifest: Manifest = { format: "plexus-backup", version: 1, createdAt: when.toISOString(), schema: latestMigration(), entries: [...tar.written] };
    await tar.addBuffer(MANIFEST, Buffer.from(JSON.stringify(manifest)));
    await tar.finish();
    renameSync(partial, join(folder, name));
    return name;
  } finally {
    rmSync(work, { recursive: true, force: true });
    rmSync(partial, { force: true });
  }
}
