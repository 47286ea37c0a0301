/**
 * The rich-text editor of wiki articles and reports: Tiptap with the extensions whose output the
 * `wiki` and `report` sanitising settings keep, driven by a toolbar of [data-tool] buttons. Loaded
 * with import() when an editor opens, never with the page.
 */
import { Editor } from "@tiptap/core";
import StarterKit from "@tiptap/starter-kit";
import { TableKit } from "@tiptap/extension-table";
import Image from "@tiptap/extension-image";
import { t } from "./i18n";
import { dataEmbed, type EmbedRenderer } from "./rich-text-embed";
import { snack } from "./snackbar";
import type { RICH_TEXT_TOOLS } from "./rich-text-tools";

type Tool = { run: (editor: Editor) => void; active?: (editor: Editor) => boolean };

const chain = (editor: Editor) => editor.chain().focus();

const TOOLS: Record<(typeof RICH_TEXT_TOOLS)[number][0], Tool> = {
  bold: { run: (e) => chain(e).toggleBold().run(), active: (e) => e.isActive("bold") },
  italic: { run: (e) => chain(e).toggleItalic().run(), active: (e) => e.isActive("italic") },
  strike: { run: (e) => chain(e).toggleStrike().run(), active: (e) => e.isActive("strike") },
  code: { run: (e) => chain(e).toggleCode().run(), active: (e) => e.isActive("code") },
  heading: { run: (e) => chain(e).toggleHeading({ level: 2 }).run(), active: (e) => e.isActive("heading", { level: 2 }) },
  subheading: { run: (e) => chain(e).toggleHeading({ level: 3 }).run(), active: (e) => e.isActive("heading", { level: 3 }) },
  bulletList: { run: (e) => chain(e).toggleBulletList().run(), active: (e) => e.isActive("bulletList") },
  orderedList: { run: (e) => chain(e).toggleOrderedList().run(), active: (e) => e.isActive("orderedList") },
  quote: { run: (e) => chain(e).toggleBlockquote().run(), active: (e) => e.isActive("blockquote") },
  codeBlock: { run: (e) => chain(e).toggleCodeBlock().run(), active: (e) => e.isActive("codeBlock") },
  link: {
    run: (e) => {
      const href = prompt(t("wiki.linkPrompt"), e.getAttributes("link").href ?? "");
      if (href === null) return;
      if (!href.trim()) chain(e).extendMarkRange("link").unsetLink().run();
      else chain(e).extendMarkRange("link").setLink({ href: href.trim() }).run();
    },
    active: (e) => e.isActive("link"),
  },
  image: {
    run: (e) => {
      const src = prompt(t("wiki.imagePrompt"), "/")?.trim();
      if (!src) return;
      // The server keeps only images from Plexus itself: a path, never another host.
      if (!src.startsWith("/") || /^[/\\]{2}/.test(src)) return snack(t("wiki.imageOwnOnly"), "error");
      chain(e).setImage({ src }).run();
    },
  },
  table: { run: (e) => chain(e).insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(), active: (e) => e.isActive("table") },
  undo: { run: (e) => chain(e).undo().run() },
  redo: { run: (e) => chain(e).redo().run() },
};

export interface RichText {
  editor: Editor;
  /** Unhooks the toolbar and destroys the editor. */
  destroy(): void;
}

/**
 * Tiptap in `element` with `content`, its toolbar's buttons (`[data-tool]` inside `toolbar`) running
 * their tools and showing as pressed while their mark or block is active at the cursor. With `embeds`
 * (reports), a paragraph holding a placeholder alone is a block `embeds` draws.
 */
export function richTextEditor(element: HTMLElement, toolbar: HTMLElement, content: string, labelledBy: string, embeds?: EmbedRenderer): RichText {
  const editor = new Editor({
    element,
    extensions: [
      StarterKit.configure({ heading: { levels: [2, 3, 4] }, link: { openOnClick: false, protocols: ["mailto"], defaultProtocol: "https" } }),
      TableKit.configure({ table: { resizable: false } }),
      Image,
      ...(embeds ? [dataEmbed(embeds)] : []),
    ],
    content,
    editorProps: { attributes: { role: "textbox", "aria-multiline": "true", "aria-labelledby": labelledBy } },
  });
  const buttons = [...toolbar.querySelectorAll<HTMLButtonElement>("[data-tool]")];
  const toolOf = (button: HTMLElement) => TOOLS[button.dataset.tool as keyof typeof TOOLS];
  const refresh = () => {
    for (const button of buttons) {
      const active = toolOf(button)?.active;
      if (active) button.setAttribute("aria-pressed", String(active(editor)));
    }
  };
  editor.on("transaction", refresh);
  refresh();
  const onTool = (event: Event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>("[data-tool]");
    if (button) toolOf(button)?.run(editor);
  };
  toolbar.addEventListener("click", onTool);
  return {
    editor,
    destroy() {
      toolbar.removeEventListener("click", onTool);
      editor.destroy();
    },
  };
}
