/**
 * The adapter of the rich-text editor (Tiptap, islands/lib/rich-text.ts) for the wiki and reports: owns its
 * toolbar and area, starts the editor on mount with `content` and destroys it on unmount. `onReady` hands over
 * the editor. With `upload` (the wiki), pictures are stored by it: picked with the picture tool, pasted or
 * dropped, each described (or marked decorative) before it goes in; with `embeds` (reports), tables and charts
 * are drawn in the text.
 */
import type { Editor } from "@tiptap/core";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { reportFailure } from "../failures";
import { type PictureHooks, richTextEditor, waitsForPlace } from "../rich-text";
import type { EmbedRenderer } from "../rich-text-embed";
import { PICTURE_TOOLS, RICH_TEXT_TOOLS } from "../rich-text-tools";
import { snack } from "../snackbar";
import { Icon } from "./Icon";
import { PictureDescription } from "./PictureDescription";
import { useT } from "./i18n";

interface Props {
  /** The editing area's id (the toolbar controls it). */
  id: string;
  content: string;
  /** The id of the element naming the area. */
  labelledBy: string;
  toolbarLabel: string;
  onReady: (editor: Editor) => void;
  /** Stores a picture file and answers the address the article shows it by. */
  upload?: (file: File) => Promise<string>;
  /** Draws the embedded tables and charts. */
  embeds?: EmbedRenderer;
  /** The classes of the toolbar, its buttons and the area: the wiki's unless given. */
  look?: { tools: string; tool: string; area: string };
  /** What sits between the toolbar and the text. */
  children?: ReactNode;
}

const WIKI_LOOK = { tools: "wiki__tools", tool: "wiki__tool", area: "wiki__content wiki__area" };

const PICTURE_TYPES = "image/png,image/jpeg,image/gif,image/bmp";

export function RichTextEditor({ id, content, labelledBy, toolbarLabel, onReady, upload, embeds, look = WIKI_LOOK, children }: Props) {
  const { t } = useT();
  const area = useRef<HTMLDivElement>(null);
  const toolbar = useRef<HTMLDivElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const editor = useRef<Editor | null>(null);
  const [asking, setAsking] = useState<{ alt: string | null; answer: (alt: string | null) => void } | null>(null);
  const describe = (alt: string | null) => new Promise<string | null>((answer) => setAsking({ alt, answer }));
  const answer = (alt: string | null) => {
    asking?.answer(alt);
    setAsking(null);
  };

  /** Each file stored while its description is asked; put in where it was dropped, else at the cursor. */
  const insert = async (files: File[], at?: number) => {
    for (const file of files) {
      const stored = upload!(file);
      stored.catch(() => undefined); // reported below, once the description is given
      snack(t("wiki.pictureUploading"));
      const alt = await describe(null);
      if (alt === null) continue;
      let src: string;
      try {
        src = await stored;
      } catch (error) {
        reportFailure(error, t("wiki.pictureFailed"));
        continue;
      }
      const chain = editor.current!.chain().focus();
      (at === undefined ? chain : chain.setTextSelection(at)).setImage({ src, alt }).run();
    }
  };
  const hooks = useRef<PictureHooks | undefined>(undefined);
  hooks.current = upload && {
    insert,
    pick: () => picker.current?.click(),
    describe: async () => {
      const current = editor.current!;
      const alt = await describe(current.getAttributes("image").alt ?? null);
      if (alt !== null) current.chain().focus().updateAttributes("image", { alt }).run();
    },
  };

  // Started once: the content is the editor's from then on.
  useEffect(() => {
    const forward: PictureHooks | undefined = hooks.current && {
      insert: (files, at) => hooks.current?.insert(files, at),
      pick: () => hooks.current?.pick(),
      describe: () => hooks.current?.describe(),
    };
    const rich = richTextEditor(area.current!, toolbar.current!, content, labelledBy, { pictures: forward, embeds });
    editor.current = rich.editor;
    onReady(rich.editor);
    return () => rich.destroy();
  }, []);
  const tools = upload ? [...RICH_TEXT_TOOLS.filter(([name]) => name !== "image"), ...PICTURE_TOOLS] : RICH_TEXT_TOOLS;
  return (
    <>
      <div className={look.tools} role="toolbar" aria-label={toolbarLabel} aria-controls={id} ref={toolbar}>
        {tools.map(([name, path]) => (
          <button key={name} type="button" className={look.tool} data-tool={name} aria-disabled={waitsForPlace(name) || undefined} aria-label={t(`wiki.tool.${name}`)} title={t(`wiki.tool.${name}`)}>
            <Icon path={path} />
          </button>
        ))}
      </div>
      {children}
      <div id={id} className={look.area} ref={area} />
      {upload && (
        <input
          ref={picker}
          type="file"
          accept={PICTURE_TYPES}
          hidden
          aria-label={t("wiki.pictureFile")}
          data-testid="picture-file"
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = "";
            if (files.length) insert(files);
          }}
        />
      )}
      {asking && <PictureDescription alt={asking.alt} onDone={answer} />}
    </>
  );
}
