import { existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { join, relative, sep } from "node:path";
import type { AppContext } from "../../lib/context";
import { AppError, conflict } from "../../lib/errors";
import { log } from "../../lib/log";
import { buildNumberIn, checksumMatches, installedBuild, packagesIn } from "./packages";
import { extractTarGz } from "../../lib/tar";
import { audit } from "../audit/service";
import { backupNow } from "../backup/service";

/** An update package unpacks to at most this many bytes and entries; a larger one is refused half way. */
const MAX_UNPACKED_BYTES = 4 * 1024 ** 3;
const MAX_ENTRIES = 200_000;

const STAGING = ".update-staging";
const PREVIOUS = ".update-previous";

let running = false;

const packageInvalid = (message: string, entry?: string) =>
  new AppError(422, "update_package_invalid", message, entry === undefined ? undefined : [{ path: entry, message }]);

/** A package's entry-name rule: its top-level name is none of the update's own folders, git's, or the data folder. */
function allowedEntry(installDir: string, dataDir: string) {
  const inside = relative(installDir, dataDir);
  const dataTop = inside && !inside.startsWith("..") && !inside.startsWith(sep) ? inside.split(sep)[0] : null;
  return (name: string) => {
    const top = name.split("/")[0];
    return top !== STAGING && top !== PREVIOUS && top !== ".git" && top !== dataTop;
  };
}

/** Unpacks the package into `staging`; answers its top-level names. */
async function unpack(archive: string, staging: string, installDir: string, dataDir: string): Promise<string[]> {
  const { files, folders } = await extractTarGz(archive, staging, {
    allows: allowedEntry(installDir, dataDir),
    maxEntries: MAX_ENTRIES,
    maxBytes: MAX_UNPACKED_BYTES,
    refuse: (message, entry) => packageInvalid(`The package cannot be installed: ${message}`, entry),
  });
  return [...new Set([...files.map((file) => file.name), ...folders].map((name) => name.split("/")[0]))];
}

/**
 * Moves each staged top-level entry into the installation, keeping the replaced one in .update-previous;
 * if any move fails, the moves done so far are undone in reverse, so the old build stays whole.
 */
function swap(installDir: string, staging: string, tops: string[]) {
  const previous = join(installDir, PREVIOUS);
  rmSync(previous, { recursive: true, force: true });
  mkdirSync(previous);
  const done: { top: string; hadOld: boolean }[] = [];
  try {
    for (const top of tops) {
      const hadOld = existsSync(join(installDir, top));
      if (hadOld) renameSync(join(installDir, top), join(previous, top));
      done.push({ top, hadOld });
      renameSync(join(staging, top), join(installDir, top));
    }
  } catch (error) {
    for (const { top, hadOld } of done.reverse()) {
      if (existsSync(join(installDir, top)) && !existsSync(join(staging, top))) renameSync(join(installDir, top), join(staging, top));
      if (hadOld) renameSync(join(previous, top), join(installDir, top));
    }
    throw error;
  }
}

/**
 * Installs the newest package in the updates folder: its checksum must match and its build be newer than this
 * one; it is unpacked beside the installation (refusing links and names outside it), must declare the same
 * build in its package.json, a backup is made through the backup service (a normal one: listed, restorable, sent
 * by FTP when set up; with backups switched off the update is refused), and then its top-level entries replace
 * ours by rename. Any refusal or failure leaves the running build as it was. The caller restarts the process.
 * `actorId`: the administrator who asked, named in the install's audit and in the backup's FTP one.
 */
export async function installLatest(ctx: AppContext, installDir: string, actorId: number) {
  if (running) throw conflict("update_running", "An update is already being installed");
  running = true;
  const staging = join(installDir, STAGING);
  try {
    const current = installedBuild(installDir);
    const [latest] = packagesIn(ctx.config.dataDir);
    if (!latest) throw new AppError(404, "update_not_available", "No update package is waiting in the updates folder");
    if (latest.build <= current) throw conflict("update_not_newer", `Build ${latest.build} is not newer than the installed build ${current}`);
    if (!(await checksumMatches(latest))) {
      throw new AppError(422, "update_checksum_mismatch", `plexus-${latest.build}.tar.gz does not match its .sha256 file`);
    }
    rmSync(staging, { recursive: true, force: true });
    const tops = await unpack(latest.archive, staging, installDir, ctx.config.dataDir);
    if (buildNumberIn(staging) !== latest.build) {
      throw packageInvalid(`The package's package.json must declare "plexusBuild": ${latest.build}`, "package.json");
    }
    const backup = await backupNow(ctx, new Date(), actorId);
    swap(installDir, staging, tops);
    audit(ctx.db, actorId, "UPDATE", `Plexus build ${current} to ${latest.build}`);
    log.info("update.installed", { from: current, to: latest.build, backup: backup.date });
    return { from: current, to: latest.build };
  } finally {
    rmSync(staging, { recursive: true, force: true });
    running = false;
  }
}
