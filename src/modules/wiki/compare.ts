import { diffHtml } from "../../lib/html-diff";
import { sanitize } from "../../lib/sanitize";

const INSERTED = /<ins\b[^>]*>[\s\S]*?<\/ins>/g;
const DELETED = /<del\b[^>]*>[\s\S]*?<\/del>/g;

/**
 * Two versions' contents compared word by word in every script: the inline diff (deletions in <del>,
 * insertions in <ins>), and the two sides for a side-by-side view, each marking only its own changes.
 * Both contents were sanitised when saved; the diff only adds <ins> and <del>, and is cleaned again.
 */
export function compareContents(before: string, after: string) {
  const inline = sanitize(diffHtml(before, after), "wiki");
  return { inline, before: inline.replace(INSERTED, ""), after: inline.replace(DELETED, "") };
}
