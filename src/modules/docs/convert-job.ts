/**
 * Runs in the untrusted worker (src/lib/untrusted-worker.ts): checks a DOCX's zip for real, not
 * just as declared, then converts it with mammoth and sanitises the HTML. Refusals carry the error
 * code the upload answers with.
 */
import mammoth from "mammoth";
import { sanitize } from "../../lib/sanitize";
import { xmlNestsDeeperThan } from "../../lib/xml-depth";
import { checkZipLimits, inflateEntry, readZipDirectory, ZipRefusal } from "../../lib/zip";
import { DOCX_LIMITS } from "./convert";
import { DOCX_TITLE_CLASS } from "./docx-html";

/**
 * Word's Title paragraph heads the structure tree: an h1 marked as the title, so the viewer puts the
 * headings under it. Images keep the description Word gives them as alt (mammoth's default); those
 * without one are left without alt for the viewer to name in the reader's language.
 */
const STYLE_MAP = [`p[style-name='Title'] => h1.${DOCX_TITLE_CLASS}:fresh`];

const refuse = (code: "file_too_complex" | "file_unreadable", message: string) => Object.assign(new Error(message), { code });

export default async function convertDocx({ path }: { path: string }): Promise<string> {
  const zip = await Bun.file(path).bytes();
  try {
    const entries = await readZipDirectory((start, end) => zip.subarray(start, end), zip.byteLength);
    checkZipLimits(entries, DOCX_LIMITS);
    // Every entry is inflated once, never past its declared size, before mammoth inflates what it needs.
    for (const entry of entries) {
      const data = inflateEntry(zip, entry);
      if (/\.(xml|rels)$/i.test(entry.name) && xmlNestsDeeperThan(data, DOCX_LIMITS.maxXmlDepth))
        throw refuse("file_too_complex", `${entry.name} nests deeper than ${DOCX_LIMITS.maxXmlDepth}`);
    }
  } catch (error) {
    if (error instanceof ZipRefusal) throw refuse(error.reason === "too_complex" ? "file_too_complex" : "file_unreadable", error.message);
    throw error;
  }
  let html: string;
  try {
    html = (await mammoth.convertToHtml({ buffer: Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength) }, { styleMap: STYLE_MAP })).value;
  } catch (error) {
    throw refuse("file_unreadable", String((error as Error)?.message ?? error));
  }
  let n = 0;
  const withIds = html.replace(/<h([1-6])(?=[\s>])/g, (_, level: string) => `<h${level} id="h-${++n}"`);
  return sanitize(withIds, "docx");
}
