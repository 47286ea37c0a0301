import { closeSync, mkdirSync, openSync, writeSync } from "node:fs";
import { createReadStream } from "node:fs";
import { dirname, join } from "node:path";
import { createGunzip } from "node:zlib";
import { AppError } from "../../lib/errors";

/** An update package unpacks to at most this many bytes and entries; a larger one is refused half way. */
const MAX_UNPACKED_BYTES = 4 * 1024 ** 3;
const MAX_ENTRIES = 200_000;
const BLOCK = 512;

export const packageInvalid = (message: string, entry?: string) =>
  new AppError(422, "update_package_invalid", message, entry === undefined ? undefined : [{ path: entry, message }]);

const text = (block: Buffer, from: number, length: number) => {
  const field = block.subarray(from, from + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString("utf8");
};
const octal = (block: Buffer, from: number, length: number) => Number.parseInt(text(block, from, length).trim() || "0", 8);

/** The header's own checksum: the sum of its bytes with the checksum field read as spaces. */
function checksumOk(block: Buffer): boolean {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i];
  return sum === octal(block, 148, 8);
}

/**
 * A relative path inside the target, or a refusal: absolute names, `..` segments, backslashes and control
 * characters never reach the disk, so nothing lands outside the folder being unpacked into.
 */
function safeEntryName(raw: string): string {
  const name = raw.replace(/^(\.\/)+/, "").replace(/\/+$/, "");
  const segments = name.split("/");
  const unprintable = [...name].some((c) => c === "\\" || c.charCodeAt(0) < 32);
  if (!name || raw.startsWith("/") || unprintable || segments.some((s) => s === ".." || s === "." || s === "")) {
    throw packageInvalid(`The package holds an entry outside its folder: ${JSON.stringify(raw.slice(0, 200))}`, raw.slice(0, 200));
  }
  return name;
}

/** The `path` record of a pax extended header ("<length> path=<name>\n" records). */
function paxPath(data: Buffer): string | undefined {
  for (const record of data.toString("utf8").split("\n")) {
    const match = /^\d+ path=(.*)$/s.exec(record);
    if (match) return match[1];
  }
  return undefined;
}

/**
 * Unpacks a .tar.gz into `target` (which must be new and empty), streaming: regular files and folders only
 * (links, devices and fifos are refused), every name checked by safeEntryName and by `allowTop` for its first
 * segment. A truncated or corrupt archive throws update_package_invalid; the caller removes `target`.
 */
export async function unpackTarGz(archive: string, target: string, allowTop: (name: string) => boolean): Promise<string[]> {
  mkdirSync(target, { recursive: true });
  const tops = new Set<string>();
  let pending: Buffer = Buffer.alloc(0);
  let file: { fd: number; left: number; padding: number } | null = null;
  let skip = 0; // bytes of an entry's body (or padding) that are read but not written
  let meta: { kind: "pax" | "long"; left: number; padding: number; chunks: Buffer[] } | null = null;
  let nextName: string | undefined;
  let unpacked = 0;
  let entries = 0;
  let ended = false;

  const place = (rawName: string) => {
    const name = safeEntryName(rawName);
    const top = name.split("/")[0];
    if (!allowTop(top)) throw packageInvalid(`The package may not replace ${top}`, name);
    tops.add(top);
    if (++entries > MAX_ENTRIES) throw packageInvalid("The package holds too many entries");
    return join(target, name);
  };

  const header = (block: Buffer) => {
    if (block.every((byte) => byte === 0)) return void (ended = true);
    if (!checksumOk(block)) throw packageInvalid("The package is not a valid tar archive");
    const size = octal(block, 124, 12);
    const padding = (BLOCK - (size % BLOCK)) % BLOCK;
    const type = String.fromCharCode(block[156] || 48);
    const prefix = text(block, 345, 155);
    const name = nextName ?? (prefix ? `${prefix}/${text(block, 0, 100)}` : text(block, 0, 100));
    if (type === "x" || type === "L") return void (meta = { kind: type === "x" ? "pax" : "long", left: size, padding, chunks: [] });
    nextName = undefined;
    if (type === "g") return void (skip = size + padding);
    if (type === "5") return void mkdirSync(place(name), { recursive: true });
    if (type !== "0" && type !== "7") throw packageInvalid("The package may hold only files and folders", name.slice(0, 200));
    unpacked += size;
    if (unpacked > MAX_UNPACKED_BYTES) throw packageInvalid("The package unpacks to more than 4 GB");
    const path = place(name);
    mkdirSync(dirname(path), { recursive: true });
    file = { fd: openSync(path, "wx", 0o644), left: size, padding };
  };

  const take = () => {
    while (!ended) {
      if (skip > 0) {
        const used = Math.min(skip, pending.length);
        skip -= used;
        pending = pending.subarray(used);
        if (skip > 0) return;
      } else if (file) {
        const used = Math.min(file.left, pending.length);
        writeSync(file.fd, pending, 0, used);
        file.left -= used;
        pending = pending.subarray(used);
        if (file.left > 0) return;
        closeSync(file.fd);
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
        const block = pending.subarray(0, BLOCK);
        pending = pending.subarray(BLOCK);
        header(Buffer.from(block));
      }
    }
  };

  try {
    for await (const chunk of createReadStream(archive).pipe(createGunzip())) {
      pending = pending.length ? Buffer.concat([pending, chunk as Buffer]) : (chunk as Buffer);
      take();
      if (ended) break;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw packageInvalid("The package is damaged or cut short");
  } finally {
    if (file) closeSync((file as { fd: number }).fd);
  }
  if (!ended) throw packageInvalid("The package is damaged or cut short");
  return [...tops];
}
