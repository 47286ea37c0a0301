import { readdirSync, rmSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import type { Db } from "../../../db/client";
import { docVersions, driveFiles, stagedFiles } from "../../../db/schema";
import { log } from "../../lib/log";

/** A file younger than this may be an upload whose row is not written yet: never removed. */
const MIN_AGE_MS = 60 * 60 * 1000;

/** Every stored file a row points at: document versions, staged uploads and drive files. */
function referencedPaths(db: Db): Set<string> {
  return new Set([
    ...db.select({ path: docVersions.filePath }).from(docVersions).all(),
    ...db.select({ path: stagedFiles.storedPath }).from(stagedFiles).all(),
    ...db.select({ path: driveFiles.storedPath }).from(driveFiles).all(),
  ].map((row) => row.path));
}

function filesUnder(dir: string): string[] {
  let entries: import("node:fs").Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return entry.isFile() ? [path] : [];
  });
}

/**
 * Removes the files under DATA_DIR/files that no row points at and that are older than an hour; the list is
 * made first, the rows read after it, so a file whose row appears meanwhile stays. Returns what was removed.
 */
export function deleteUnusedFiles(db: Db, dataDir: string, now = Date.now()) {
  const candidates = filesUnder(join(dataDir, "files")).filter((path) => now - statSync(path).mtimeMs > MIN_AGE_MS);
  const referenced = referencedPaths(db);
  let removed = 0;
  let bytes = 0;
  for (const path of candidates) {
    if (referenced.has(relative(dataDir, path))) continue;
    const size = statSync(path).size;
    rmSync(path, { force: true });
    removed += 1;
    bytes += size;
  }
  log.info("update.unused_files_removed", { removed, bytes });
  return { removed, bytes };
}
