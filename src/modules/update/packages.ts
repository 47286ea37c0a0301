import { createReadStream, readdirSync, readFileSync, statSync } from "node:fs";
import { createHash } from "node:crypto";
import { join, resolve } from "node:path";
import { AppError } from "../../lib/errors";

/**
 * Where Plexus is installed: the folder with its package.json, whose `plexusBuild` is this build's number.
 * PLEXUS_INSTALL_DIR names another folder (a test's copy); an update replaces entries of this folder.
 */
export const installDirectory = () => resolve(process.env.PLEXUS_INSTALL_DIR ?? join(import.meta.dir, "../../.."));

/** The build number a package.json in `folder` declares, or null when it declares none. */
export function buildNumberIn(folder: string): number | null {
  try {
    const build = (JSON.parse(readFileSync(join(folder, "package.json"), "utf8")) as { plexusBuild?: unknown }).plexusBuild;
    return Number.isSafeInteger(build) && (build as number) > 0 ? (build as number) : null;
  } catch {
    return null;
  }
}

export function installedBuild(folder = installDirectory()): number {
  return buildNumberIn(folder) ?? 1;
}

/** Update packages wait here: plexus-<build>.tar.gz beside plexus-<build>.tar.gz.sha256 (sha256sum's output). */
export const updatesFolder = (dataDir: string) => join(dataDir, "updates");

const PACKAGE_NAME = /^plexus-([1-9]\d{0,8})\.tar\.gz$/;

export interface UpdatePackage {
  build: number;
  archive: string;
}

/** The packages in the updates folder by their names, newest first; no folder means none. */
export function packagesIn(dataDir: string): UpdatePackage[] {
  const folder = updatesFolder(dataDir);
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw new AppError(503, "update_server_unavailable", "The updates folder cannot be read");
  }
  return names
    .flatMap((name) => {
      const match = PACKAGE_NAME.exec(name);
      return match ? [{ build: Number(match[1]), archive: join(folder, name) }] : [];
    })
    .sort((a, b) => b.build - a.build);
}

async function sha256Of(path: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/** Hashing a large package on every visit of the update page would be slow: kept per path, size and time. */
const verified = new Map<string, string>();

/** Whether the package's SHA-256 equals the one in its side file (the first word of plexus-N.tar.gz.sha256). */
export async function checksumMatches(pkg: UpdatePackage): Promise<boolean> {
  let expected: string;
  try {
    expected = readFileSync(`${pkg.archive}.sha256`, "utf8").trim().split(/\s+/)[0].toLowerCase();
  } catch {
    return false;
  }
  if (!/^[0-9a-f]{64}$/.test(expected)) return false;
  const stat = statSync(pkg.archive);
  const key = `${pkg.archive}|${stat.size}|${stat.mtimeMs}`;
  const actual = verified.get(key) ?? (await sha256Of(pkg.archive));
  verified.set(key, actual);
  return actual === expected;
}

/** The newest package whose checksum matches, or null. */
export async function newestValidPackage(dataDir: string): Promise<UpdatePackage | null> {
  for (const pkg of packagesIn(dataDir)) if (await checksumMatches(pkg)) return pkg;
  return null;
}
