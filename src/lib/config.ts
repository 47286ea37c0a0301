import { readFileSync } from "node:fs";
import { resolve, join } from "node:path";
import { caCertificates } from "./certificates";
import { MANUAL_DIR } from "../modules/help/service";
import { parseTrustProxy, type ProxyTrust } from "./client-address";

/** Settings from the environment, with the defaults the README lists. */
export interface Config {
  port: number;
  dataDir: string;
  dbPath: string;
  adminLogin: string;
  adminPassword: string | undefined;
  adminEmail: string;
  publicUrl: string;
  smtp: {
    host?: string;
    port?: number;
    user?: string;
    password?: string;
    from?: string;
    secure?: boolean;
    /** The CA certificate(s) read from SMTP_CA_FILE, as PEM. */
    caCertificate?: string;
    plainOnLoopback?: boolean;
  };
  build: string;
  secureCookies: boolean;
  /** Proxies whose X-Forwarded-For names the client (TRUST_PROXY); null: the socket's address is the client. */
  trustProxy: ProxyTrust | null;
  /** The user manual's Markdown folder (src/modules/help/manual). */
  manualDir: string;
  /** How many bytes of uploads one user may keep staged, not yet saved as documents (STAGING_QUOTA_MB). */
  stagingQuotaBytes: number;
  /** How many bytes one user's drive may hold unless an administrator set another quota (DRIVE_QUOTA_MB). */
  driveQuotaBytes: number;
  /** How many bytes of map tiles the tile proxy keeps on disk (TILE_CACHE_MB). */
  tileCacheBytes: number;
}

/** A positive number of megabytes from the environment, else the default. */
const megabytes = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return Math.floor((value && Number.isFinite(n) && n > 0 ? n : fallback) * 1024 * 1024);
};

/** The PEM CA certificate(s) in SMTP_CA_FILE; a file that cannot be read or holds none stops the start. */
function caFile(path: string): string {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new Error(`SMTP_CA_FILE: cannot read ${path}: ${(error as Error).message}`);
  }
  const pem = caCertificates(text);
  if (!pem) throw new Error(`SMTP_CA_FILE: ${path} holds no valid PEM certificate`);
  return pem;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  const dataDir = resolve(env.DATA_DIR ?? "./data");
  return {
    port,
    dataDir,
    dbPath: join(dataDir, "plexus.sqlite"),
    adminLogin: env.ADMIN_LOGIN ?? "admin",
    adminPassword: env.ADMIN_PASSWORD || undefined,
    adminEmail: env.ADMIN_EMAIL ?? "admin@localhost",
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ""),
    smtp: {
      host: env.SMTP_HOST || undefined,
      port: env.SMTP_PORT ? Number(env.SMTP_PORT) : undefined,
      user: env.SMTP_USER || undefined,
      password: env.SMTP_PASSWORD || undefined,
      from: env.SMTP_FROM || undefined,
      secure: env.SMTP_SECURE ? env.SMTP_SECURE === "true" : undefined,
      caCertificate: env.SMTP_CA_FILE ? caFile(env.SMTP_CA_FILE) : undefined,
      plainOnLoopback: env.SMTP_PLAIN_ON_LOOPBACK ? env.SMTP_PLAIN_ON_LOOPBACK === "true" : undefined,
    },
    build: env.PLEXUS_BUILD ?? "1",
    secureCookies: env.SECURE_COOKIES === "true",
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    manualDir: MANUAL_DIR,
    stagingQuotaBytes: megabytes(env.STAGING_QUOTA_MB, 2048),
    driveQuotaBytes: megabytes(env.DRIVE_QUOTA_MB, 10240),
    tileCacheBytes: megabytes(env.TILE_CACHE_MB, 512),
  };
}
