/**
 * The description editor's adapter: Editor.js with its header, list and picture tools (links come with its
 * inline toolbar; the server keeps http, https and mailto ones) in an element of its own,
 * started on mount with the description's blocks and destroyed on unmount. Imported only when someone
 * edits (DescriptionSection), so the pages carry none of it; its CSS is taken into constructed sheets.
 */
import EditorJS, { type OutputData } from "@editorjs/editorjs";
import Header from "@editorjs/header";
import List from "@editorjs/list";
import { type RefObject, useEffect, useRef } from "react";
import { useT } from "../lib/ui/i18n";
import { whileAdoptingStyles } from "./adopt-styles";
import { pictureTool } from "./picture-tool";

/** What the description section asks of the open editor. */
export interface BlocksSource {
  /** The blocks as Editor.js JSON text, what issue/update takes as the description. */
  save(): Promise<string>;
}

const blocksOf = (json: string): OutputData | undefined => {
  try {
    const data = JSON.parse(json) as OutputData;
    return Array.isArray(data?.blocks) ? data : undefined;
  } catch {
    return undefined;
  }
};

interface Props {
  /** The task whose pictures the picture tool uploads. */
  issueId: number;
  json: string;
  label: string;
  control: RefObject<BlocksSource | null>;
  onReady: () => void;
  onFailure: (error: unknown) => void;
}

export default function DescriptionEditor({ issueId, json, label, control, onReady, onFailure }: Props) {
  const holder = useRef<HTMLDivElement>(null);
  const { t } = useT();
  // Started once: the blocks live in Editor.js from then on.
  useEffect(() => {
    let editor: EditorJS | undefined;
    let gone = false;
    whileAdoptingStyles(async () => {
      editor = new EditorJS({
        holder: holder.current!,
        data: blocksOf(json),
        minHeight: 80,
        tools: {
          header: { class: Header as never, config: { levels: [2, 3, 4], defaultLevel: 3 } },
          list: { class: List as never, inlineToolbar: true },
          image: {
            class: pictureTool(issueId, {
              title: t("issue.picture"),
              choose: t("issue.pictureChoose"),
              caption: t("issue.pictureCaption"),
              uploading: t("issue.pictureUploading"),
              tooBig: t("issue.pictureTooBig"),
            }) as never,
          },
        },
      });
      await editor.isReady;
    }).then(
      () => {
        if (gone) return;
        control.current = { save: async () => JSON.stringify(await editor!.save()) };
        editor!.focus();
        onReady();
      },
      (error) => !gone && onFailure(error),
    );
    return () => {
      gone = true;
      control.current = null;
      editor?.isReady.then(() => editor!.destroy()).catch(() => undefined);
    };
  }, []);
  return <div className="td-editor" data-td-editor="" role="group" aria-label={label} ref={holder} />;
}
