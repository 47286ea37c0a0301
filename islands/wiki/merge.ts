/**
 * The merge of an edit conflict: the article as someone saved it meanwhile ("theirs") and the editor's text
 * ("mine"), both as the editor writes HTML, cut into top-level blocks (paragraphs, headings, lists, tables,
 * pictures) and compared block by block. What both have is kept; each part where they differ is a choice.
 */
import { diffArrays } from "diff";

export type Keep = "theirs" | "mine" | "both";

export type Segment = { same: string[] } | { theirs: string[]; mine: string[]; keep: Keep };

/** The top-level blocks of an article's HTML, each as its own HTML; loose text becomes a paragraph. */
function blocksOf(html: string): string[] {
  const body = new DOMParser().parseFromString(`<!doctype html><body>${html}</body>`, "text/html").body;
  return [...body.childNodes].flatMap((node) => {
    if (node.nodeType === 1) return [(node as Element).outerHTML];
    const text = node.textContent?.trim();
    return text ? [`<p>${text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")}</p>`] : [];
  });
}

/**
 * The parts of the merge in order. A differing part starts on the side that still matches the version the
 * editor began from (`base`), block by block where both sides have as many: if their blocks there are the base's, only I changed it (keep mine); if mine are,
 * only they did (keep theirs); if both changed it, both are kept for the person to trim.
 */
export function mergeSegments(theirsHtml: string, mineHtml: string, baseHtml: string): Segment[] {
  const base = new Set(blocksOf(baseHtml));
  const unchanged = (blocks: string[]) => blocks.every((block) => base.has(block));
  const segments: Segment[] = [];
  let open: { theirs: string[]; mine: string[] } | undefined;
  const choice = (theirs: string[], mine: string[]): Segment => ({ theirs, mine, keep: unchanged(theirs) ? "mine" : unchanged(mine) ? "theirs" : "both" });
  const close = () => {
    if (!open) return;
    const { theirs, mine } = open;
    // As many blocks on each side: edited in place, so each pair is its own choice (they changed one, I another).
    if (theirs.length === mine.length) segments.push(...theirs.map((block, i) => choice([block], [mine[i]!])));
    else segments.push(choice(theirs, mine));
    open = undefined;
  };
  for (const part of diffArrays(blocksOf(theirsHtml), blocksOf(mineHtml))) {
    if (!part.added && !part.removed) {
      close();
      segments.push({ same: part.value });
    } else {
      open ??= { theirs: [], mine: [] };
      (part.removed ? open.theirs : open.mine).push(...part.value);
    }
  }
  close();
  return segments;
}

/** The merged HTML: common blocks, and in each differing part the side (or both sides, theirs first) it keeps. */
export const mergedHtml = (segments: Segment[]) =>
  segments
    .flatMap((segment) => ("same" in segment ? segment.same : segment.keep === "theirs" ? segment.theirs : segment.keep === "mine" ? segment.mine : [...segment.theirs, ...segment.mine]))
    .join("");
