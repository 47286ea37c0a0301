/** The worker side of the GeoNames loader (load.ts): unpacks the upload when it is a zip, within caps, and reads its places. */
import { checkZipLimits, inflateEntry, readZipDirectory, ZipRefusal } from "../../lib/zip";
import { DumpRefusal, GEONAMES_LIMITS, parseGeonames } from "./geonames";

const ZIP_LIMITS = { maxEntries: GEONAMES_LIMITS.entries, maxTotalBytes: GEONAMES_LIMITS.textBytes, maxRatio: GEONAMES_LIMITS.ratio, ratioFloorBytes: 1024 * 1024 };

/** A refusal the loader turns into its error, code and message kept. */
const refused = (code: string, message: string) => Object.assign(new Error(message), { code });

export default async function geonamesJob({ path }: { path: string }) {
  const bytes = await Bun.file(path).bytes();
  let text: Uint8Array = bytes;
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) {
    try {
      const entries = await readZipDirectory((start, end) => bytes.subarray(start, end), bytes.byteLength);
      checkZipLimits(entries, ZIP_LIMITS);
      const dump = entries.filter((entry) => entry.name.toLowerCase().endsWith(".txt") && !/readme/i.test(entry.name));
      if (dump.length !== 1) throw refused("geonames_not_a_dump", "The zip must hold one GeoNames .txt file");
      text = inflateEntry(bytes, dump[0]!);
    } catch (error) {
      if (error instanceof ZipRefusal) throw refused(error.reason === "too_complex" ? "geonames_too_large" : "geonames_not_a_dump", `The zip was refused: ${error.message}`);
      throw error;
    }
  }
  if (text.byteLength > GEONAMES_LIMITS.textBytes) throw refused("geonames_too_large", `The text may be at most ${GEONAMES_LIMITS.textBytes} bytes`);
  try {
    return parseGeonames(new TextDecoder("utf-8", { fatal: true }).decode(text));
  } catch (error) {
    if (error instanceof DumpRefusal) throw refused(error.code, error.message);
    if (error instanceof TypeError) throw refused("geonames_not_a_dump", "The file is not UTF-8 text");
    throw error;
  }
}
