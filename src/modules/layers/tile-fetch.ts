import { AppError } from "../../lib/errors";
import { pictureMime } from "../../lib/sniff";

/**
 * How far the proxy goes: for one tile its size, the whole exchange's time and redirects (each to an allowed server);
 * and how many tiles it fetches at once, so that a stranger on a public map cannot turn Plexus into a flood against
 * a tile server (or fill its own cache) faster than that.
 */
export interface TileFetchLimits {
  bytes: number;
  timeoutMs: number;
  redirects: number;
  atOnce: number;
}

export const TILE_FETCH_LIMITS: TileFetchLimits = { bytes: 2 * 1024 * 1024, timeoutMs: 10_000, redirects: 3, atOnce: 32 };

const failed = (status: number, code: string, message: string) => new AppError(status, code, message);

/** The image type of a tile's bytes (PNG, JPEG, GIF or WebP), whatever the tile server said; null for anything else. */
export function tileMime(bytes: Uint8Array): string | null {
  const webp = bytes.length >= 12 && new TextDecoder().decode(bytes.subarray(0, 4)) === "RIFF" && new TextDecoder().decode(bytes.subarray(8, 12)) === "WEBP";
  return webp ? "image/webp" : pictureMime(bytes.subarray(0, 16));
}

/** What an allowed fetch is for: its error codes start with it ("tile_timeout", "geocoder_timeout"). */
type Purpose = "tile" | "geocoder";
const SERVERS: Record<Purpose, string> = { tile: "tile server", geocoder: "geocoder" };

/** The body up to `limit` bytes; past it, or once `signal` fires, the transfer is cancelled and an error thrown. */
async function cappedBody(response: Response, limit: number, signal: AbortSignal, purpose: Purpose): Promise<Uint8Array> {
  const tooLarge = () => failed(502, `${purpose}_too_large`, `The ${SERVERS[purpose]} sent more than ${limit} bytes`);
  const declared = Number(response.headers.get("content-length"));
  if (declared > limit) {
    await response.body?.cancel();
    throw tooLarge();
  }
  const reader = response.body!.getReader();
  const stop = () => void reader.cancel().catch(() => {});
  signal.addEventListener("abort", stop, { once: true });
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (signal.aborted) throw failed(504, `${purpose}_timeout`, `The ${SERVERS[purpose]} did not answer in time`);
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        stop();
        throw tooLarge();
      }
      chunks.push(value);
    }
  } finally {
    signal.removeEventListener("abort", stop);
  }
  return Buffer.concat(chunks);
}

/**
 * The body of `address`, fetched only when its origin is in `allowed` (a redirect too, each hop checked before it
 * is followed): 403 <purpose>_host_not_allowed without any request for a first address off the list, 502 for a
 * redirect off it, an error status or a body past the size cap, 504 past the time cap, 404 passed on.
 */
export async function fetchAllowed(address: string, allowed: ReadonlySet<string>, limits: Omit<TileFetchLimits, "atOnce">, purpose: Purpose, accept: string): Promise<Uint8Array> {
  const server = SERVERS[purpose];
  const signal = AbortSignal.timeout(limits.timeoutMs);
  let url = new URL(address);
  if (!allowed.has(url.origin)) throw failed(403, `${purpose}_host_not_allowed`, `${url.origin} is not among the servers an administrator allowed`);
  for (let hop = 0; ; hop++) {
    let response: Response;
    try {
      response = await fetch(url, { redirect: "manual", signal, headers: { accept, "user-agent": `Plexus ${server}` } });
    } catch {
      if (signal.aborted) throw failed(504, `${purpose}_timeout`, `The ${server} did not answer in time`);
      throw failed(502, `${purpose}_server_unreachable`, `The ${server} could not be reached`);
    }
    const location = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      const next = new URL(location, url);
      if (hop >= limits.redirects || !allowed.has(next.origin)) throw failed(502, `${purpose}_redirect_refused`, `The ${server} sent the request to a server that is not allowed`);
      url = next;
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel();
      if (response.status === 404) throw failed(404, `${purpose}_not_found`, `The ${server} has nothing there`);
      throw failed(502, `${purpose}_server_failed`, `The ${server} answered ${response.status}`);
    }
    return cappedBody(response, limits.bytes, signal, purpose);
  }
}

/**
 * One tile from `address` through fetchAllowed (tile_* codes): 404 tile_not_found when the server has no tile
 * there, 502 tile_not_image for bytes that are no image.
 */
export async function fetchTile(address: string, allowed: ReadonlySet<string>, limits: TileFetchLimits = TILE_FETCH_LIMITS): Promise<{ bytes: Uint8Array; mime: string }> {
  const bytes = await fetchAllowed(address, allowed, limits, "tile", "image/png,image/jpeg,image/webp,image/gif");
  const mime = tileMime(bytes);
  if (!mime) throw failed(502, "tile_not_image", "The tile server answered something that is not an image");
  return { bytes, mime };
}
