/**
 * Sanitised report HTML as a small tree the PDF and DOCX writers walk, parsed by Bun's HTMLRewriter
 * (lol-html): no DOM library on the server. Text and attribute values come out decoded.
 */

export interface HtmlElement {
  name: string;
  attrs: Record<string, string>;
  children: HtmlNode[];
}
export type HtmlNode = HtmlElement | string;

const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

/** What sanitize-html writes: the five XML entities, &nbsp; and numeric references. */
const decodeEntities = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] !== "#") return NAMED[ref.toLowerCase()] ?? whole;
    const code = ref[1] === "x" || ref[1] === "X" ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });

export function parseHtml(html: string): HtmlElement {
  const root: HtmlElement = { name: "body", attrs: {}, children: [] };
  const stack = [root];
  const rewriter = new HTMLRewriter()
    .on("*", {
      element(element) {
        const attrs: Record<string, string> = {};
        for (const [name, value] of element.attributes) attrs[name] = decodeEntities(value);
        const node: HtmlElement = { name: element.tagName.toLowerCase(), attrs, children: [] };
        stack.at(-1)!.children.push(node);
        if (element.selfClosing || !element.canHaveContent) return;
        stack.push(node);
        element.onEndTag(() => {
          stack.pop();
        });
      },
    })
    .onDocument({
      text(chunk) {
        if (!chunk.text) return;
        // Text arrives in chunks: adjacent ones join, so a placeholder split between two is still whole.
        const siblings = stack.at(-1)!.children;
        const last = siblings.length - 1;
        if (typeof siblings[last] === "string") siblings[last] += chunk.text;
        else siblings.push(chunk.text);
      },
    });
  rewriter.transform(html);
  decodeText(root);
  return root;
}

function decodeText(node: HtmlElement) {
  node.children = node.children.map((child) => (typeof child === "string" ? decodeEntities(child) : (decodeText(child), child)));
}

/** The text of a node and everything under it. */
export const textOf = (node: HtmlNode): string => (typeof node === "string" ? node : node.children.map(textOf).join(""));
