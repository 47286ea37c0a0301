import { basename } from "node:path";
import { Client } from "basic-ftp";
import type { AppContext } from "../../lib/context";
import { settingValues } from "../settings/service";
import { audit } from "../audit/service";

const FTP_SETTINGS = ["FTP_HOST", "FTP_PORT", "FTP_USER", "FTP_PASSWORD", "FTP_FOLDER", "FTP_UPLOAD_BACKUPS"];

/**
 * Sends a finished backup to the FTP server when FTP_UPLOAD_BACKUPS is "true" and FTP_HOST is set (into
 * FTP_FOLDER, made when missing). Answers whether it uploaded; a failure throws and the local backup stays.
 */
export async function uploadBackup(ctx: AppContext, archive: string, actorId: number | null = null): Promise<boolean> {
  const s = settingValues(ctx.db, FTP_SETTINGS);
  if (s.FTP_UPLOAD_BACKUPS !== "true" || !s.FTP_HOST) return false;
  const client = new Client(60_000);
  try {
    await client.access({ host: s.FTP_HOST, port: Number(s.FTP_PORT) || 21, user: s.FTP_USER || "anonymous", password: s.FTP_PASSWORD || "", secure: false });
    await client.ensureDir(s.FTP_FOLDER || "/");
    await client.uploadFrom(archive, basename(archive));
    audit(ctx.db, actorId, "FTP_DOWNLOAD", `${basename(archive)} to ${s.FTP_HOST}`); // the spec's only FTP kind; null for the schedule
    return true;
  } finally {
    client.close();
  }
}
