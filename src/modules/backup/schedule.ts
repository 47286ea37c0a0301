import { existsSync, readdirSync } from "node:fs";
import type { AppContext } from "../../lib/context";
import { log } from "../../lib/log";
import { settingValues } from "../settings/service";
import { backupsDir, fileNameOf } from "./names";
import { storedBackupKey } from "./passphrase";
import { backupNow, pruneBackups } from "./service";

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
/** Data folders already told that a due backup waits for a passphrase: the log says it once, not every minute. */
const toldNoPassphrase = new Set<string>();

/**
 * The daily backup: once the server's local time passes BACKUP_TIME (HH:mm; empty switches it off) and no
 * backup of today is at or after that time, makes one and keeps the newest BACKUP_KEEP. A server that was
 * down at the time catches up when it starts. Answers whether it made one.
 */
export async function runScheduledBackup(ctx: AppContext, now = new Date()): Promise<boolean> {
  const s = settingValues(ctx.db, ["BACKUP_TYPE", "BACKUP_TIME", "BACKUP_KEEP"]);
  const time = TIME.exec(s.BACKUP_TIME ?? "");
  if ((s.BACKUP_TYPE || "LOCAL") !== "LOCAL" || !time) return false;
  const due = new Date(now);
  due.setHours(Number(time[1]), Number(time[2]), 0, 0);
  if (now < due) return false;
  // Compared by the date part of the names, so that an older, unencrypted backup of today counts too.
  const stem = (name: string) => name.slice(0, "plexus-YYYYMMDD-HHmmss".length);
  const dueStem = stem(fileNameOf(due));
  const day = dueStem.slice(0, "plexus-YYYYMMDD-".length);
  const folder = backupsDir(ctx.config.dataDir);
  if (existsSync(folder) && readdirSync(folder).some((name) => name.startsWith(day) && stem(name) >= dueStem)) return false;
  if (!storedBackupKey(ctx.config.dataDir)) {
    if (!toldNoPassphrase.has(ctx.config.dataDir)) log.warn("backup.passphrase_missing", { due: dueStem });
    toldNoPassphrase.add(ctx.config.dataDir);
    return false;
  }
  await backupNow(ctx, now);
  const keep = Number(s.BACKUP_KEEP);
  if (Number.isInteger(keep) && keep >= 1) pruneBackups(ctx, keep);
  return true;
}

/** Looks every minute; returns a stop function. */
export function startBackupSchedule(ctx: AppContext, intervalMs = 60_000): () => void {
  const timer = setInterval(() => {
    runScheduledBackup(ctx).catch((error) => log.error("job.backup_failed", { error: String(error) }));
  }, intervalMs);
  return () => clearInterval(timer);
}
