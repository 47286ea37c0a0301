import { randomBytes, randomInt } from "node:crypto";
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { KdfRequest } from "./kdf-worker";
import type { KdfParams } from "./seal";

/**
 * The backup key: argon2id of the administrator's passphrase. The server keeps only the derived key, its salt
 * and parameters, in DATA_DIR/backup.key (0600), so scheduled backups run unattended; the passphrase itself is
 * never stored, and the key file is never put in an archive. A restore derives the key again from the passphrase
 * and the archive's own header, so a new machine needs only the passphrase.
 */
const KEY_FILE = "backup.key";

/** 64 MiB, 3 passes: about 0.5-1 s on this machine (hash-wasm), the OWASP-recommended floor is 19 MiB/2. */
const KDF = { memoryKiB: 65_536, iterations: 3, parallelism: 1 } as const;
/** The most a restore will spend on an archive's own KDF parameters (a hostile header cannot ask for more). */
const KDF_LIMITS = { memoryKiB: 262_144, iterations: 16, parallelism: 8 } as const;

export const PASSPHRASE_MIN = 12;
export const PASSPHRASE_MAX = 1024;

export interface BackupKey {
  key: Buffer;
  params: KdfParams;
  setAt: string;
}

/** Whether the archive's KDF parameters are within what a restore will spend. */
export const kdfWithinLimits = (p: KdfParams) =>
  p.memoryKiB >= 8 * p.parallelism && p.memoryKiB <= KDF_LIMITS.memoryKiB && p.iterations >= 1 && p.iterations <= KDF_LIMITS.iterations && p.parallelism >= 1 && p.parallelism <= KDF_LIMITS.parallelism;

/** argon2id of the passphrase with the given salt and parameters, in a Worker of its own (kdf-worker.ts). */
export function deriveKey(passphrase: string, params: KdfParams): Promise<Buffer> {
  const worker = new Worker(new URL("./kdf-worker.ts", import.meta.url));
  return new Promise<Buffer>((resolve, reject) => {
    worker.onmessage = ({ data }: MessageEvent<{ ok: true; key: Uint8Array } | { ok: false; message: string }>) => (data.ok ? resolve(Buffer.from(data.key)) : reject(new Error(data.message)));
    worker.onerror = (event) => reject(new Error(event.message));
    const request: KdfRequest = { passphrase, salt: new Uint8Array(params.salt), memoryKiB: params.memoryKiB, iterations: params.iterations, parallelism: params.parallelism };
    worker.postMessage(request);
  }).finally(() => worker.terminate());
}

/** The stored backup key, or null when no passphrase was set. */
export function storedBackupKey(dataDir: string): BackupKey | null {
  const path = join(dataDir, KEY_FILE);
  if (!existsSync(path)) return null;
  const saved = JSON.parse(readFileSync(path, "utf8")) as { key: string; salt: string; memoryKiB: number; iterations: number; parallelism: number; setAt: string };
  return {
    key: Buffer.from(saved.key, "base64"),
    params: { memoryKiB: saved.memoryKiB, iterations: saved.iterations, parallelism: saved.parallelism, salt: Buffer.from(saved.salt, "base64") },
    setAt: saved.setAt,
  };
}

/** Derives and stores the key of a new passphrase (a fresh salt each time); older archives keep their own. */
export async function storePassphrase(dataDir: string, passphrase: string, now = new Date()): Promise<BackupKey> {
  const params: KdfParams = { ...KDF, salt: randomBytes(16) };
  const key = await deriveKey(passphrase, params);
  const saved = { key: key.toString("base64"), salt: params.salt.toString("base64"), ...KDF, setAt: now.toISOString() };
  const path = join(dataDir, KEY_FILE);
  writeFileSync(`${path}.new`, JSON.stringify(saved), { mode: 0o600 });
  renameSync(`${path}.new`, path);
  return { key, params, setAt: saved.setAt };
}

const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/** Six groups of five letters and digits (about 148 bits), without the look-alikes 0/o, 1/l/i. */
export function generatePassphrase(): string {
  const group = () => Array.from({ length: 5 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
  return Array.from({ length: 6 }, group).join("-");
}
