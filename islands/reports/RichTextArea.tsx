import type { Editor } from "@tiptap/core";
import { type ReactNode, useEffect, useRef } from "react";
import { richTextEditor } from "../lib/rich-text";
import type { EmbedRenderer } from "../lib/rich-text-embed";
import { RICH_TEXT_TOOLS } from "../lib/rich-text-tools";
import { Icon } from "../lib/ui/Icon";
import { useT } from "../lib/ui/i18n";

interface Props {
  /** Prefix of the toolbar's and the text area's ids. */
  id: string;
  content: string;
  labelledBy: string;
  /** The Tiptap editor, once made; it is destroyed with this component. */
  onReady: (editor: Editor) => void;
  /** What sits between the toolbar and the text. */
  children?: ReactNode;
  /** Draws the embedded tables and charts. */
  embeds?: EmbedRenderer;
}

/**
 * Tiptap (islands/lib/rich-text.ts) behind a component: its toolbar as buttons, the editor made in its
 * own element on mount with the content it had then, destroyed on unmount.
 */
export function RichTextArea({ id, content, labelledBy, onReady, children, embeds }: Props) {
  const { t } = useT();
  const toolbar = useRef<HTMLDivElement>(null);
  const area = useRef<HTMLDivElement>(null);
  const initial = useRef({ content, onReady, embeds });
  useEffect(() => {
    const rich = richTextEditor(area.current!, toolbar.current!, initial.current.content, labelledBy, { embeds: initial.current.embeds });
    initial.current.onReady(rich.editor);
    return () => rich.destroy();
  }, [labelledBy]);
  return (
    <>
      <div className="rp__tools" role="toolbar" aria-label={t("wiki.toolbar")} aria-controls={`${id}-area`} ref={toolbar}>
        {RICH_TEXT_TOOLS.map(([name, path]) => (
          <button key={name} type="button" className="rp__tool" data-tool={name} aria-label={t(`wiki.tool.${name}`)} title={t(`wiki.tool.${name}`)}>
            <Icon path={path} />
          </button>
        ))}
      </div>
      {children}
      <div className="rp__area" id={`${id}-area`} ref={area} />
    </>
  );
}
