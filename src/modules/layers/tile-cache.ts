import { mkdir, readdir, rename, rm, stat, unlink } from "node:fs/promises";
import { join } from "node:path";
import { tileMime } from "./tile-fetch";

/** A tile kept on disk: its bytes (read whole: a tile evicted meanwhile must not break the answer), type, age and validator. */
export interface CachedTile {
  bytes: Uint8Array<ArrayBuffer>;
  mime: string;
  fresh: boolean;
  etag: string;
}

/**
 * Tiles on disk under `dir`/<layer>/<hash of the tile's address>, so a changed template never serves the old
 * server's tiles. A tile older than `maxAgeMs` is fetched again (and served stale when the server fails); past
 * `maxBytes` in all, the least recently written tiles go until a tenth of the room is free.
 */
export class TileCache {
  private total: Promise<number> | undefined;
  private evicting: Promise<void> | undefined;

  constructor(
    private readonly dir: string,
    private readonly maxBytes: number,
    private readonly maxAgeMs: number,
  ) {}

  pathOf(layerId: number, address: string): string {
    return join(this.dir, String(layerId), new Bun.CryptoHasher("sha256").update(address).digest("hex").slice(0, 40));
  }

  async read(path: string): Promise<CachedTile | null> {
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) return null;
    const bytes = await Bun.file(path).bytes().catch(() => null);
    const mime = bytes && tileMime(bytes);
    if (!mime) return null;
    const fresh = Date.now() - info.mtimeMs < this.maxAgeMs;
    return { bytes: bytes!, mime, fresh, etag: `"t${info.mtimeMs.toString(36)}-${info.size.toString(36)}"` };
  }

  /** Stores a tile whole or not at all (written beside it, then renamed over it). */
  async write(path: string, bytes: Uint8Array): Promise<void> {
    const before = (await stat(path).catch(() => null))?.size ?? 0;
    await mkdir(join(path, ".."), { recursive: true });
    const partial = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.part`;
    await Bun.write(partial, bytes);
    await rename(partial, path);
    const total = (await this.size()) + bytes.byteLength - before;
    this.total = Promise.resolve(total);
    if (total > this.maxBytes) this.evicting ??= this.evict().finally(() => (this.evicting = undefined));
  }

  /** Removes a layer's tiles (the layer was deleted for good). */
  async dropLayer(layerId: number): Promise<void> {
    await rm(join(this.dir, String(layerId)), { recursive: true, force: true });
    this.total = undefined;
  }

  /** Waits for a running eviction (tests). */
  idle = () => this.evicting ?? Promise.resolve();

  private size(): Promise<number> {
    this.total ??= this.files().then((files) => files.reduce((sum, file) => sum + file.size, 0));
    return this.total;
  }

  private async files(): Promise<{ path: string; size: number; mtimeMs: number }[]> {
    const names = await readdir(this.dir, { recursive: true }).catch(() => [] as string[]);
    const found = await Promise.all(names.map(async (name) => ({ path: join(this.dir, name), info: await stat(join(this.dir, name)).catch(() => null) })));
    return found.flatMap(({ path, info }) => (info?.isFile() && !path.endsWith(".part") ? [{ path, size: info.size, mtimeMs: info.mtimeMs }] : []));
  }

  private async evict(): Promise<void> {
    const files = (await this.files()).sort((a, b) => a.mtimeMs - b.mtimeMs);
    let total = files.reduce((sum, file) => sum + file.size, 0);
    for (const file of files) {
      if (total <= this.maxBytes * 0.9) break;
      await unlink(file.path).catch(() => {});
      total -= file.size;
    }
    this.total = Promise.resolve(total);
  }
}
