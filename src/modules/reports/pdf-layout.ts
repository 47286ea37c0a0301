/**
 * Fits html-to-pdfmake's content to A4 the way a reader expects a printed report: pictures no wider
 * than the text, header rows repeated on every page, a chart kept on one page with its caption, and a
 * table too wide for the page set smaller or turned to landscape (on pages of its own) instead of running
 * off the edge, which loses its last columns.
 */

/** A4 in points, less pdfmake's default 40 pt margins. */
const PORTRAIT = { width: 595.28 - 80, height: 841.89 - 80 };
const LANDSCAPE = { width: 841.89 - 80, height: 595.28 - 80 };
/** Table text sizes tried in turn, largest first. */
const TABLE_SIZES = [10, 9, 8, 7];
/** Roboto's advance is at most about this many ems for most letters and digits; measured widths err wide. */
const EM_PER_CHAR = 0.6;
/** pdfmake's default table layout pads each cell by 4 pt on either side, plus the rule. */
const CELL_PADDING = 9;
/** A column needs no more than this for one line of its longest cell; longer text wraps. */
const NATURAL_CAP = 240;
/** The class blocks.ts gives a placeholder's block: a page break or landscape turn applies to the whole block. */
const BLOCK_STYLE = "report-block";

type Node = Record<string, unknown>;
type Orientation = "portrait" | "landscape";
interface TableFit {
  orientation: Orientation;
  fontSize: number;
  widths: number[];
}

const isNode = (value: unknown): value is Node => typeof value === "object" && value !== null && !Array.isArray(value);
const styles = (node: Node) => (Array.isArray(node.style) ? node.style : [node.style]);
/** html-to-pdfmake gives a div's class to its children's styles, not to the div: a block is the div whose children carry it. */
const isBlock = (node: Node) =>
  node.nodeName === "DIV" && Array.isArray(node.stack) && node.stack.some((child) => isNode(child) && styles(child).includes(BLOCK_STYLE));

/** The text a pdfmake node shows, flattened. */
function textOf(value: unknown): string {
  if (typeof value === "string" || typeof value === "number") return String(value);
  if (Array.isArray(value)) return value.map(textOf).join(" ");
  if (!isNode(value)) return "";
  return ["text", "stack", "ul", "ol"].map((key) => textOf(value[key])).join(" ");
}

/** The width of `chars` characters at `fontSize`, erring wide. */
const measure = (chars: number, fontSize: number) => chars * EM_PER_CHAR * fontSize;

/** Per column, in characters: the longest word (the least it can be) and the longest line (what it would like). */
function columnNeeds(body: unknown[][]) {
  const needs: { word: number; line: number }[] = [];
  for (const row of body) {
    row.forEach((cell, index) => {
      const text = textOf(cell);
      const need = (needs[index] ??= { word: 1, line: 1 });
      need.line = Math.max(need.line, text.length);
      for (const word of text.split(/\s+/)) need.word = Math.max(need.word, word.length);
    });
  }
  return needs;
}

