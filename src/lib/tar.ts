import { createHash } from "node:crypto";
import { closeSync, createReadStream, createWriteStream, mkdirSync, openSync, writeSync } from "node:fs";
import { once } from "node:events";
import { dirname, resolve, sep } from "node:path";
import { createGunzip, createGzip } from "node:zlib";
import type { Readable, Transform, Writable } from "node:stream";

/**
 * The one tar module: a ustar writer (gzipped, regular files only) for backups, and a streaming reader of
 * .tar.gz for backups and update packages. Each caller gives its own entry-name rule, caps and error; the
 * rules no caller may loosen (no absolute name, no `.` or `..` segment, no backslash or control character,
 * nothing but files and folders, nothing outside the target) are checked here for everyone.
 */
const BLOCK = 512;
const NAME_LIMIT = 100;

export interface TarEntry {
  name: string;
  size: number;
  sha256: string;
}

/** One ustar header block; `type` "0" is a file, "5" a folder, "2" a link to `linkName` (tests build hostile ones). */
export function tarHeader(name: string, size: number, options: { type?: string; mode?: number; mtime?: number; linkName?: string } = {}): Buffer {
  const octal = (value: number, width: number) => `${value.toString(8).padStart(width - 1, "0")}\0`;
  const block = Buffer.alloc(BLOCK);
  block.write(name, 0, NAME_LIMIT, "utf8");
  block.write(octal(options.mode ?? 0o600, 8), 100, "ascii");
  block.write(octal(0, 8), 108, "ascii");
  block.write(octal(0, 8), 116, "ascii");
  block.write(octal(size, 12), 124, "ascii");
  block.write(octal(Math.floor((options.mtime ?? 0) / 1000), 12), 136, "ascii");
  block.write("        ", 148, "ascii");
  block.write(options.type ?? "0", 156, "ascii");
  if (options.linkName) block.write(options.linkName, 157, NAME_LIMIT, "utf8");
  block.write("ustar\u000000", 257, "ascii");
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148, "ascii");
  return block;
}

/** The padding that brings an entry's body to a whole block. */
export const tarPadding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/**
 * The relative path a raw entry name stands for ("./" in front and "/" behind dropped), or null when it is
 * absolute, holds a `.`, `..` or empty segment, a backslash or a control character.
 */
function normalName(raw: string): string | null {
  const name = raw.replace(/^(\.\/)+/, "").replace(/\/+$/, "");
  if (!name || raw.startsWith("/") || [...name].some((c) => c === "\\" || c.charCodeAt(0) < 32)) return null;
  return name.split("/").some((s) => s === "" || s === "." || s === "..") ? null : name;
}

async function put(out: Writable, chunk: Buffer) {
  if (!out.write(chunk)) await once(out, "drain");
}

/**
 * Writes a .tar.gz entry by entry, each name checked by normalName, the 100-byte ustar limit and `allows`;
 * `finish` adds the end blocks and waits for the file to be on disk. `seal`, when given, transforms the gzip
 * stream on its way to the file (the backup's encryption).
 */
