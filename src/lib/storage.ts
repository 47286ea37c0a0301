import { mkdirSync, rmSync } from "node:fs";
import { join, resolve, sep } from "node:path";
import { randomToken } from "./crypto";
import { tooLarge } from "./errors";

/** Stored files live under DATA_DIR/files/<yyyy>/<mm>/<random>; names are never the user's. */
export function newStoredPath(dataDir: string): { absolute: string; relative: string } {
  const nowDate = new Date();
  const folder = join("files", String(nowDate.getUTCFullYear()), String(nowDate.getUTCMonth() + 1).padStart(2, "0"));
  mkdirSync(join(dataDir, folder), { recursive: true });
  const relative = join(folder, randomToken(18));
  return { absolute: join(dataDir, relative), relative };
}

/** Resolves a stored relative path, refusing anything that would leave DATA_DIR/files. */
export function storedFile(dataDir: string, relative: string): string {
  const root = resolve(dataDir, "files");
  const absolute = resolve(dataDir, relative);
  if (!absolute.startsWith(root + sep)) throw new Error("stored path outside the files folder");
  return absolute;
}

export function removeStored(dataDir: string, relative: string): void {
  rmSync(storedFile(dataDir, relative), { force: true });
}

/**
 * Streams an upload to disk, stopping as soon as it passes `limit` bytes, so a large upload
 * never sits in memory and an oversized one never fills the disk. Returns the size and the first bytes.
 */
export async function streamToDisk(source: Blob, absolute: string, limit: number): Promise<{ size: number; head: Uint8Array }> {
  if (source.size > limit) throw tooLarge(`Files may be at most ${Math.floor(limit / 1024 / 1024)} MB`);
  const writer = Bun.file(absolute).writer();
  let size = 0;
  let head = new Uint8Array(0);
  try {
    for await (const chunk of source.stream() as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > limit) throw tooLarge(`Files may be at most ${Math.floor(limit / 1024 / 1024)} MB`);
      if (head.byteLength < 4096) head = concatHead(head, chunk);
      writer.write(chunk);
    }
    await writer.end();
  } catch (error) {
    await Promise.resolve(writer.end()).catch(() => undefined);
    rmSync(absolute, { force: true });
    throw error;
  }
  return { size, head };
}

function concatHead(head: Uint8Array, chunk: Uint8Array): Uint8Array {
  const out = new Uint8Array(Math.min(4096, head.byteLength + chunk.byteLength));
  out.set(head.subarray(0, out.byteLength));
  out.set(chunk.subarray(0, out.byteLength - head.byteLength), head.byteLength);
  return out;
}
