/**
 * The data a report's placeholders stand for in an export, decided on the main thread (who may see
 * what) and turned into HTML tree nodes in the export worker. A placeholder without a block is data
 * the reader may not see, or that cannot be shown: it becomes the neutral block, with no name.
 */
import type { HtmlElement, HtmlNode } from "./html-tree";
import { PLACEHOLDER } from "./placeholders";

type Cell = string | number | null;

export type ReportBlock =
  | { kind: "table"; name: string; headers: string[]; rows: Cell[][]; truncated: boolean }
  | { kind: "chart"; name: string; png: string };

/** Words the export writes itself, in the reader's language. */
export interface ExportLabels {
  unavailable: string;
  truncated: string;
}

/** Marks the element a placeholder became, for the writers' spacing. */
const BLOCK_CLASS = "report-block";

const element = (name: string, children: HtmlNode[] = [], attrs: Record<string, string> = {}): HtmlElement => ({ name, attrs, children });

function blockNode(block: ReportBlock | undefined, labels: ExportLabels, locale: string): HtmlElement {
  if (!block) return element("div", [element("p", [element("em", [labels.unavailable])])], { class: BLOCK_CLASS });
  const title = element("p", [element("strong", [block.name])]);
  if (block.kind === "chart") {
    return element("div", [title, element("img", [], { src: `data:image/png;base64,${block.png}`, alt: block.name })], { class: BLOCK_CLASS });
  }
  const numbers = new Intl.NumberFormat(locale, { maximumFractionDigits: 4, useGrouping: false });
  const cell = (value: Cell) => (typeof value === "number" ? numbers.format(value) : (value ?? ""));
  const table = element("table", [
    element("thead", [element("tr", block.headers.map((header) => element("th", [header])))]),
    element("tbody", block.rows.map((row) => element("tr", row.map((value) => element("td", [cell(value)]))))),
  ]);
  const note = block.truncated ? [element("p", [element("em", [labels.truncated])])] : [];
  return element("div", [title, table, ...note], { class: BLOCK_CLASS });
}

/**
 * The report's own pictures link to Plexus addresses the export cannot read as the reader: each becomes
 * its alt text. Run before the placeholders are expanded, so the only pictures left are the charts.
 */
export function picturesAsText(node: HtmlElement) {
  node.children = node.children.map((child) => {
    if (typeof child === "string") return child;
    if (child.name === "img") return element("em", child.attrs.alt ? [`[${child.attrs.alt}]`] : []);
    picturesAsText(child);
    return child;
  });
}

/** Replaces every placeholder in the tree's text with its block, in place. */
export function expandPlaceholders(node: HtmlElement, blocks: Record<string, ReportBlock>, labels: ExportLabels, locale: string) {
  node.children = node.children.flatMap((child): HtmlNode[] => {
    if (typeof child !== "string") {
      expandPlaceholders(child, blocks, labels, locale);
      return [child];
    }
    const parts: HtmlNode[] = [];
    let from = 0;
    for (const match of child.matchAll(PLACEHOLDER)) {
      if (match.index > from) parts.push(child.slice(from, match.index));
      parts.push(blockNode(blocks[match[1]], labels, locale));
      from = match.index + match[0].length;
    }
    if (from < child.length) parts.push(child.slice(from));
    return parts;
  });
}
