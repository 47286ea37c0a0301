import { diffHtml } from "../../lib/html-diff";
import { sanitize } from "../../lib/sanitize";

const MARK = /(<\/?(?:ins|del)\b[^>]*>)/;
const EMPTY_LINK = /<a\b[^>]*>\s*<\/a>/g;

/** `html` without the `tag` elements and what is in them (htmldiff nests them: <ins class="mod"><ins>…</ins></ins>), nor links left empty. */
function without(html: string, tag: "ins" | "del"): string {
  let depth = 0;
  let out = "";
  for (const part of html.split(MARK)) {
    const mark = /^<(\/?)(ins|del)\b/.exec(part);
    if (mark?.[2] === tag) depth = Math.max(0, depth + (mark[1] ? -1 : 1));
    else if (depth === 0) out += part;
  }
  // A link whose words were all on the other side would be left empty: an unnamed link to nowhere readable.
  return out.replace(EMPTY_LINK, "");
}

/**
 * Two versions' contents compared word by word in every script: the inline diff (deletions in <del>,
 * insertions in <ins>), and the two sides for a side-by-side view, each marking only its own changes.
 * Both contents were sanitised when saved; the diff only adds <ins> and <del>, and is cleaned again.
 */
export function compareContents(before: string, after: string) {
  const inline = sanitize(diffHtml(before, after), "wiki");
  return { inline, before: without(inline, "ins"), after: without(inline, "del") };
}
