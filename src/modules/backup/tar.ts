import { createHash } from "node:crypto";
import { createReadStream, createWriteStream, mkdirSync } from "node:fs";
import { once } from "node:events";
import { dirname, resolve, sep } from "node:path";
import { createGunzip, createGzip } from "node:zlib";
import type { Writable } from "node:stream";

/**
 * A small ustar writer and reader for backup archives (gzipped). Only regular files are written or accepted;
 * names are checked before anything is written to disk (see `safeEntryName`).
 */
const BLOCK = 512;
const NAME_LIMIT = 100;

export interface TarEntry {
  name: string;
  size: number;
  sha256: string;
}

/** A relative name of plain segments (letters, digits, dot, dash, underscore), no "." or ".." segment. */
function safeEntryName(name: string): boolean {
  if (!name || name.length > NAME_LIMIT || name.startsWith("/")) return false;
  return name.split("/").every((segment) => /^[A-Za-z0-9._-]+$/.test(segment) && segment !== "." && segment !== "..");
}

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, "0")}\0`;
}

function header(name: string, size: number, mtime: number): Buffer {
  const block = Buffer.alloc(BLOCK);
  block.write(name, 0, NAME_LIMIT, "utf8");
  block.write(octal(0o600, 8), 100, "ascii");
  block.write(octal(0, 8), 108, "ascii");
  block.write(octal(0, 8), 116, "ascii");
  block.write(octal(size, 12), 124, "ascii");
  block.write(octal(Math.floor(mtime / 1000), 12), 136, "ascii");
  block.write("        ", 148, "ascii");
  block.write("0", 156, "ascii");
  block.write("ustar\u000000", 257, "ascii");
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148, "ascii");
  return block;
}

async function put(out: Writable, chunk: Buffer) {
  if (!out.write(chunk)) await once(out, "drain");
}

/** Writes a .tar.gz entry by entry; `finish` adds the end blocks and waits for the file to be on disk. */
export function tarWriter(path: string) {
  const gzip = createGzip({ level: 6 });
  const file = createWriteStream(path, { mode: 0o600 });
  gzip.pipe(file);
  const written: TarEntry[] = [];
  const failed = new Promise<never>((_, reject) => {
    gzip.once("error", reject);
    file.once("error", reject);
  });
  failed.catch(() => {});

  async function entry(name: string, size: number, chunks: AsyncIterable<Buffer> | Buffer[]) {
    if (!safeEntryName(name)) throw new Error(`archive entry name not allowed: ${name}`);
    await put(gzip, header(name, size, Date.now()));
    const hash = createHash("sha256");
    let length = 0;
    for await (const chunk of chunks) {
      length += chunk.length;
      if (length > size) throw new Error(`${name} grew while it was archived`);
      hash.update(chunk);
      await put(gzip, chunk);
    }
    if (length !== size) throw new Error(`${name} shrank while it was archived`);
    if (size % BLOCK) await put(gzip, Buffer.alloc(BLOCK - (size % BLOCK)));
    const done = { name, size, sha256: hash.digest("hex") };
    written.push(done);
    return done;
  }

  return {
    written,
    addFile: (name: string, source: string, size: number) => entry(name, size, createReadStream(source) as AsyncIterable<Buffer>),
    addBuffer: (name: string, data: Buffer) => entry(name, data.length, [data]),
    async finish() {
      gzip.end(Buffer.alloc(BLOCK * 2));
      await Promise.race([once(file, "close"), failed]);
    },
  };
}

/** Why an archive was refused; the service turns it into the backup_invalid error. */
export class ArchiveError extends Error {}

function field(block: Buffer, start: number, length: number): string {
  const raw = block.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString("utf8");
}

function checksumMatches(block: Buffer): boolean {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i];
  return Number.parseInt(field(block, 148, 8).trim(), 8) === sum;
}

/**
 * Extracts a .tar.gz into `target`, refusing anything but regular files with safe names that `accepts`, and returns each
 * entry's size and SHA-256. A corrupt or truncated archive throws ArchiveError; `target` may then hold a
 * part, which the caller removes.
 */
export async function extractTar(path: string, target: string, accepts: (name: string) => boolean): Promise<TarEntry[]> {
  const root = resolve(target);
  const entries: TarEntry[] = [];
  let pending: Buffer = Buffer.alloc(0);
  let current: { name: string; remaining: number; padding: number; hash: ReturnType<typeof createHash>; out: Writable; size: number } | null = null;
  let ended = false;
  const gunzip = createReadStream(path).pipe(createGunzip());
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      while (pending.length) {
        if (current) {
          if (current.remaining > 0) {
            const part = pending.subarray(0, current.remaining);
            pending = pending.subarray(part.length);
            current.remaining -= part.length;
            current.hash.update(part);
            await put(current.out, Buffer.from(part));
            if (current.remaining > 0) break;
          }
          if (pending.length < current.padding) break;
          pending = pending.subarray(current.padding);
          current.out.end();
          await once(current.out, "close");
          entries.push({ name: current.name, size: current.size, sha256: current.hash.digest("hex") });
          current = null;
          continue;
        }
        if (ended) {
          pending = Buffer.alloc(0);
          break;
        }
        if (pending.length < BLOCK) break;
        const block = pending.subarray(0, BLOCK);
        pending = pending.subarray(BLOCK);
        if (block.every((byte) => byte === 0)) {
          ended = true;
          continue;
        }
        if (!checksumMatches(block) || field(block, 257, 5) !== "ustar") throw new ArchiveError("not a tar archive");
        const prefix = field(block, 345, 155);
        const name = prefix ? `${prefix}/${field(block, 0, 100)}` : field(block, 0, 100);
        const type = field(block, 156, 1);
        if (type !== "0" && type !== "") throw new ArchiveError(`entry ${JSON.stringify(name)} is not a regular file`);
        if (!safeEntryName(name) || !accepts(name)) throw new ArchiveError(`entry name ${JSON.stringify(name)} is not allowed`);
        const size = Number.parseInt(field(block, 124, 12).trim(), 8);
        if (!Number.isSafeInteger(size) || size < 0) throw new ArchiveError(`entry ${name} has no valid size`);
        const destination = resolve(root, name);
        if (!destination.startsWith(root + sep)) throw new ArchiveError(`entry ${name} leaves the folder`);
        if (entries.some((e) => e.name === name)) throw new ArchiveError(`entry ${name} appears twice`);
        mkdirSync(dirname(destination), { recursive: true });
        const out = createWriteStream(destination, { mode: 0o600, flags: "wx" });
        // Errors reach `put` and the close wait through once(); this only keeps a destroyed stream's late one quiet.
        out.on("error", () => {});
        current = { name, size, remaining: size, padding: size % BLOCK ? BLOCK - (size % BLOCK) : 0, hash: createHash("sha256"), out };
      }
    }
  } catch (error) {
    current?.out.destroy();
    if (error instanceof ArchiveError) throw error;
    throw new ArchiveError(`the archive cannot be read: ${(error as Error).message}`);
  }
  if (current || !ended) {
    current?.out.destroy();
    throw new ArchiveError("the archive is truncated");
  }
  return entries;
}
