import { matcherFor, wordStart, wordsOfTerm } from "../../src/lib/text-fold";

// Opening a search hit: its link ends in #hl=<the words>, and the page highlights them where it shows them
// (the CSS Custom Highlight API, which marks ranges without touching the DOM React owns) and scrolls to the first.

const HIGHLIGHT = "search-hit";
/** How long the page may take to show its content (islands hydrate, lists load) while the words are looked for again. */
const WATCH_MS = 8000;

/** The hash that makes `path` highlight `query` on open. */
export const withFindHash = (path: string, query: string) => `${path}#hl=${encodeURIComponent(query.trim())}`;

const WORD_CHARACTER = /[\p{L}\p{N}]/u;

/** Where `root`'s text has the words, in document order, each to the end of the word it starts. */
function rangesOf(root: Element, words: string[]): Range[] {
  const matchers = words.map((word) => matcherFor(wordStart(word)));
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) => (node.parentElement?.closest("script,style,[hidden]") ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
  });
  const ranges: Range[] = [];
  while (walker.nextNode()) {
    const node = walker.currentNode as Text;
    const text = node.nodeValue ?? "";
    for (const match of matchers) {
      for (const [from, to] of match(text)) {
        let end = to;
        while (end < text.length && WORD_CHARACTER.test(text[end]!)) end++;
        const range = new Range();
        range.setStart(node, from);
        range.setEnd(node, end);
        ranges.push(range);
      }
    }
  }
  return ranges.sort((a, b) => a.compareBoundaryPoints(Range.START_TO_START, b));
}

/** Highlights the words the address's #hl= names inside the page's main content, and scrolls the first into view. */
export function findOnOpen() {
  const words = wordsOfTerm(new URLSearchParams(location.hash.slice(1)).get("hl") ?? "");
  const root = document.getElementById("content");
  if (!words.length || !root || !("highlights" in CSS)) return;
  let scrolled = false;
  let queued = false;
  const mark = () => {
    queued = false;
    const ranges = rangesOf(root, words);
    CSS.highlights.set(HIGHLIGHT, new Highlight(...ranges));
    if (scrolled || !ranges.length) return;
    scrolled = true;
    ranges[0]!.startContainer.parentElement?.scrollIntoView({ block: "center" });
  };
  mark();
  const observer = new MutationObserver(() => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(mark);
  });
  observer.observe(root, { childList: true, subtree: true, characterData: true });
  setTimeout(() => observer.disconnect(), WATCH_MS);
}
