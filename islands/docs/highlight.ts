/** Text search inside a rendered document: every hit wrapped in <mark>s, found in the text of each block. */
import { matcherFor } from "../../src/lib/text-fold";

const HIT_CLASS = "doc-hit";
const BLOCKS = "p,li,td,th,h1,h2,h3,h4,h5,h6,dt,dd,caption,blockquote,pre,div,article,section";

/** Removes the marks `highlight` added and joins the text nodes they split. */
export function clearHighlights(root: HTMLElement) {
  const marks = root.querySelectorAll(`mark.${HIT_CLASS}`);
  if (!marks.length) return;
  for (const mark of marks) mark.replaceWith(...mark.childNodes);
  root.normalize();
}

/**
 * The text nodes of `root` in runs that read as one line of text: a run ends where a block (paragraph,
 * cell, heading…) or a line break ends, so a phrase half in bold is one run and two paragraphs are not.
 */
function textRuns(root: HTMLElement): Text[][] {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT, {
    acceptNode: (node) => (node instanceof Element && node.matches("script,style") ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
  });
  const runs: Text[][] = [];
  let run: Text[] = [];
  let block: Element | null = null;
  const close = () => {
    if (run.length) runs.push(run);
    run = [];
  };
  while (walker.nextNode()) {
    const node = walker.currentNode;
    if (node instanceof Element) {
      if (node.tagName === "BR") close();
      continue;
    }
    const owner = node.parentElement!.closest(BLOCKS);
    if (owner !== block) close();
    block = owner;
    run.push(node as Text);
  }
  close();
  return runs;
}

/** Splits `text` so that each [from, to) piece sits in a <mark>; the marks come back in order. */
function wrapPieces(text: Text, pieces: [number, number][]): HTMLElement[] {
  const value = text.nodeValue!;
  const fragment = document.createDocumentFragment();
  const marks: HTMLElement[] = [];
  let at = 0;
  for (const [from, to] of pieces) {
    if (from > at) fragment.append(value.slice(at, from));
    const mark = document.createElement("mark");
    mark.className = HIT_CLASS;
    mark.textContent = value.slice(from, to);
    fragment.append(mark);
    marks.push(mark);
    at = to;
  }
  if (at < value.length) fragment.append(value.slice(at));
  text.replaceWith(fragment);
  return marks;
}

/**
 * Marks every occurrence of `term` (case, ё/е and runs of spaces aside) and returns the hits in document
 * order, each as its marks: a hit across formatting ("для **устройства**") is one hit in two marks.
 */
export function highlight(root: HTMLElement, term: string): HTMLElement[][] {
  clearHighlights(root);
  if (!term.trim()) return [];
  const find = matcherFor(term);
  const hits: HTMLElement[][] = [];
  for (const run of textRuns(root)) {
    const starts: number[] = [];
    let text = "";
    for (const node of run) {
      starts.push(text.length);
      text += node.nodeValue;
    }
    const matches = find(text);
    if (!matches.length) continue;
    // Each node is split once, into the pieces of every hit that touches it.
    const found = matches.map(() => [] as HTMLElement[]);
    run.forEach((node, i) => {
      const pieces: [number, number][] = [];
      const owners: number[] = [];
      matches.forEach(([start, end], n) => {
        const from = Math.max(start, starts[i]);
        const to = Math.min(end, starts[i] + node.length);
        if (from >= to) return;
        pieces.push([from - starts[i], to - starts[i]]);
        owners.push(n);
      });
      if (pieces.length) wrapPieces(node, pieces).forEach((mark, k) => found[owners[k]].push(mark));
    });
    hits.push(...found);
  }
  return hits;
}

/** Marks hit `index` of `hits` as the current one (and no other). */
export function markCurrent(hits: HTMLElement[][], index: number) {
  hits.forEach((marks, i) => marks.forEach((mark) => mark.classList.toggle("is-current", i === index)));
}

/** The hit's marks flash for a second (the spec's search highlight time); the returned function stops it early. */
export function flashHit(marks: HTMLElement[]) {
  for (const mark of marks) mark.classList.add("is-flash");
  const timer = setTimeout(() => marks.forEach((mark) => mark.classList.remove("is-flash")), 1000);
  return () => clearTimeout(timer);
}
