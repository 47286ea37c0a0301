/**
 * The rich-text editor of wiki articles and reports: Tiptap with the extensions whose output the
 * `wiki` and `report` sanitising settings keep, driven by a toolbar of [data-tool] buttons. Loaded
 * with import() when an editor opens, never with the page.
 */
import { createDocument, Editor, getHTMLFromFragment } from "@tiptap/core";
import StarterKit from "@tiptap/starter-kit";
import { TableKit } from "@tiptap/extension-table";
import Image from "@tiptap/extension-image";
import { t } from "./i18n";
import { dataEmbed, type EmbedRenderer } from "./rich-text-embed";
import { snack } from "./snackbar";
import type { ToolName } from "./rich-text-tools";

/** What an editor that stores pictures does with them (the wiki's; a report's editor has none). */
export interface PictureHooks {
  /** Picture files pasted or dropped into the text; `at`, where they were dropped. */
  insert(files: File[], at?: number): void;
  /** The picture tool: choose a file. */
  pick(): void;
  /** The description tool, on the selected picture. */
  describe(): void;
}

type Tool = {
  run: (editor: Editor, pictures?: PictureHooks) => void;
  /** Shown as pressed while true. */
  active?: (editor: Editor) => boolean;
  /** Offered only while true (aria-disabled otherwise): a table's tools inside a table, the description on a picture. */
  enabled?: (editor: Editor) => boolean;
};

const chain = (editor: Editor) => editor.chain().focus();

const inTable = (e: Editor) => e.isActive("table");

const TOOLS: Record<ToolName, Tool> = {
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
  picture: { run: (_, pictures) => pictures?.pick() },
  alt: { run: (_, pictures) => pictures?.describe(), enabled: (e) => e.isActive("image") },
  table: { run: (e) => chain(e).insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(), active: inTable },
  addRow: { run: (e) => chain(e).addRowAfter().run(), enabled: inTable },
  deleteRow: { run: (e) => chain(e).deleteRow().run(), enabled: inTable },
  addColumn: { run: (e) => chain(e).addColumnAfter().run(), enabled: inTable },
  deleteColumn: { run: (e) => chain(e).deleteColumn().run(), enabled: inTable },
  deleteTable: { run: (e) => chain(e).deleteTable().run(), enabled: inTable },
  undo: { run: (e) => chain(e).undo().run() },
  redo: { run: (e) => chain(e).redo().run() },
};

/** Whether a tool is offered only in its place (a table's tools, a picture's description): drawn unavailable until the editor says. */
export const waitsForPlace = (name: ToolName) => TOOLS[name].enabled !== undefined;

/** `html` as `editor` would write it once loaded (what it keeps, in its own form), to compare with its own HTML. */
export function editorHtml(editor: Editor, html: string): string {
  return getHTMLFromFragment(createDocument(html, editor.schema).content, editor.schema);
}

export interface RichText {
  editor: Editor;
  /** Unhooks the toolbar and destroys the editor. */
  destroy(): void;
}

/** The picture files among pasted or dropped data. */
const pictureFiles = (data: DataTransfer | null) => [...(data?.files ?? [])].filter((file) => file.type.startsWith("image/"));

/**
 * Tiptap in `element` with `content`, its toolbar's buttons (`[data-tool]` inside `toolbar`) running
 * their tools, showing as pressed while their mark or block is active at the cursor and as unavailable
 * where they do nothing. With `pictures` (the wiki), picture files pasted or dropped go to it; with `embeds`
 * (reports), a paragraph holding a placeholder alone is a block `embeds` draws.
 */
export function richTextEditor(
  element: HTMLElement,
  toolbar: HTMLElement,
  content: string,
  labelledBy: string,
  { pictures, embeds }: { pictures?: PictureHooks; embeds?: EmbedRenderer } = {},
): RichText {
  const editor = new Editor({
    element,
    extensions: [
      StarterKit.configure({ heading: { levels: [2, 3, 4] }, link: { openOnClick: false, protocols: ["mailto"], defaultProtocol: "https" } }),
      TableKit.configure({ table: { resizable: false } }),
      Image,
      ...(embeds ? [dataEmbed(embeds)] : []),
    ],
    content,
    editorProps: {
      attributes: { role: "textbox", "aria-multiline": "true", "aria-labelledby": labelledBy },
      handlePaste: (_, event) => {
        const files = pictures ? pictureFiles(event.clipboardData) : [];
        if (files.length) pictures!.insert(files);
        return files.length > 0;
      },
      handleDrop: (view, event, _, moved) => {
        const files = pictures && !moved ? pictureFiles(event.dataTransfer) : [];
        if (files.length) pictures!.insert(files, view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos);
        return files.length > 0;
      },
    },
  });
  const buttons = [...toolbar.querySelectorAll<HTMLButtonElement>("[data-tool]")];
  const toolOf = (button: HTMLElement) => TOOLS[button.dataset.tool as keyof typeof TOOLS];
  const refresh = () => {
    for (const button of buttons) {
      const tool = toolOf(button);
      if (tool?.active) button.setAttribute("aria-pressed", String(tool.active(editor)));
      if (tool?.enabled) button.setAttribute("aria-disabled", String(!tool.enabled(editor)));
    }
  };
  editor.on("transaction", refresh);
  refresh();
  const onTool = (event: Event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>("[data-tool]");
    if (button && button.getAttribute("aria-disabled") !== "true") toolOf(button)?.run(editor, pictures);
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
