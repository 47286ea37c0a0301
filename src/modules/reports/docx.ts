/**
 * A report as DOCX with the `docx` library: headings, paragraphs with bold, italic, struck and code
 * runs, links, lists, quotes, code blocks, real tables, and charts as pictures. The placeholders'
 * blocks (tables, charts, the neutral block) may sit inside a paragraph: the paragraph is split round them.
 */
import {
  Document, ExternalHyperlink, HeadingLevel, ImageRun, Packer, Paragraph, Table, TableCell, TableRow, TextRun, WidthType,
  type IParagraphOptions, type IRunOptions, type ParagraphChild,
} from "docx";
import type { HtmlElement, HtmlNode } from "./html-tree";

type Block = Paragraph | Table;
type Marks = Omit<IRunOptions, "text" | "children" | "break">;
interface Flow {
  /** The paragraph options of the text being gathered (a heading's level, a list's bullet). */
  paragraph: IParagraphOptions;
  marks: Marks;
  pre: boolean;
  listLevel: number;
}

const HEADINGS: Record<string, IParagraphOptions["heading"]> = {
  h1: HeadingLevel.HEADING_1, h2: HeadingLevel.HEADING_2, h3: HeadingLevel.HEADING_3,
  h4: HeadingLevel.HEADING_4, h5: HeadingLevel.HEADING_5, h6: HeadingLevel.HEADING_6,
};
const MARKS: Record<string, Marks> = {
  strong: { bold: true }, b: { bold: true }, em: { italics: true }, i: { italics: true }, u: { underline: {} },
  s: { strike: true }, del: { strike: true }, strike: { strike: true }, ins: { underline: {} },
  code: { font: "Courier New" }, sub: { subScript: true }, sup: { superScript: true },
};
const BLOCKS = new Set(["p", "div", "pre", "blockquote", "ul", "ol", "li", "table", "hr", ...Object.keys(HEADINGS)]);
/** Pictures at most this wide (pixels at 96 per inch; the page has about 6.3 inches between margins). */
const MAX_IMAGE_WIDTH = 600;

const PNG_DATA = /^data:image\/png;base64,/;

/** A PNG's size from its IHDR chunk. */
const pngSize = (png: Uint8Array) => {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
};

/** A chart's picture (the only pictures left once the export has named the text's own by their alt text). */
function image(node: HtmlElement): ParagraphChild {
  const data = Uint8Array.from(Buffer.from((node.attrs.src ?? "").replace(PNG_DATA, ""), "base64"));
  const { width, height } = pngSize(data);
  const scale = Math.min(1, MAX_IMAGE_WIDTH / Math.max(1, width));
  return new ImageRun({
    type: "png",
    data,
    transformation: { width: Math.round(width * scale), height: Math.round(height * scale) },
    altText: { name: node.attrs.alt ?? "", description: node.attrs.alt ?? "", title: node.attrs.alt ?? "" },
  });
}

function writeText(text: string, flow: Flow, runs: ParagraphChild[]) {
  if (!flow.pre) {
    const collapsed = text.replace(/\s+/g, " ");
    if (collapsed.trim() || runs.length) runs.push(new TextRun({ ...flow.marks, text: collapsed }));
    return;
  }
  text.split("\n").forEach((line, index) => runs.push(new TextRun({ ...flow.marks, text: line, break: index ? 1 : undefined })));
}

/** The element children of `node` named one of `names`. */
const elements = (node: HtmlElement, names: string[]) =>
  node.children.filter((child): child is HtmlElement => typeof child !== "string" && names.includes(child.name));

const emptyCell = () => new TableCell({ children: [new Paragraph("")] });

