/**
 * Runs `work` (importing an editor and starting it) with the <style> elements it adds to the page's
 * head taken into constructed stylesheets instead: the pages' Content-Security-Policy refuses
 * unhashed style elements, and Editor.js and its tools add theirs at import and at start.
 */
const adopted = new Set<string>();

function adopt(css: string) {
  if (adopted.has(css)) return;
  adopted.add(css);
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}

export async function whileAdoptingStyles<T>(work: () => Promise<T>): Promise<T> {
  const head = document.head;
  const { appendChild, insertBefore, prepend } = head;
  const taken = (node: unknown) => node instanceof HTMLStyleElement && (adopt(node.textContent ?? ""), true);
  head.appendChild = (<N extends Node>(node: N) => taken(node) ? node : appendChild.call(head, node)) as typeof appendChild;
  head.insertBefore = (<N extends Node>(node: N, child: Node | null) => taken(node) ? node : insertBefore.call(head, node, child)) as typeof insertBefore;
  head.prepend = (...nodes: (Node | string)[]) => prepend.apply(head, nodes.filter((node) => !taken(node)));
  try {
    return await work();
  } finally {
    // The own properties above shadow the prototype's methods: removing them leaves the head as it was.
    for (const name of ["appendChild", "insertBefore", "prepend"] as const) delete (head as unknown as Record<string, unknown>)[name];
  }
}
