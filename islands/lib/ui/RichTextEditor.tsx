/**
 * The adapter of the rich-text editor (Tiptap, islands/lib/rich-text.ts): owns its toolbar and area,
 * starts the editor on mount with `content` and destroys it on unmount. `onReady` hands over the editor.
 */
import type { Editor } from "@tiptap/core";
import { useEffect, useRef } from "react";
import { richTextEditor } from "../rich-text";
import { RICH_TEXT_TOOLS } from "../rich-text-tools";
import { Icon } from "./Icon";
import { useT } from "./i18n";

interface Props {
  /** The editing area's id (the toolbar controls it). */
  id: string;
  content: string;
  /** The id of the element naming the area. */
  labelledBy: string;
  toolbarLabel: string;
  onReady: (editor: Editor) => void;
}

export function RichTextEditor({ id, content, labelledBy, toolbarLabel, onReady }: Props) {
  const { t } = useT();
  const area = useRef<HTMLDivElement>(null);
  const toolbar = useRef<HTMLDivElement>(null);
  // Started once: the content is the editor's from then on.
  useEffect(() => {
    const rich = richTextEditor(area.current!, toolbar.current!, content, labelledBy);
    onReady(rich.editor);
    return () => rich.destroy();
  }, []);
  return (
    <>
      <div className="wiki__tools" role="toolbar" aria-label={toolbarLabel} aria-controls={id} ref={toolbar}>
        {RICH_TEXT_TOOLS.map(([name, path]) => (
          <button key={name} type="button" className="wiki__tool" data-tool={name} aria-label={t(`wiki.tool.${name}`)} title={t(`wiki.tool.${name}`)}>
            <Icon path={path} />
          </button>
        ))}
      </div>
      <div id={id} className="wiki__content wiki__area" ref={area} />
    </>
  );
}
