import { createCipheriv, createDecipheriv, createHash, type DecipherGCM, randomBytes, timingSafeEqual } from "node:crypto";
import { Transform, type TransformCallback } from "node:stream";

/**
 * The encrypted backup format: a header, then AES-256-GCM records of at most `chunkSize` plaintext bytes.
 *
 *   header  magic "PLXSEAL\0" (8) | version 1 (1) | KDF 1 = argon2id (1) | memory KiB (u32) | iterations (u32) |
 *           parallelism (1) | salt (16) | chunk size (u32) | key check (16)
 *   record  final flag (1) | length (u32) | nonce (12) | ciphertext (length) | tag (16)
 *
 * Each record's associated data is the whole header, its index (u64) and its final flag, so a changed header,
 * a dropped, repeated or reordered record, and an archive cut after any record all fail a tag or the
 * "no final record" check. The key check (a hash of the key, not the key) tells a wrong passphrase from damage.
 */
const MAGIC = Buffer.from("PLXSEAL\0", "latin1");
const VERSION = 1;
const KDF_ARGON2ID = 1;
export const HEADER_BYTES = 8 + 1 + 1 + 4 + 4 + 1 + 16 + 4 + 16;
const RECORD_HEAD = 1 + 4 + 12;
const TAG = 16;
const CHUNK = 1 << 20;
const MAX_CHUNK = 16 << 20;

/** The argon2id parameters and salt a key was derived with. */
export interface KdfParams {
  memoryKiB: number;
  iterations: number;
  parallelism: number;
  salt: Buffer;
}

/** A refused sealed archive; `wrongKey` when the key does not match the header's key check. */
export class SealError extends Error {
  constructor(
    message: string,
    readonly wrongKey = false,
  ) {
    super(message);
  }
}

const checkOf = (key: Buffer) => createHash("sha256").update("plexus backup key check\0").update(key).digest().subarray(0, 16);

export function sealHeader(params: KdfParams, key: Buffer): Buffer {
  const header = Buffer.alloc(HEADER_BYTES);
  MAGIC.copy(header, 0);
  header.writeUInt8(VERSION, 8);
  header.writeUInt8(KDF_ARGON2ID, 9);
  header.writeUInt32BE(params.memoryKiB, 10);
  header.writeUInt32BE(params.iterations, 14);
  header.writeUInt8(params.parallelism, 18);
  params.salt.copy(header, 19, 0, 16);
  header.writeUInt32BE(CHUNK, 35);
  checkOf(key).copy(header, 39);
  return header;
}

/** Whether the bytes start like a sealed archive (anything else is read as a legacy .tar.gz). */
export const isSealed = (start: Buffer) => start.length >= MAGIC.length && start.subarray(0, MAGIC.length).equals(MAGIC);

/** The KDF parameters of a sealed archive's header; throws SealError on a version or KDF we do not know. */
export function readSealHeader(header: Buffer): KdfParams {
  if (header.length < HEADER_BYTES || !isSealed(header)) throw new SealError("the archive has no complete header");
  if (header.readUInt8(8) !== VERSION || header.readUInt8(9) !== KDF_ARGON2ID) throw new SealError("the archive was sealed by an unknown format version");
  const chunkSize = header.readUInt32BE(35);
  if (chunkSize < 1 || chunkSize > MAX_CHUNK) throw new SealError("the archive's header is damaged");
  return { memoryKiB: header.readUInt32BE(10), iterations: header.readUInt32BE(14), parallelism: header.readUInt8(18), salt: Buffer.from(header.subarray(19, 35)) };
}

const associated = (header: Buffer, index: number, final: boolean) => {
  const tail = Buffer.alloc(9);
  tail.writeBigUInt64BE(BigInt(index));
  tail.writeUInt8(final ? 1 : 0, 8);
  return Buffer.concat([header, tail]);
};

