/**
 * A report's embedded table or chart inside the rich-text editor: a paragraph holding nothing but a placeholder
 * ([DATA-n], src/modules/reports/placeholders.ts) becomes one block that shows what it embeds, drawn by the
 * editor's host; it is saved back as the same paragraph, so the body and the server read it as before.
 */
import { Node } from "@tiptap/core";
import { placeholderOf } from "../../src/modules/reports/placeholders";

const ALONE = /^\s*\[DATA-([1-9][0-9]{0,14})\]\s*$/;

/** Draws the block of item `dataId` into `host`; destroy() unmounts it. */
export type EmbedRenderer = (host: HTMLElement, dataId: number) => { destroy(): void };

export function dataEmbed(render: EmbedRenderer) {
  return Node.create({
    name: "dataEmbed",
    group: "block",
    atom: true,
    selectable: true,
    draggable: true,
    addAttributes: () => ({ dataId: { default: null } }),
    parseHTML: () => [
      {
        tag: "p",
        // Before the paragraph rule; a placeholder with marks or beside other text stays text.
        priority: 60,
        getAttrs: (element) => {
          const alone = element.children.length === 0 && ALONE.exec(element.textContent ?? "");
          return alone ? { dataId: Number(alone[1]) } : false;
        },
      },
    ],
    renderHTML: ({ node }) => ["p", {}, placeholderOf(node.attrs.dataId)],
    addNodeView:
      () =>
      ({ node }) => {
        const dom = document.createElement("div");
        dom.className = "rp-embed";
        dom.contentEditable = "false";
        const drawn = render(dom, node.attrs.dataId);
        // What the block draws is its own: the editor neither reads it back nor handles its events.
        return { dom, ignoreMutation: () => true, destroy: () => drawn.destroy() };
      },
  });
}
