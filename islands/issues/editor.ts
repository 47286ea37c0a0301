/**
 * The description editor: Editor.js with its header and list tools. This module is imported only
 * when someone edits a description (islands/issues/detail.ts), so the pages carry none of it.
 */
import EditorJS, { type OutputData } from "@editorjs/editorjs";
import Header from "@editorjs/header";
import List from "@editorjs/list";

export interface DescriptionEditor {
  /** The blocks as Editor.js JSON text, what issue/update takes as the description. */
  save(): Promise<string>;
  focus(): void;
  destroy(): void;
}

/**
 * Editor.js and its tools add their CSS as <style> elements, which the pages' Content-Security-Policy
 * refuses; their text goes into a constructed stylesheet instead, as the chat's CSS does.
 */
function adoptInlineStyles(before: Set<Element>) {
  const added = [...document.head.querySelectorAll("style")].filter((el) => !before.has(el));
  if (!added.length) return;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(added.map((el) => el.textContent ?? "").join("\n"));
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  for (const el of added) el.remove();
}

const blocksOf = (json: string): OutputData | undefined => {
  try {
    const data = JSON.parse(json) as OutputData;
    return Array.isArray(data?.blocks) ? data : undefined;
  } catch {
    return undefined;
  }
};

let adopted = false;

/** `stylesBefore`: the page's <style> elements before this module was imported (its tools add theirs on import). */
export async function openDescriptionEditor(holder: HTMLElement, json: string, stylesBefore: Set<Element>): Promise<DescriptionEditor> {
  const editor = new EditorJS({
    holder,
    data: blocksOf(json),
    minHeight: 80,
    tools: {
      header: { class: Header as never, config: { levels: [2, 3, 4], defaultLevel: 3 } },
      list: { class: List as never, inlineToolbar: true },
    },
  });
  await editor.isReady;
  if (!adopted) {
    adoptInlineStyles(stylesBefore);
    adopted = true;
  }
  return {
    save: async () => JSON.stringify(await editor.save()),
    focus: () => editor.focus(),
    destroy: () => {
      editor.destroy();
      holder.replaceChildren();
    },
  };
}
