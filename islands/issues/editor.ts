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

const blocksOf = (json: string): OutputData | undefined => {
  try {
    const data = JSON.parse(json) as OutputData;
    return Array.isArray(data?.blocks) ? data : undefined;
  } catch {
    return undefined;
  }
};

/** Opens the editor on a description's block JSON (run inside whileAdoptingStyles: Editor.js adds its CSS). */
export async function openDescriptionEditor(holder: HTMLElement, json: string): Promise<DescriptionEditor> {
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
  return {
    save: async () => JSON.stringify(await editor.save()),
    focus: () => editor.focus(),
    destroy: () => {
      editor.destroy();
      holder.replaceChildren();
    },
  };
}
