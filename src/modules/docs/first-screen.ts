/**
 * What a document page sends with its HTML, so the reader sees text before any script has come (issue 20,
 * documents on a slow link): the first screen of a Word body, cut between two top-level blocks, and a PDF's
 * first page as the text the server read from it, shown until pdf.js has drawn the page.
 */

/** Elements with no end tag: they open nothing. */
const VOID = new Set(["area", "br", "col", "hr", "img", "wbr", "input", "source"]);
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b[^>]*?(\/?)>/g;

/**
 * `html` up to the end of the first top-level element that ends at or after `minChars`, or the whole of
 * it. The sanitiser's HTML is balanced and escapes `>` inside attributes, so counting tags is enough.
 */
export function firstScreen(html: string, minChars: number): string {
  if (html.length <= minChars) return html;
  let depth = 0;
  for (const match of html.matchAll(TAG)) {
    const [, closing, name, selfClosing] = match;
    if (VOID.has(name.toLowerCase()) || selfClosing) continue;
    depth += closing ? -1 : 1;
    const end = (match.index ?? 0) + match[0].length;
    if (depth <= 0 && end >= minChars) return html.slice(0, end);
  }
  return html;
}

/** Pages of a PDF's stored text are separated by form feeds (pdf-text-job.ts); texts read before that have none. */
export const PAGE_BREAK = "\f";

/** The first page's text, at most `maxChars` of it, ending at a line's end where a page has no break. */
export function firstPageText(text: string, maxChars: number): string {
  const page = text.split(PAGE_BREAK, 1)[0].trim();
  if (page.length <= maxChars) return page;
  const cut = page.lastIndexOf("\n", maxChars);
  return page.slice(0, cut > maxChars / 2 ? cut : maxChars).trim();
}
