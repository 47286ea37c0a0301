import { inflateRawSync } from "node:zlib";

/** One file of a zip archive as its central directory declares it. */
export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
  /** The CRC-32 of the uncompressed data. */
  crc32: number;
}

/** Caps for an untrusted archive, checked on the declared sizes before anything is inflated. */
export interface ZipLimits {
  maxEntries: number;
  /** The sum of the entries' uncompressed sizes, in bytes. */
  maxTotalBytes: number;
  /** Largest uncompressed : compressed ratio of one entry... */
  maxRatio: number;
  /** ...for entries above this many uncompressed bytes (small files compress well and harm nobody). */
  ratioFloorBytes: number;
}

/** Why an archive was refused: `unreadable` (not a zip, damaged, encrypted, zip64) or `too_complex` (past a cap). */
export class ZipRefusal extends Error {
  constructor(
    readonly reason: "unreadable" | "too_complex",
    message: string,
  ) {
    super(message);
  }
}

const unreadable = (message: string) => new ZipRefusal("unreadable", message);
const tooComplex = (message: string) => new ZipRefusal("too_complex", message);

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const ZIP64_LOCATOR = 0x07064b50;
const EOCD_MIN = 22;
const EOCD_SEARCH = EOCD_MIN + 0xffff;
/** A central directory bigger than this is not a document's. */
const MAX_DIRECTORY_BYTES = 8 * 1024 * 1024;

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * Reads the central directory of a zip of `size` bytes through `read(start, end)`, which needs
 * only the tail and the directory itself (a few KB for a document), never the compressed data.
 * Zip64 archives, multi-disk archives and encrypted entries are refused as unreadable.
 */
export async function readZipDirectory(read: (start: number, end: number) => Uint8Array | Promise<Uint8Array>, size: number): Promise<ZipEntry[]> {
  if (size < EOCD_MIN) throw unreadable("too short for a zip");
  const tailStart = Math.max(0, size - EOCD_SEARCH);
  const tail = await read(tailStart, size);
  const tv = view(tail);
  // The last end-of-central-directory signature, as mammoth's jszip picks it, so both read the same
  // directory; it must end the file and sit right after its directory (no prepended or trailing data).
  let at = -1;
  for (let i = tail.byteLength - EOCD_MIN; i >= 0 && at < 0; i--) if (tv.getUint32(i, true) === EOCD) at = i;
  if (at < 0) throw unreadable("no end of central directory");
  if (at + EOCD_MIN + tv.getUint16(at + 20, true) !== tail.byteLength) throw unreadable("data after the end of central directory");
  if (at >= 20 && tv.getUint32(at - 20, true) === ZIP64_LOCATOR) throw unreadable("zip64 archive");
  const disk = tv.getUint16(at + 4, true);
  const cdDisk = tv.getUint16(at + 6, true);
  const count = tv.getUint16(at + 10, true);
  const cdSize = tv.getUint32(at + 12, true);
  const cdOffset = tv.getUint32(at + 16, true);
  if (disk !== 0 || cdDisk !== 0 || tv.getUint16(at + 8, true) !== count) throw unreadable("multi-disk archive");
  if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) throw unreadable("zip64 archive");
  if (cdSize > MAX_DIRECTORY_BYTES) throw tooComplex("central directory too large");
  if (cdOffset + cdSize !== tailStart + at) throw unreadable("central directory out of place");

  const directory = await read(cdOffset, cdOffset + cdSize);
  if (directory.byteLength !== cdSize) throw unreadable("central directory truncated");
  const dv = view(directory);
  const decoder = new TextDecoder();
  const entries: ZipEntry[] = [];
  let p = 0;
  for (let n = 0; n < count; n++) {
    if (p + 46 > cdSize || dv.getUint32(p, true) !== CENTRAL) throw unreadable("damaged central directory");
    const flags = dv.getUint16(p + 8, true);
    const nameLength = dv.getUint16(p + 28, true);
    const extraLength = dv.getUint16(p + 30, true);
    const commentLength = dv.getUint16(p + 32, true);
    const entry: ZipEntry = {
      flags,
      method: dv.getUint16(p + 10, true),
      compressedSize: dv.getUint32(p + 20, true),
      uncompressedSize: dv.getUint32(p + 24, true),
      localHeaderOffset: dv.getUint32(p + 42, true),
      crc32: dv.getUint32(p + 16, true),
      name: decoder.decode(directory.subarray(p + 46, p + 46 + nameLength)),
    };
    if (entry.compressedSize === 0xffffffff || entry.uncompressedSize === 0xffffffff || entry.localHeaderOffset === 0xffffffff) throw unreadable("zip64 entry");
    if (flags & 1) throw unreadable("encrypted entry");
    if (entry.method !== 0 && entry.method !== 8) throw unreadable("unsupported compression");
    if (entry.localHeaderOffset + 30 + entry.compressedSize > cdOffset) throw unreadable("entry out of bounds");
    entries.push(entry);
    p += 46 + nameLength + extraLength + commentLength;
  }
  if (p > cdSize) throw unreadable("damaged central directory");
  return entries;
}

/** Refuses an archive whose declared sizes pass a cap: too many entries, too big in total, or one entry inflating too far. */
export function checkZipLimits(entries: ZipEntry[], limits: ZipLimits): void {
  if (entries.length > limits.maxEntries) throw tooComplex(`more than ${limits.maxEntries} entries`);
  let total = 0;
  for (const entry of entries) {
    total += entry.uncompressedSize;
    if (total > limits.maxTotalBytes) throw tooComplex(`more than ${limits.maxTotalBytes} bytes uncompressed`);
    if (entry.uncompressedSize > limits.ratioFloorBytes && entry.uncompressedSize > limits.maxRatio * Math.max(1, entry.compressedSize))
      throw tooComplex(`entry ${entry.name} inflates more than ${limits.maxRatio}:1`);
  }
}

/**
 * Inflates one entry of a zip held in memory, never past its declared uncompressed size:
 * an entry whose data inflates further than its directory says is refused as soon as it does, and
 * one whose bytes were changed (its checksum differs) is refused as damaged.
 */
export function inflateEntry(zip: Uint8Array, entry: ZipEntry): Uint8Array {
  const zv = view(zip);
  const at = entry.localHeaderOffset;
  if (at + 30 > zip.byteLength || zv.getUint32(at, true) !== LOCAL) throw unreadable(`damaged local header of ${entry.name}`);
  const start = at + 30 + zv.getUint16(at + 26, true) + zv.getUint16(at + 28, true);
  const end = start + entry.compressedSize;
  if (end > zip.byteLength) throw unreadable(`${entry.name} is truncated`);
  const data = zip.subarray(start, end);
  let out: Uint8Array;
  if (entry.method === 0) out = data;
  else {
    try {
      // maxOutputLength must be at least 1; an entry declared empty must then inflate to nothing.
      out = inflateRawSync(data, { maxOutputLength: Math.max(1, entry.uncompressedSize) });
    } catch (error) {
      if ((error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") throw tooComplex(`${entry.name} inflates past its declared size`);
      throw unreadable(`${entry.name} does not inflate`);
    }
  }
  if (out.byteLength !== entry.uncompressedSize) throw unreadable(`${entry.name} is not its declared size`);
  if (Bun.hash.crc32(out) >>> 0 !== entry.crc32) throw unreadable(`${entry.name} fails its checksum`);
  return out;
}
