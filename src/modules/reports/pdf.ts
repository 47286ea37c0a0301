/**
 * A report as PDF: html-to-pdfmake turns the report's tree into pdfmake content (through a small
 * stand-in for the DOM it expects: no DOM library on the server), pdfmake writes it with Roboto,
 * which has Cyrillic. pdfmake may fetch nothing and read no file: fonts come from its virtual file
 * system, images only as the data: URLs the export put there.
 */
import { dirname, join } from "node:path";
import htmlToPdfmake from "html-to-pdfmake";
import pdfmake from "pdfmake";
import type { Content, TDocumentDefinitions } from "pdfmake/interfaces";
import type { HtmlElement, HtmlNode } from "./html-tree";
import { textOf } from "./html-tree";
import { fitToPage } from "./pdf-layout";

const FONTS = { normal: "Roboto-Regular.ttf", bold: "Roboto-Medium.ttf", italics: "Roboto-Italic.ttf", bolditalics: "Roboto-MediumItalic.ttf" };

let ready: Promise<void> | undefined;

/** Loads the fonts into pdfmake's virtual file system once, and shuts every other door. */
function setUp() {
  ready ??= (async () => {
    const folder = join(dirname(Bun.resolveSync("pdfmake/package.json", import.meta.dir)), "fonts", "Roboto");
    const vfs = (pdfmake as unknown as { virtualfs: { writeFileSync(name: string, data: Buffer): void } }).virtualfs;
    for (const file of Object.values(FONTS)) vfs.writeFileSync(file, Buffer.from(await Bun.file(join(folder, file)).arrayBuffer()));
    pdfmake.setFonts({ Roboto: FONTS });
    pdfmake.setUrlAccessPolicy(() => false);
    pdfmake.setLocalAccessPolicy(() => false);
  })();
  return ready;
}

/** What html-to-pdfmake reads of a DOM node. */
class ShimNode {
  readonly nodeType: number;
  readonly nodeName: string;
  readonly childNodes: ShimNode[];
  readonly children: ShimNode[];
  readonly style: Record<string, string> = {};
  readonly dataset: Record<string, string> = {};
  readonly id = "";
  constructor(private readonly node: HtmlNode) {
    const isText = typeof node === "string";
    this.nodeType = isText ? 3 : 1;
    this.nodeName = isText ? "#text" : node.name.toUpperCase();
    this.childNodes = isText ? [] : node.children.map((child) => new ShimNode(child));
    this.children = this.childNodes.filter((child) => child.nodeType === 1);
  }
  get textContent() {
    return textOf(this.node);
  }
  getAttribute(name: string): string | null {
    return typeof this.node === "string" ? null : (this.node.attrs[name] ?? null);
  }
}

const shimWindow = (root: HtmlElement) => ({
  DOMParser: class {
    parseFromString() {
      return { body: new ShimNode(root) };
    }
  },
});

function reportDefinition(root: HtmlElement, title: string): TDocumentDefinitions {
  // One root element comes back as a single node, several as a list.
  const content = [htmlToPdfmake("", { window: shimWindow(root) }) as Content | Content[]].flat();
  fitToPage(content);
  return {
    info: { title },
    content: [{ text: title, style: "title" }, ...content],
    styles: { title: { fontSize: 20, bold: true, margin: [0, 0, 0, 12] } },
    defaultStyle: { font: "Roboto", fontSize: 11 },
  };
}

export async function reportPdf(root: HtmlElement, title: string): Promise<Uint8Array> {
  await setUp();
  return new Uint8Array(await pdfmake.createPdf(reportDefinition(root, title)).getBuffer());
}
