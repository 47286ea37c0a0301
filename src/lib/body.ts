import { AppError, badRequest, tooLarge } from "./errors";
import { yieldToEvents } from "./yield-to-events";

/** JSON and form bodies above this are refused while they stream; file uploads have their own limits. */
export const JSON_BODY_LIMIT = 1024 * 1024;

// Keys no Plexus body uses that, as own properties, break code that stringifies values (Elysia's
// own validation errors among it): they are dropped while parsing.
const HOSTILE_KEYS = new Set(["__proto__", "constructor", "prototype", "toString", "valueOf", "toJSON"]);

/**
 * Reads a body's bytes, counting them as they arrive (chunked bodies have no Content-Length to
 * trust): past `limit` the stream is cancelled and 413 thrown, so nothing large is ever buffered.
 */
export async function readLimitedBytes(request: Request, limit = JSON_BODY_LIMIT): Promise<Uint8Array> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => {});
        throw tooLarge();
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw badRequest("body_unreadable", "The request body was cut short");
  }
  return Buffer.concat(chunks);
}

const readLimitedText = async (request: Request) => new TextDecoder().decode(await readLimitedBytes(request));

/** Parses JSON text, refusing malformed text with 400 and dropping hostile keys. */
function parseJson(text: string): unknown {
  if (!text.trim()) return null;
  try {
    return JSON.parse(text, (key, value) => (HOSTILE_KEYS.has(key) ? undefined : value));
  } catch {
    throw badRequest("invalid_json", "The request body could not be read");
  }
}

/** Characters from which a body's reading and parsing are split (parsing takes about 10 ms per megabyte). */
const LARGE_BODY = 64 * 1024;

const unsupported = () => new AppError(415, "unsupported_media_type", "Send this call's body as JSON");

/**
 * The body of a call that takes no files: JSON (also when no type is given), or a plain form post.
 * Multipart and every other type are refused before a byte is read; routes that take files stream
 * their bodies themselves (see uploads.ts).
 */
export async function readBody(request: Request): Promise<unknown> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (type === "application/x-www-form-urlencoded") {
    const params = new URLSearchParams(await readLimitedText(request));
    return Object.fromEntries([...params].filter(([key]) => !HOSTILE_KEYS.has(key)));
  }
  if (type !== "" && type !== "application/json" && !type.endsWith("+json")) throw unsupported();
  const text = await readLimitedText(request);
  // Reading and parsing a large body each hold the loop for milliseconds: others go between them.
  if (text.length > LARGE_BODY) await yieldToEvents();
  return parseJson(text);
}