/** The first size and orientation at which every column's longest word fits, and widths sharing what is left. */
function fitTable(body: unknown[][]): TableFit {
  const needs = columnNeeds(body);
  const fits = (orientation: Orientation, fontSize: number) =>
    needs.reduce((sum, need) => sum + measure(need.word, fontSize) + CELL_PADDING, 0) <= pageOf(orientation).width;
  const tries = (["portrait", "landscape"] as const).flatMap((orientation) => TABLE_SIZES.map((fontSize) => ({ orientation, fontSize })));
  const chosen = tries.find(({ orientation, fontSize }) => fits(orientation, fontSize)) ?? tries.at(-1)!;
  const least = needs.map((need) => measure(need.word, chosen.fontSize));
  const wanted = needs.map((need, index) => Math.max(least[index]!, Math.min(NATURAL_CAP, measure(need.line, chosen.fontSize))));
  const room = pageOf(chosen.orientation).width - needs.length * CELL_PADDING;
  const spare = room - sum(least);
  const growth = sum(wanted) - sum(least);
  // Too many columns even so: each gets its share of the page and pdfmake breaks its longest words.
  // Short of room, columns grow toward their natural width in proportion to what they lack; with room to spare, all share it.
  const widths = spare < 0
    ? least.map((min) => (min * room) / sum(least))
    : growth >= spare
      ? least.map((min, index) => min + (growth ? (spare * (wanted[index]! - min)) / growth : 0))
      : wanted.map((want) => want + (spare - growth) / needs.length);
  return { ...chosen, widths: widths.map(Math.floor) };
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const pageOf = (orientation: Orientation) => (orientation === "portrait" ? PORTRAIT : LANDSCAPE);

/** The leading rows made only of header cells. */
const headerRowsOf = (body: unknown[][]) => {
  const count = body.findIndex((row) => !row.every((cell) => isNode(cell) && cell.nodeName === "TH"));
  return count === -1 ? body.length : count;
};

/** What the walk keeps while it goes down the tree: the block or table a page turn applies to, and its list. */
interface Place {
  node: Node;
  siblings: unknown[];
}

/** Lays out every table, picture and chart block under `content`, in place. */
export function fitToPage(content: unknown[]) {
  const turns: Place[] = [];
  const walk = (siblings: unknown[], block: Place | undefined) => {
    for (const value of siblings) {
      if (Array.isArray(value)) {
        walk(value, block);
        continue;
      }
      if (!isNode(value)) continue;
      const place = isBlock(value) ? { node: value, siblings } : block;
      if (typeof value.image === "string") {
        delete value.width;
        delete value.height;
        value.fit = [PORTRAIT.width, PORTRAIT.height * 0.8];
        // A chart and its caption stay on one page.
        if (place) place.node.unbreakable = true;
      }
      const table = isNode(value.table) ? (value.table as { body: unknown[][]; widths?: unknown[]; headerRows?: number }) : undefined;
      if (table) {
        const fit = fitTable(table.body);
        table.widths = fit.widths;
        table.headerRows = headerRowsOf(table.body);
        value.fontSize = fit.fontSize;
        if (fit.orientation === "landscape") turns.push(place ?? { node: value, siblings });
      }
      for (const key of ["stack", "columns", "ul", "ol"]) if (Array.isArray(value[key])) walk(value[key] as unknown[], place);
      if (table) for (const row of table.body) walk(row, place);
    }
  };
  walk(content, undefined);
  const markers = new Set<Node>();
  for (const { node, siblings } of new Set(turns)) {
    node.pageBreak = "before";
    node.pageOrientation = "landscape";
    // The text after a landscape table goes on upright pages again.
    const marker = { text: "", pageBreak: "before", pageOrientation: "portrait" };
    siblings.splice(siblings.indexOf(node) + 1, 0, marker);
    markers.add(marker);
  }
  dropTrailing(content, markers);
}

/** Removes the turns back to portrait that nothing follows: they would only add a blank page. */
function dropTrailing(content: unknown[], markers: Set<Node>) {
  const order: Node[] = [];
  const collect = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(collect);
    else if (isNode(value)) {
      order.push(value);
      for (const key of ["stack", "columns", "ul", "ol"]) collect(value[key]);
    }
  };
  collect(content);
  let end = order.length;
  while (end > 0 && markers.has(order[end - 1]!)) removeFrom(content, order[--end]!);
}

function removeFrom(list: unknown[], target: Node): boolean {
  const index = list.indexOf(target);
  if (index !== -1) return list.splice(index, 1).length > 0;
  return list.some((value) => (Array.isArray(value) ? removeFrom(value, target) : isNode(value) && ["stack", "columns", "ul", "ol"].some((key) => Array.isArray(value[key]) && removeFrom(value[key] as unknown[], target))));
}
