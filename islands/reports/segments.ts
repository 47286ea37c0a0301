import { PLACEHOLDER } from "../../src/modules/reports/placeholders";

/** A stretch of the report's sanitised HTML, or the data item a placeholder names. */
export type Segment = { html: string } | { dataId: number };

/** A paragraph that holds one placeholder and nothing else: the block takes the paragraph's place. */
const ALONE = /^<p>\s*\[DATA-([1-9][0-9]{0,14})\]\s*<\/p>/;

/**
 * The body cut at its placeholders, so each can be drawn as a block: only placeholders in text count
 * (never one inside a tag's attributes), and a paragraph holding nothing but one is replaced whole.
 */
export function reportSegments(body: string): Segment[] {
  const segments: Segment[] = [];
  let html = "";
  const flush = () => {
    if (html) segments.push({ html });
    html = "";
  };
  // Tags and text alternate: the server's sanitiser escapes "<" and ">" inside attribute values.
  for (let rest = body; rest; ) {
    const alone = ALONE.exec(rest);
    if (alone) {
      flush();
      segments.push({ dataId: Number(alone[1]) });
      rest = rest.slice(alone[0].length);
      continue;
    }
    const piece = /^(<[^>]*>?|[^<]+)/.exec(rest)![0];
    rest = rest.slice(piece.length);
    if (piece.startsWith("<")) {
      html += piece;
      continue;
    }
    let from = 0;
    for (const match of piece.matchAll(PLACEHOLDER)) {
      html += piece.slice(from, match.index);
      flush();
      segments.push({ dataId: Number(match[1]) });
      from = match.index + match[0].length;
    }
    html += piece.slice(from);
  }
  flush();
  return segments;
}

/** No text, picture or table to show: the viewer says the report is empty instead. */
export const isBlank = (body: string) => !/<(img|table)\b/i.test(body) && !body.replace(/<[^>]*>/g, "").replace(/&nbsp;|&#160;/g, " ").trim();
