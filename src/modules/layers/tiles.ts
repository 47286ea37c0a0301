import { join } from "node:path";
import type { User } from "../../../db/schema";
import type { AppContext } from "../../lib/context";
import { AppError, invalid, notFound } from "../../lib/errors";
import { log } from "../../lib/log";
import { requireDataItem } from "../data/policy";
import { layerPublished } from "../public-data/map-policy";
import { allowedTileOrigins } from "../settings/service";
import { layerRowsOf } from "./service";
import { type CachedTile, TileCache } from "./tile-cache";
import { fetchTile, TILE_FETCH_LIMITS, type TileFetchLimits } from "./tile-fetch";
import { templateOrigin, tileAddress } from "./tile-url";

/** How long a cached tile is served before it is fetched again, and how long browsers keep one. */
const TILE_MAX_AGE_MS = 7 * 24 * 3600_000;
const BROWSER_MAX_AGE_S = 24 * 3600;

const caches = new WeakMap<AppContext, TileCache>();

/** The app's tile cache under DATA_DIR/tile-cache, TILE_CACHE_MB in all. */
export function tileCacheOf(ctx: AppContext): TileCache {
  let cache = caches.get(ctx);
  if (!cache) caches.set(ctx, (cache = new TileCache(join(ctx.config.dataDir, "tile-cache"), ctx.config.tileCacheBytes, TILE_MAX_AGE_MS)));
  return cache;
}

interface Fetched {
  bytes: Uint8Array;
  mime: string;
  stored: boolean;
}

/** Tiles being fetched, by cache path: a map opening asks for the same tile from several tabs at once, the server is asked once. */
const fetching = new Map<string, Promise<Fetched>>();

/** Fetches a tile and keeps it in the cache; a cache that cannot be written (a full disk) only costs the next visit. */
async function fetchAndStore(cache: TileCache, path: string, address: string, allowed: ReadonlySet<string>, limits: TileFetchLimits): Promise<Fetched> {
  const tile = await fetchTile(address, allowed, limits);
  try {
    await cache.write(path, tile.bytes);
    return { ...tile, stored: true };
  } catch (error) {
    log.warn("tile_cache_write_failed", { path, message: (error as Error).message });
    return { ...tile, stored: false };
  }
}

function readsLayer(ctx: AppContext, actor: User, layerId: number) {
  try {
    requireDataItem(ctx.db, actor, layerId, { type: "LAYER" });
    return true;
  } catch (error) {
    if (error instanceof AppError && (error.status === 403 || error.status === 404)) return false;
    throw error;
  }
}

/**
 * Who may have the layer's tiles: a reader of the layer (kept by their browser only), or anyone when a public map
 * publishes it (a signed-in reader of a public frame outside the layer's project too).
 */
function tileAudience(ctx: AppContext, actor: User | null, layerId: number): "private" | "public" {
  if (actor && readsLayer(ctx, actor, layerId)) return "private";
  if (layerPublished(ctx.db, layerId)) return "public";
  throw notFound("data");
}

function tileResponse(tile: CachedTile, audience: string, request: Request): Response {
  const headers = {
    "content-type": tile.mime,
    "x-content-type-options": "nosniff",
    "content-security-policy": "default-src 'none'; sandbox",
    "cache-control": `${audience}, max-age=${BROWSER_MAX_AGE_S}`,
    etag: tile.etag,
  };
  if (request.headers.get("if-none-match") === tile.etag) return new Response(null, { status: 304, headers });
  return new Response(tile.bytes, { headers });
}

/**
 * GET /api/tiles/{layerId}/{z}/{x}/{y}: tile z/x/y of an XYZ layer, from the disk cache or fetched from the layer's
 * tile server when its origin is one an administrator allowed (GIS_TILE_HOSTS), within the size and time caps of
 * fetchTile. A stale tile is served when its server fails; nothing else is ever answered but a sniffed image.
 */
export async function serveTile(ctx: AppContext, actor: User | null, params: { layerId: number; z: number; x: number; y: number }, request: Request, limits: TileFetchLimits = TILE_FETCH_LIMITS): Promise<Response> {
  const { layerId, z, x, y } = params;
  const audience = tileAudience(ctx, actor, layerId);
  if (x >= 2 ** z || y >= 2 ** z) throw invalid([{ path: "params", message: `Column and row below ${2 ** z} at zoom ${z}` }]);
  const row = layerRowsOf(ctx.db, [layerId]).get(layerId);
  if (row?.kind !== "XYZ" || !row.url) throw notFound("tile");
  const allowed = allowedTileOrigins(ctx.db);
  const origin = templateOrigin(row.url);
  if (!origin || !allowed.has(origin)) throw new AppError(403, "tile_host_not_allowed", "The layer's tile server is not among those an administrator allowed");
  const address = tileAddress(row.url, z, x, y);
  const cache = tileCacheOf(ctx);
  const path = cache.pathOf(layerId, address);
  const cached = await cache.read(path);
  if (cached?.fresh) return tileResponse(cached, audience, request);
  let pending = fetching.get(path);
  if (!pending && fetching.size >= limits.atOnce) {
    if (cached) return tileResponse(cached, audience, request);
    throw new AppError(503, "tile_proxy_busy", "Too many tiles are being fetched; try again in a moment");
  }
  if (!pending) {
    pending = fetchAndStore(cache, path, address, allowed, limits).finally(() => fetching.delete(path));
    fetching.set(path, pending);
  }
  let fetched: Fetched;
  try {
    fetched = await pending;
  } catch (error) {
    if (cached && error instanceof AppError && error.status >= 500) return tileResponse(cached, audience, request);
    throw error;
  }
  const stored = fetched.stored ? await cache.read(path) : null;
  if (stored) return tileResponse(stored, audience, request);
  return new Response(fetched.bytes as Uint8Array<ArrayBuffer>, { headers: { "content-type": fetched.mime, "x-content-type-options": "nosniff", "cache-control": `${audience}, max-age=${BROWSER_MAX_AGE_S}` } });
}
