/** Text search inside a rendered document: every hit wrapped in <mark>, found by walking text nodes. */

const HIT_CLASS = "doc-hit";

/** Removes the marks `highlight` added and joins the text nodes they split. */
export function clearHighlights(root: HTMLElement) {
  const marks = root.querySelectorAll(`mark.${HIT_CLASS}`);
  if (!marks.length) return;
  for (const mark of marks) mark.replaceWith(...mark.childNodes);
  root.normalize();
}

/**
 * Wraps every case-insensitive occurrence of `term` in a <mark> and returns the marks in document
 * order. A hit split across elements (half bold) is not found; text in scripts and styles is skipped.
 */
export function highlight(root: HTMLElement, term: string): HTMLElement[] {
  clearHighlights(root);
  const needle = term.trim().toLocaleLowerCase();
  if (!needle) return [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) =>
      node.parentElement?.closest("script,style") || !node.nodeValue?.trim() ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT,
  });
  const texts: Text[] = [];
  while (walker.nextNode()) texts.push(walker.currentNode as Text);
  const marks: HTMLElement[] = [];
  for (const text of texts) {
    const value = text.nodeValue!;
    const lower = value.toLocaleLowerCase();
    // Case folding can change a string's length (rare letters); such nodes are skipped rather than mis-cut.
    if (lower.length !== value.length) continue;
    let at = lower.indexOf(needle);
    if (at < 0) continue;
    const fragment = document.createDocumentFragment();
    let from = 0;
    while (at >= 0) {
      if (at > from) fragment.append(value.slice(from, at));
      const mark = document.createElement("mark");
      mark.className = HIT_CLASS;
      mark.textContent = value.slice(at, at + needle.length);
      fragment.append(mark);
      marks.push(mark);
      from = at + needle.length;
      at = lower.indexOf(needle, from);
    }
    if (from < value.length) fragment.append(value.slice(from));
    text.replaceWith(fragment);
  }
  return marks;
}