function table(node: HtmlElement, flow: Flow): Table {
  const rows = [...elements(node, ["tr"]), ...elements(node, ["thead", "tbody", "tfoot"]).flatMap((part) => elements(part, ["tr"]))];
  // Leading rows of header cells repeat at the top of every page the table runs onto.
  const headerRows = rows.findIndex((row) => elements(row, ["td"]).length > 0);
  const tableRows = rows.map((row, index) => {
    const cells = elements(row, ["td", "th"]).map((cell) => {
      const marks = cell.name === "th" ? { ...flow.marks, bold: true } : flow.marks;
      const children = blocksOf(cell.children, { ...flow, paragraph: {}, marks });
      return new TableCell({
        children: children.length ? children : [new Paragraph("")],
        columnSpan: Number(cell.attrs.colspan) || undefined,
        rowSpan: Number(cell.attrs.rowspan) || undefined,
      });
    });
    return new TableRow({ children: cells.length ? cells : [emptyCell()], tableHeader: index < headerRows || undefined });
  });
  return new Table({ rows: tableRows.length ? tableRows : [new TableRow({ children: [emptyCell()] })], width: { size: 100, type: WidthType.PERCENTAGE } });
}

/** The blocks of a run of nodes: text and inline elements gather into paragraphs, block elements end them. */
function blocksOf(nodes: HtmlNode[], flow: Flow): Block[] {
  const out: Block[] = [];
  let runs: ParagraphChild[] = [];
  const flush = () => {
    if (runs.length) out.push(new Paragraph({ ...flow.paragraph, children: runs }));
    runs = [];
  };
  const inline = (nodes: HtmlNode[], current: Flow) => {
    for (const node of nodes) {
      if (typeof node === "string") writeText(node, current, runs);
      else if (BLOCKS.has(node.name)) {
        flush();
        out.push(...block(node, current));
      } else if (node.name === "br") runs.push(new TextRun({ ...current.marks, break: 1 }));
      else if (node.name === "img") runs.push(image(node));
      else if (node.name === "a" && /^(https?:|mailto:)/i.test(node.attrs.href ?? "")) {
        const before = runs;
        runs = [];
        inline(node.children, { ...current, marks: { ...current.marks, style: "Hyperlink" } });
        const children = runs;
        runs = before;
        runs.push(new ExternalHyperlink({ link: node.attrs.href!, children }));
      } else inline(node.children, { ...current, marks: { ...current.marks, ...MARKS[node.name] } });
    }
  };
  inline(nodes, flow);
  flush();
  return out;
}

/** An ordered list item's content with its number at the start of its first paragraph (Tiptap wraps item text in <p>). */
function numbered(children: HtmlNode[], number: string): HtmlNode[] {
  const [first, ...rest] = children;
  if (first && typeof first !== "string" && first.name === "p") return [{ ...first, children: [number, ...first.children] }, ...rest];
  return [number, ...children];
}

function block(node: HtmlElement, flow: Flow): Block[] {
  const within = (paragraph: IParagraphOptions, more: Partial<Flow> = {}) => blocksOf(node.children, { ...flow, ...more, paragraph: { ...flow.paragraph, ...paragraph } });
  switch (node.name) {
    case "table":
      return [table(node, flow)];
    case "hr":
      return [new Paragraph({ thematicBreak: true })];
    case "pre":
      return within({}, { pre: true, marks: { ...flow.marks, font: "Courier New" } });
    case "blockquote":
      return within({ indent: { left: 720 } });
    case "ul":
    case "ol":
      return elements(node, ["li"]).flatMap((item, index) =>
        blocksOf(node.name === "ol" ? numbered(item.children, `${index + 1}. `) : item.children, {
          ...flow,
          listLevel: flow.listLevel + 1,
          paragraph: node.name === "ul" ? { bullet: { level: Math.min(flow.listLevel, 8) } } : { indent: { left: 360 * (flow.listLevel + 1) } },
        }),
      );
    default:
      return within(HEADINGS[node.name] ? { heading: HEADINGS[node.name] } : {});
  }
}

export async function reportDocx(root: HtmlElement, title: string): Promise<Uint8Array> {
  const children = [new Paragraph({ text: title, heading: HeadingLevel.TITLE }), ...blocksOf(root.children, { paragraph: {}, marks: {}, pre: false, listLevel: 0 })];
  return new Uint8Array(await Packer.toBuffer(new Document({ title, sections: [{ children }] })));
}