/** Encrypts a stream into records after `header` (written first); the last record carries the final flag. */
export function sealStream(key: Buffer, header: Buffer): Transform {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let index = 0;
  function record(stream: Transform, plain: Buffer, final: boolean) {
    const nonce = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", key, nonce);
    cipher.setAAD(associated(header, index++, final));
    const head = Buffer.alloc(RECORD_HEAD);
    head.writeUInt8(final ? 1 : 0, 0);
    head.writeUInt32BE(plain.length, 1);
    nonce.copy(head, 5);
    stream.push(head);
    stream.push(cipher.update(plain));
    cipher.final();
    stream.push(cipher.getAuthTag());
  }
  let started = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      if (!started) {
        this.push(header);
        started = true;
      }
      pending.push(chunk);
      pendingBytes += chunk.length;
      // Keep at least one byte back, so the last record (sent by flush) is never empty unless the stream is.
      if (pendingBytes > CHUNK) {
        let all = Buffer.concat(pending, pendingBytes);
        for (; all.length > CHUNK; all = all.subarray(CHUNK)) record(this, all.subarray(0, CHUNK), false);
        pending = [all];
        pendingBytes = all.length;
      }
      done();
    },
    flush(done: TransformCallback) {
      if (!started) this.push(header);
      record(this, Buffer.concat(pending, pendingBytes), true);
      done();
    },
  });
}

/**
 * Decrypts the records that follow `header` (the stream starts after it), without gathering a record's bytes: a
 * record's plaintext is held and passed on only once its tag checks out. A failed tag, a record after the final
 * one, or an end without one is a SealError.
 */
export function openStream(key: Buffer, header: Buffer): Transform {
  if (!timingSafeEqual(checkOf(key), header.subarray(39, 55))) throw new SealError("the passphrase does not open this archive", true);
  const chunkSize = header.readUInt32BE(35);
  let head = Buffer.alloc(0);
  let tag = Buffer.alloc(0);
  let record: { decipher: DecipherGCM; final: boolean; left: number; plain: Buffer[] } | null = null;
  let index = 0;
  let finished = false;
  /** Takes up to `want` bytes of `chunk` from `at` onto `into`. */
  const fill = (into: Buffer, chunk: Buffer, at: number, want: number) => Buffer.concat([into, chunk.subarray(at, at + want - into.length)]);
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      let at = 0;
      while (at < chunk.length) {
        if (!record) {
          if (finished) return done(new SealError("the archive has data after its last record"));
          const before = head.length;
          head = fill(head, chunk, at, RECORD_HEAD);
          at += head.length - before;
          if (head.length < RECORD_HEAD) break;
          const final = head.readUInt8(0);
          const length = head.readUInt32BE(1);
          if (final > 1 || length > chunkSize) return done(new SealError(`record ${index} of the archive is damaged`));
          const decipher = createDecipheriv("aes-256-gcm", key, head.subarray(5, RECORD_HEAD));
          decipher.setAAD(associated(header, index, final === 1));
          record = { decipher, final: final === 1, left: length, plain: [] };
        } else if (record.left > 0) {
          const part = chunk.subarray(at, at + record.left);
          record.plain.push(record.decipher.update(part));
          record.left -= part.length;
          at += part.length;
        } else {
          const before = tag.length;
          tag = fill(tag, chunk, at, TAG);
          at += tag.length - before;
          if (tag.length < TAG) break;
          try {
            record.decipher.setAuthTag(tag);
            record.decipher.final();
          } catch {
            return done(new SealError(`record ${index} of the archive fails its check: the archive was changed or damaged`));
          }
          for (const plain of record.plain) this.push(plain);
          finished = record.final;
          record = null;
          head = Buffer.alloc(0);
          tag = Buffer.alloc(0);
          index++;
        }
      }
      done();
    },
    flush(done: TransformCallback) {
      done(finished && !record && head.length === 0 ? undefined : new SealError("the archive is truncated"));
    },
  });
}
