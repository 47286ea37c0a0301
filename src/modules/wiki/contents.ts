/** One entry of an article's table of contents. */
export interface Heading {
  /** The anchor the page gives the heading. */
  id: string;
  level: 2 | 3 | 4;
  text: string;
}

/** An article gets a table of contents from this many headings on. */
export const CONTENTS_FROM = 3;

// Stored HTML is sanitised with the `wiki` setting, which keeps no attribute on headings: a heading is exactly <hN>…</hN>.
const HEADING = /<h([234])>([\s\S]*?)<\/h\1>/g;
const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'", "&nbsp;": " " };
const plainText = (html: string) =>
  html
    .replace(/<[^>]*>/g, "")
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (entity) => ENTITIES[entity]!)
    .replace(/\s+/g, " ")
    .trim();

/**
 * An article's sanitised HTML with an anchor on each heading (h2 to h4) and the list of those headings in
 * their order, for the table of contents the article page draws from them. Headings without text get none.
 */
export function withContents(html: string): { html: string; headings: Heading[] } {
  const headings: Heading[] = [];
  const anchored = html.replace(HEADING, (whole, level: string, inner: string) => {
    const text = plainText(inner);
    if (!text) return whole;
    const id = `wiki-section-${headings.length + 1}`;
    headings.push({ id, level: Number(level) as Heading["level"], text });
    return `<h${level} id="${id}">${inner}</h${level}>`;
  });
  return { html: anchored, headings };
}
