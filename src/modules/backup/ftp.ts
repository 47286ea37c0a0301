import { basename } from "node:path";
import { Client } from "basic-ftp";
import type { AppContext } from "../../lib/context";
import { caCertificates } from "../../lib/certificates";
import { settingValues } from "../settings/service";
import { audit } from "../audit/service";

const FTP_SETTINGS = ["FTP_HOST", "FTP_PORT", "FTP_USER", "FTP_PASSWORD", "FTP_FOLDER", "FTP_UPLOAD_BACKUPS", "FTP_CA_CERTIFICATE", "FTP_PLAIN"];

/** How the upload travels: FTPS (explicit TLS, certificate verified) unless an administrator chose plain FTP. */
const ftpTransport = (plain: string | undefined) => (plain === "true" ? "plain FTP" : "FTPS");

/**
 * Sends a finished backup to the FTP server when FTP_UPLOAD_BACKUPS is "true" and FTP_HOST is set (into
 * FTP_FOLDER, made when missing): over FTPS, the server's certificate checked against the system's CAs or
 * FTP_CA_CERTIFICATE, unless FTP_PLAIN is "true". Answers whether it uploaded; a failure throws and the local
 * backup stays.
 */
export async function uploadBackup(ctx: AppContext, archive: string, actorId: number | null = null): Promise<boolean> {
  const s = settingValues(ctx.db, FTP_SETTINGS);
  if (s.FTP_UPLOAD_BACKUPS !== "true" || !s.FTP_HOST) return false;
  const plain = s.FTP_PLAIN === "true";
  const ca = s.FTP_CA_CERTIFICATE?.trim() ? caCertificates(s.FTP_CA_CERTIFICATE) : undefined;
  if (ca === null) throw new Error("FTP_CA_CERTIFICATE holds no valid PEM certificate");
  const client = new Client(60_000);
  try {
    await client.access({
      host: s.FTP_HOST,
      port: Number(s.FTP_PORT) || 21,
      user: s.FTP_USER || "anonymous",
      password: s.FTP_PASSWORD || "",
      secure: !plain,
      secureOptions: plain ? undefined : { ca, rejectUnauthorized: true },
    });
    await client.ensureDir(s.FTP_FOLDER || "/");
    await client.uploadFrom(archive, basename(archive));
    // The spec's only FTP kind; null for the schedule. The transport is named so the log shows a plain upload.
    audit(ctx.db, actorId, "FTP_DOWNLOAD", `${basename(archive)} to ${s.FTP_HOST} over ${ftpTransport(s.FTP_PLAIN)}`);
    return true;
  } finally {
    client.close();
  }
}
