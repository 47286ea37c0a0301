import mammoth from "mammoth";
import sanitizeHtml from "sanitize-html";
import { AppError } from "../../lib/errors";

const unreadable = () => new AppError(422, "file_unreadable", "The file cannot be read");

const ALLOWED = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, "img", "h1", "h2", "del", "ins", "sup", "sub"],
  allowedAttributes: { ...sanitizeHtml.defaults.allowedAttributes, img: ["src", "alt"], "*": ["id"], td: ["colspan", "rowspan"], th: ["colspan", "rowspan"] },
  allowedSchemesByTag: { img: ["data"] },
  allowedSchemes: ["http", "https", "mailto"],
};

/**
 * DOCX to sanitised HTML; headings get ids so the viewer can build its structure tree.
 * A damaged file is refused with 422 rather than stored half-read.
 */
export async function docxToHtml(absolutePath: string): Promise<string> {
  let html: string;
  try {
    html = (await mammoth.convertToHtml({ path: absolutePath })).value;
  } catch {
    throw unreadable();
  }
  let n = 0;
  const withIds = html.replace(/<h([1-6])>/g, (_, level: string) => `<h${level} id="h-${++n}">`);
  return sanitizeHtml(withIds, ALLOWED);
}

/** A PDF that was cut short has no end-of-file marker near its end. */
export async function assertCompletePdf(absolutePath: string, size: number): Promise<void> {
  const tail = await Bun.file(absolutePath).slice(Math.max(0, size - 2048), size).text();
  if (!tail.includes("%%EOF")) throw unreadable();
}
