import { copyFileSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { openArchive } from "../modules/backup/open-archive";
import { storedBackupKey, storePassphrase } from "../modules/backup/passphrase";
import { sealHeader, sealStream } from "../modules/backup/seal";

/** The passphrase the backup tests set; its key is derived once per test process and copied into each data folder. */
export const PASSPHRASE = "correct horse battery staple";

let derived: Promise<string> | undefined;

/** Gives `dataDir` the backup key of PASSPHRASE, as the set-passphrase call would (argon2id once per process). */
export async function givePassphrase(dataDir: string) {
  derived ??= (async () => {
    const folder = mkdtempSync(join(tmpdir(), "plexus-backup-key-"));
    await storePassphrase(folder, PASSPHRASE);
    return join(folder, "backup.key");
  })();
  copyFileSync(await derived, join(dataDir, "backup.key"));
}


/** Writes `tar`, gzipped and sealed with the data folder's backup key, as the archive `path` (a forger with the key). */
export async function sealTar(dataDir: string, path: string, tar: Buffer) {
  const { key, params } = storedBackupKey(dataDir)!;
  const seal = sealStream(key, sealHeader(params, key));
  const chunks: Buffer[] = [];
  seal.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve) => seal.on("end", resolve));
  seal.end(gzipSync(tar));
  await done;
  writeFileSync(path, Buffer.concat(chunks));
}

/** The gzip bytes inside an encrypted backup: exactly what a backup made before encryption held. */
export async function legacyBytesOf(archive: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of (await openArchive(archive, PASSPHRASE)).read()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The tar inside an encrypted backup (decrypted with PASSPHRASE and gunzipped). */
export const plainTarOf = async (archive: string) => gunzipSync(await legacyBytesOf(archive));
