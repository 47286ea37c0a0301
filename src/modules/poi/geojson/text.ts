import { GEOJSON_LIMITS } from "./limits";

/** A refusal from the worker: the import answers `status` with `code` and the message as it is. */
export class GeoJsonRefusal extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((byte, i) => bytes[i] === byte);

/**
 * The JSON value of a file's bytes, refused before parsing when they are compressed (gzip, zip: never inflated here, so
 * no bomb goes off), not UTF-8, or nest deeper than the cap (JSON.parse recurses: a deep file would overflow its stack).
 */
export function parseJsonBytes(bytes: Uint8Array): unknown {
  if (startsWith(bytes, [0x1f, 0x8b]) || startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x28, 0xb5, 0x2f, 0xfd])) {
    throw new GeoJsonRefusal("geojson_compressed", "The file is compressed (gzip or zip): upload the GeoJSON text itself");
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new GeoJsonRefusal("geojson_unreadable", "The file is not UTF-8 text");
  }
  const depth = nesting(text);
  if (depth > GEOJSON_LIMITS.depth) throw new GeoJsonRefusal("geojson_too_deep", `Arrays and objects nest ${depth} deep; at most ${GEOJSON_LIMITS.depth} are read`);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new GeoJsonRefusal("geojson_unreadable", `The file is not JSON: ${(error as Error).message}`);
  }
}

/** The deepest nesting of arrays and objects in JSON text, brackets inside strings not counted; stops counting past the cap. */
function nesting(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > deepest && (deepest = depth) > GEOJSON_LIMITS.depth) return deepest;
    } else if (c === 93 || c === 125) depth--;
  }
  return deepest;
}
