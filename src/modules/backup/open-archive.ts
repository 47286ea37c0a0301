import { closeSync, createReadStream, openSync, readSync, statSync } from "node:fs";
import type { Readable, Transform } from "node:stream";
import { deriveKey, kdfWithinLimits } from "./passphrase";
import { HEADER_BYTES, isSealed, openStream, readSealHeader, SealError } from "./seal";

/** Why an archive was refused; the service turns it into the backup_invalid error. */
export class ArchiveError extends Error {}

/** The archive is encrypted and no passphrase, or the wrong one, came with the restore. */
export class PassphraseError extends Error {
  constructor(readonly missing: boolean) {
    super(missing ? "the archive is encrypted: its passphrase is needed" : "the passphrase does not open this archive");
  }
}

export interface OpenedArchive {
  /** A new stream of the archive's gzip bytes (decrypted and checked record by record when it is sealed). */
  read: () => Readable;
  /** How many compressed bytes it holds: the base of the compression-ratio limit. */
  compressedBytes: number;
}

/**
 * Opens a backup for reading: an encrypted one with the key derived from `passphrase` and the archive's own salt
 * and parameters (so any machine can restore it), an older unencrypted .tar.gz as it is.
 */
export async function openArchive(path: string, passphrase: string | undefined): Promise<OpenedArchive> {
  const size = statSync(path).size;
  const header = Buffer.alloc(Math.min(HEADER_BYTES, size));
  const fd = openSync(path, "r");
  try {
    readSync(fd, header, 0, header.length, 0);
  } finally {
    closeSync(fd);
  }
  if (!isSealed(header)) return { read: () => createReadStream(path), compressedBytes: size };
  if (!passphrase) throw new PassphraseError(true);
  try {
    const params = readSealHeader(header);
    if (!kdfWithinLimits(params)) throw new ArchiveError("the archive asks for key-derivation parameters beyond the limits");
    const key = await deriveKey(passphrase, params);
    openStream(key, header);
    return { read: () => decrypted(path, openStream(key, header)), compressedBytes: size - HEADER_BYTES };
  } catch (error) {
    if (error instanceof SealError) throw error.wrongKey ? new PassphraseError(false) : new ArchiveError(error.message);
    throw error;
  }
}

/** The records after the header through `opened`; pipe() does not pass a read error on, so it is forwarded here (else it would be unhandled). */
function decrypted(path: string, opened: Transform): Transform {
  const source = createReadStream(path, { start: HEADER_BYTES });
  source.on("error", (error) => opened.destroy(error));
  return source.pipe(opened);
}
