/**
 * Runs in the untrusted worker (src/lib/untrusted-worker.ts): reads the text of a PDF with unpdf's
 * pdf.js, page by page, and stops at the page and character caps it is given. This pdf.js build
 * compiles nothing into functions (no `new Function`, no isEvalSupported switch left) and is told to
 * load no fonts, which text needs none of. Encrypted, damaged and image-only files throw or give no text.
 */
import { getDocumentProxy } from "unpdf";
import { PAGE_BREAK } from "./first-screen";

export interface PdfTextInput {
  path: string;
  maxPages: number;
  maxChars: number;
}

export default async function readPdfText({ path, maxPages, maxChars }: PdfTextInput): Promise<string> {
  const pdf = await getDocumentProxy(await Bun.file(path).bytes(), { disableFontFace: true, stopAtErrors: true, verbosity: 0 });
  try {
    let text = "";
    for (let n = 1; n <= Math.min(pdf.numPages, maxPages) && text.length < maxChars; n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      for (const item of content.items) {
        if (text.length >= maxChars) break;
        if ("str" in item) text += item.str + (item.hasEOL ? "\n" : " ");
      }
      text += PAGE_BREAK;
      page.cleanup();
    }
    // Pages stay apart (a form feed each), so the document page can show the first while pdf.js loads.
    return text.replace(/[ \t]+/g, " ").replace(/ ?([\n\f]) ?/g, "$1").trim().slice(0, maxChars);
  } finally {
    await pdf.loadingTask.destroy();
  }
}
