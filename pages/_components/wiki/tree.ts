import type { ShownNode } from "../../../src/modules/wiki/presenter";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/**
 * The article tree as nested lists, built as one string (titles escaped here): a component per node was
 * far slower. A node with children has a toggle button (aria-expanded) before its link; an open branch
 * carries its children, a closed one only the toggle, and islands/wiki/page.ts fetches them when opened.
 */
export function treeHtml(nodes: ShownNode[], current: number | undefined, toggleLabel: string): string {
  const parts: string[] = [];
  const label = escape(toggleLabel);
  const walk = (list: ShownNode[]) => {
    parts.push("<ul>");
    for (const node of list) {
      const link = `<a href="/wiki/${node.id}"${node.id === current ? ' aria-current="page"' : ""}>${escape(node.title)}</a>`;
      if (!node.hasChildren) parts.push(`<li><span class="wtree__leaf"></span>${link}</li>`);
      else {
        parts.push(`<li data-id="${node.id}"><button type="button" class="wtree__toggle" aria-expanded="${!!node.children}" aria-label="${label}"></button>${link}`);
        if (node.children) walk(node.children);
        parts.push("</li>");
      }
    }
    parts.push("</ul>");
  };
  walk(nodes);
  return parts.join("");
}
