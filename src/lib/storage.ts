import { mkdirSync, rmSync } from "node:fs";
import { join, resolve, sep } from "node:path";
import { randomToken } from "./crypto";

/** Stored files live under DATA_DIR/files/<yyyy>/<mm>/<random>; names are never the user's. */
export function newStoredPath(dataDir: string): { absolute: string; relative: string } {
  const nowDate = new Date();
  const folder = join("files", String(nowDate.getUTCFullYear()), String(nowDate.getUTCMonth() + 1).padStart(2, "0"));
  mkdirSync(join(dataDir, folder), { recursive: true });
  const relative = join(folder, randomToken(18));
  return { absolute: join(dataDir, relative), relative };
}

/** Resolves a stored relative path, refusing anything that would leave DATA_DIR/files. */
export function storedFile(dataDir: string, relative: string): string {
  const root = resolve(dataDir, "files");
  const absolute = resolve(dataDir, relative);
  if (!absolute.startsWith(root + sep)) throw new Error("stored path outside the files folder");
  return absolute;
}

export function removeStored(dataDir: string, relative: string): void {
  rmSync(storedFile(dataDir, relative), { force: true });
}
