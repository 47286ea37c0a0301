import { readdirSync, statSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Text assets worth compressing; smaller files gain less than a header costs. */
const TEXT = /\.(m?js|css|svg|json|txt|xml|webmanifest)$/;
const MIN_BYTES = 1024;

/**
 * Writes brotli (quality 11) and gzip (level 9) twins beside every text asset under `dir`, once per build,
 * for src/lib/static-files.ts to send as they are: the best compression without spending a request's time.
 * The files are compressed side by side on libuv's threads (pdf.js's worker alone takes 3 s at quality 11).
 */
export async function precompress(dir: string) {
  const paths = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && TEXT.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => statSync(path).size >= MIN_BYTES);
  await Promise.all(
    paths.map(async (path) => {
      const bytes = await readFile(path);
      const params = { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length };
      await Promise.all([writeFile(`${path}.br`, await brotli(bytes, { params })), writeFile(`${path}.gz`, await gzipped(bytes, { level: 9 }))]);
    }),
  );
}