export function tarWriter(path: string, allows: (name: string) => boolean, seal?: Transform) {
  const gzip = createGzip({ level: 6 });
  const file = createWriteStream(path, { mode: 0o600 });
  (seal ? gzip.pipe(seal) : gzip).pipe(file);
  const written: TarEntry[] = [];
  const failed = new Promise<never>((_, reject) => {
    gzip.once("error", reject);
    seal?.once("error", reject);
    file.once("error", reject);
  });
  failed.catch(() => {});

  async function entry(name: string, size: number, chunks: AsyncIterable<Buffer> | Buffer[]) {
    if (normalName(name) !== name || Buffer.byteLength(name) > NAME_LIMIT || !allows(name)) throw new Error(`archive entry name not allowed: ${name}`);
    await put(gzip, tarHeader(name, size, { mtime: Date.now() }));
    const hash = createHash("sha256");
    let length = 0;
    for await (const chunk of chunks) {
      length += chunk.length;
      if (length > size) throw new Error(`${name} grew while it was archived`);
      hash.update(chunk);
      await put(gzip, chunk);
    }
    if (length !== size) throw new Error(`${name} shrank while it was archived`);
    if (size % BLOCK) await put(gzip, tarPadding(size));
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

export interface TarReadRules {
  /** The caller's entry-name rule, asked after the common one with the normalised name (folders without their "/"). */
  allows: (name: string) => boolean;
  /** At most this many files and folders... */
  maxEntries?: number;
  /** ...unpacking to at most this many bytes in all (declared sizes, checked before each file is written)... */
  maxBytes?: number;
  /** ...and at most this many bytes out of gunzip, headers and padding included (a compression-ratio limit). */
  maxStreamBytes?: number;
  /** A file's declared size, asked before anything of it is written: answers why it is refused, or null. */
  admit?: (name: string, size: number) => string | null;
  /** The one file kept in memory (up to `limit` bytes) and answered as `kept`, besides being written when there is a target. */
  keep?: { name: string; limit: number };
  /** The caller's error for a refused archive: `entry` names the entry at fault, when there is one. */
  refuse: (message: string, entry?: string) => Error;
}

/** A refusal inside the reader, turned into the caller's error once, on the way out. */
class Refusal extends Error {
  constructor(
    message: string,
    readonly entry?: string,
  ) {
    super(message);
  }
}

const text = (block: Buffer, from: number, length: number) => {
  const raw = block.subarray(from, from + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString("utf8");
};
const octalField = (block: Buffer, from: number, length: number) => Number.parseInt(text(block, from, length).trim() || "0", 8);

/** The header's own checksum: the sum of its bytes with the checksum field read as spaces. */
function checksumOk(block: Buffer): boolean {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i];
  return sum === octalField(block, 148, 8);
}

/** The `path` record of a pax extended header ("<length> path=<name>\n" records). */
function paxPath(data: Buffer): string | undefined {
  for (const record of data.toString("utf8").split("\n")) {
    const match = /^\d+ path=(.*)$/s.exec(record);
    if (match) return match[1];
  }
  return undefined;
}

const shown = (name: string) => JSON.stringify(name.slice(0, 200));

/**
 * Unpacks a .tar.gz (a path, or a stream of its bytes) into `target` (made when missing; it should be new),
 * streaming: regular files and folders only (links, devices and fifos are refused), long names through pax or
 * GNU headers, every name checked by normalName and then `rules.allows`, no file twice, within the caps. With
 * `target` null nothing is written: the archive is only checked (a first pass before anything touches the disk).
 * Answers each file's size and SHA-256, the folders and the kept file. A refused, truncated or corrupt archive
 * throws `rules.refuse(...)`; `target` may then hold a part, which the caller removes.
 */
export async function extractTarGz(archive: string | Readable, target: string | null, rules: TarReadRules): Promise<{ files: TarEntry[]; folders: string[]; kept?: Buffer }> {
  const root = target === null ? null : resolve(target);
  if (root) mkdirSync(root, { recursive: true });
  const files: TarEntry[] = [];
  const folders: string[] = [];
  const seen = new Set<string>();
  let pending: Buffer = Buffer.alloc(0);
  let file: { name: string; fd: number | null; size: number; left: number; padding: number; hash: ReturnType<typeof createHash>; kept?: Buffer[] } | null = null;
  let kept: Buffer | undefined;
  let inflated = 0;
  let skip = 0; // bytes of a body (or padding) that are read but not written
  let meta: { kind: "pax" | "long"; left: number; padding: number; chunks: Buffer[] } | null = null;
  let nextName: string | undefined;
  let unpacked = 0;
  let ended = false;

  const place = (raw: string) => {
    const name = normalName(raw);
    if (name === null || !rules.allows(name)) throw new Refusal(`entry name ${shown(raw)} is not allowed`, raw.slice(0, 200));
    const destination = resolve(root ?? "/", name);
    if (!destination.startsWith((root ?? "") + sep)) throw new Refusal(`entry ${shown(raw)} leaves the folder`, raw.slice(0, 200));
    if (files.length + folders.length >= (rules.maxEntries ?? Number.POSITIVE_INFINITY)) throw new Refusal("the archive holds too many entries");
    return { name, destination };
  };

  const header = (block: Buffer) => {
    if (block.every((byte) => byte === 0)) return void (ended = true);
    if (!checksumOk(block) || text(block, 257, 5) !== "ustar") throw new Refusal("not a tar archive");
    const size = octalField(block, 124, 12);
    if (!Number.isSafeInteger(size) || size < 0) throw new Refusal("an entry has no valid size");
    const padding = (BLOCK - (size % BLOCK)) % BLOCK;
    const type = text(block, 156, 1) || "0";
    const prefix = text(block, 345, 155);
    const raw = nextName ?? (prefix ? `${prefix}/${text(block, 0, 100)}` : text(block, 0, 100));
    if (type === "x" || type === "L") return void (meta = { kind: type === "x" ? "pax" : "long", left: size, padding, chunks: [] });
    nextName = undefined;
    if (type === "g") return void (skip = size + padding);
    if (type === "5") {
      const { name, destination } = place(raw);
      if (root) mkdirSync(destination, { recursive: true });
      return void folders.push(name);
    }
    if (type !== "0" && type !== "7") throw new Refusal(`entry ${shown(raw)} is not a regular file or folder`, raw.slice(0, 200));
    unpacked += size;
    if (unpacked > (rules.maxBytes ?? Number.POSITIVE_INFINITY)) throw new Refusal(`the archive unpacks to more than ${rules.maxBytes} bytes`);
    const { name, destination } = place(raw);
    if (seen.has(name)) throw new Refusal(`entry ${shown(raw)} appears twice`, raw.slice(0, 200));
    seen.add(name);
    const refused = rules.admit?.(name, size);
    if (refused) throw new Refusal(refused, name);
    const keeping = rules.keep?.name === name;
    if (keeping && size > rules.keep!.limit) throw new Refusal(`entry ${shown(raw)} is larger than ${rules.keep!.limit} bytes`, name);
    if (root) mkdirSync(dirname(destination), { recursive: true });
    const fd = root ? openSync(destination, "wx", 0o600) : null;
    file = { name, fd, size, left: size, padding, hash: createHash("sha256"), kept: keeping ? [] : undefined };
  };

  const take = () => {
    while (!ended) {
      if (skip > 0) {
        const used = Math.min(skip, pending.length);
        skip -= used;
        pending = pending.subarray(used);
        if (skip > 0) return;
      } else if (file) {
        const part = pending.subarray(0, Math.min(file.left, pending.length));
        if (file.fd !== null) writeSync(file.fd, part);
        file.kept?.push(Buffer.from(part));
        file.hash.update(part);
        file.left -= part.length;
        pending = pending.subarray(part.length);
        if (file.left > 0) return;
        if (file.fd !== null) closeSync(file.fd);
        if (file.kept) kept = Buffer.concat(file.kept);
        files.push({ name: file.name, size: file.size, sha256: file.hash.digest("hex") });
        skip = file.padding;
        file = null;
      } else if (meta) {
        const used = Math.min(meta.left, pending.length);
        meta.chunks.push(pending.subarray(0, used));
        meta.left -= used;
        pending = pending.subarray(used);
        if (meta.left > 0) return;
        const data = Buffer.concat(meta.chunks);
        nextName = meta.kind === "pax" ? (paxPath(data) ?? nextName) : text(data, 0, data.length);
        skip = meta.padding;
        meta = null;
      } else {
        if (pending.length < BLOCK) return;
        const block = Buffer.from(pending.subarray(0, BLOCK));
        pending = pending.subarray(BLOCK);
        header(block);
      }
    }
  };

  try {
    const source = typeof archive === "string" ? createReadStream(archive) : archive;
    // A stream's own error (a failed decryption) does not travel through pipe(): hand it to gunzip.
    const gunzip = createGunzip();
    source.once("error", (error) => gunzip.destroy(error));
    for await (const chunk of source.pipe(gunzip) as AsyncIterable<Buffer>) {
      inflated += chunk.length;
      if (inflated > (rules.maxStreamBytes ?? Number.POSITIVE_INFINITY)) throw new Refusal(`the archive unpacks to more than ${rules.maxStreamBytes} bytes`);
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      take();
      if (ended) break;
    }
    if (!ended) throw new Refusal("the archive is truncated");
  } catch (error) {
    if (error instanceof Refusal) throw rules.refuse(error.message, error.entry);
    throw rules.refuse(`the archive cannot be read: ${(error as Error).message}`);
  } finally {
    const open = (file as { fd: number | null } | null)?.fd;
    if (open != null) closeSync(open);
  }
  return { files, folders, kept };
}
