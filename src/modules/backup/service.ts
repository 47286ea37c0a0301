import { existsSync, readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import type { Db } from "../../../db/client";
import type { User } from "../../../db/schema";
import type { AppContext } from "../../lib/context";
import { AppError, conflict, notFound } from "../../lib/errors";
import { log } from "../../lib/log";
import { audit } from "../audit/service";
import { settingValues } from "../settings/service";
import { findUserById } from "../users/service";
import { uploadBackup } from "./ftp";
import { backupsDir, dateOfFileName, fileNamesOfDate } from "./names";
import { ArchiveError, PassphraseError } from "./open-archive";
import { generatePassphrase, storedBackupKey, storePassphrase } from "./passphrase";
import { restoreArchive } from "./restore";
import { writeBackup } from "./snapshot";

/** One backup, or restore, or removal at a time per data folder (the page disables its buttons meanwhile). */
const running = new Set<string>();

async function exclusive<T>(dataDir: string, work: () => Promise<T>): Promise<T> {
  if (running.has(dataDir)) throw conflict("backup_busy", "Another backup operation is running");
  running.add(dataDir);
  try {
    return await work();
  } finally {
    running.delete(dataDir);
  }
}

/** BACKUP_TYPE: LOCAL keeps archives in DATA_DIR/backups and lists them; any other value switches backups off. */
export function backupType(ctx: AppContext): string {
  return settingValues(ctx.db, ["BACKUP_TYPE"]).BACKUP_TYPE || "LOCAL";
}

function requireLocal(ctx: AppContext) {
  if (backupType(ctx) !== "LOCAL") throw conflict("backup_disabled", "Backups are switched off");
}

/** The backups on disk, newest first; `encrypted` is false for those made before backups were encrypted. */
export function listBackups(ctx: AppContext) {
  requireLocal(ctx);
  const folder = backupsDir(ctx.config.dataDir);
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .flatMap((name) => {
      const date = dateOfFileName(name);
      return date ? [{ date, name, size: statSync(join(folder, name)).size }] : [];
    })
    .sort((a, b) => (a.name < b.name ? 1 : -1))
    .map(({ date, name, size }) => ({ date, size, encrypted: name.endsWith(".enc") }));
}

function archiveOf(ctx: AppContext, date: string): string {
  const path = fileNamesOfDate(date).map((name) => join(backupsDir(ctx.config.dataDir), name)).find((candidate) => existsSync(candidate));
  if (!path) throw notFound("backup");
  return path;
}

/** Whether a backup passphrase is set, and since when; the passphrase itself never leaves the server. */
export function passphraseStatus(ctx: AppContext) {
  const stored = storedBackupKey(ctx.config.dataDir);
  return { passphraseSet: stored !== null, setAt: stored?.setAt ?? null };
}

/** Sets the administrator's own passphrase; archives made before keep the passphrase they were made with. */
export function setPassphrase(ctx: AppContext, passphrase: string) {
  return exclusive(ctx.config.dataDir, async () => {
    const { setAt } = await storePassphrase(ctx.config.dataDir, passphrase);
    return { passphraseSet: true, setAt };
  });
}

/** Generates, sets and answers a passphrase: the only time it is shown. */
export function setGeneratedPassphrase(ctx: AppContext) {
  const passphrase = generatePassphrase();
  return setPassphrase(ctx, passphrase).then(({ setAt }) => ({ passphrase, setAt }));
}

/** Makes a backup named by `now`, then hands it to the FTP server when the FTP settings ask for it. */
export function backupNow(ctx: AppContext, now = new Date(), actorId: number | null = null) {
  requireLocal(ctx);
  const key = storedBackupKey(ctx.config.dataDir);
  if (!key) throw conflict("backup_passphrase_missing", "Set a backup passphrase before making backups");
  return exclusive(ctx.config.dataDir, async () => {
    const name = await writeBackup(ctx.db, ctx.config.dataDir, key, now);
    const uploaded = await uploadBackup(ctx, join(backupsDir(ctx.config.dataDir), name), actorId).catch((error) => {
      log.error("backup.ftp_upload_failed", { name, error: String(error) });
      return false;
    });
    return { date: dateOfFileName(name)!, size: statSync(join(backupsDir(ctx.config.dataDir), name)).size, uploaded };
  });
}

/**
 * The restore's RESTORE row, written into the restored log: by the administrator when the backup holds the same
 * account, else by nobody and naming their login (a backup from before the account existed, or another's id).
 */
function auditRestore(db: Db, actor: User, date: string) {
  const same = findUserById(db, actor.id)?.login === actor.login;
  audit(db, same ? actor.id : null, "RESTORE", same ? `backup ${date}` : `backup ${date} by ${actor.login}`);
}

export function restoreByDate(ctx: AppContext, actor: User, date: string, passphrase?: string) {
  requireLocal(ctx);
  const archive = archiveOf(ctx, date);
  return exclusive(ctx.config.dataDir, async () => {
    try {
      return await restoreArchive(ctx.db, ctx.config.dataDir, archive, { passphrase, andThen: () => auditRestore(ctx.db, actor, date) });
    } catch (error) {
      // The reason (which entry, which check) goes in details: the message is replaced by its translation.
      if (error instanceof ArchiveError) throw new AppError(422, "backup_invalid", "The backup cannot be restored", [{ path: "body.date", message: error.message }]);
      if (error instanceof PassphraseError) {
        throw error.missing
          ? new AppError(422, "backup_passphrase_required", "This backup is encrypted: give its passphrase", [{ path: "body.passphrase", message: error.message }])
          : new AppError(422, "backup_wrong_passphrase", "The passphrase does not open this backup", [{ path: "body.passphrase", message: error.message }]);
      }
      throw error;
    }
  });
}

export function deleteByDate(ctx: AppContext, actor: User, date: string) {
  requireLocal(ctx);
  const archive = archiveOf(ctx, date);
  return exclusive(ctx.config.dataDir, async () => {
    rmSync(archive);
    audit(ctx.db, actor.id, "DELETE", `backup ${date}`);
    return { date };
  });
}

/** Keeps the newest `keep` backups and removes the rest (the schedule's rotation). */
export function pruneBackups(ctx: AppContext, keep: number) {
  const folder = backupsDir(ctx.config.dataDir);
  for (const { date } of listBackups(ctx).slice(keep)) for (const name of fileNamesOfDate(date)) rmSync(join(folder, name), { force: true });
}
