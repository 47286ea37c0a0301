/**
 * The wiki's editor: a title and the rich-text editor, loaded with import() on Edit or New so that
 * reading ships no Tiptap. The server sanitises what it saves (src/lib/sanitize.ts, `wiki`).
 */
import type { Editor } from "@tiptap/core";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { WIKI_LIMITS } from "../../src/modules/wiki/limits";
import { DialogActions } from "../lib/ui/Dialog";
import { RichTextEditor } from "../lib/ui/RichTextEditor";
import { useT } from "../lib/ui/i18n";
import { closeEditor, type EditTarget, opener, saveArticle } from "./store";

export default function WikiEditor({ target }: { target: EditTarget }) {
  const { t } = useT();
  const existing = "article" in target ? target.article : undefined;
  const [title, setTitle] = useState(existing?.title ?? "");
  const [titleError, setTitleError] = useState<string | null>(null);
  const editor = useRef<Editor | null>(null);
  const titleField = useRef<HTMLInputElement>(null);
  // Closing gives the focus back to the button that opened the editor, visible again by then.
  useEffect(() => {
    const from = opener;
    return () => from?.focus();
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = title.trim();
    setTitleError(trimmed ? null : t("wiki.titleRequired"));
    if (!trimmed) return titleField.current?.focus();
    if (!editor.current) return;
    const refused = await saveArticle(target, trimmed, editor.current.getHTML());
    if (refused) setTitleError(refused);
  };
  return (
    <form id="wiki-editor" className="card wiki__editor" noValidate onSubmit={submit}>
      <h2 id="wiki-editor-title">{t("wiki.editing")}</h2>
      <div className="field">
        <label htmlFor="wiki-title">{t("wiki.titleLabel")}</label>
        <input
          id="wiki-title"
          name="title"
          required
          maxLength={WIKI_LIMITS.title}
          autoComplete="off"
          aria-describedby="wiki-title-error"
          aria-invalid={titleError ? true : undefined}
          ref={titleField}
          autoFocus
          value={title}
          onChange={(event) => setTitle(event.target.value)}
        />
        <span className="field__error" id="wiki-title-error" aria-live="polite">
          {titleError}
        </span>
      </div>
      <span className="wiki__label" id="wiki-content-label">
        {t("wiki.contentLabel")}
      </span>
      <RichTextEditor id="wiki-content" content={existing?.content ?? ""} labelledBy="wiki-content-label" toolbarLabel={t("wiki.toolbar")} onReady={(ready) => (editor.current = ready)} />
      <DialogActions label={t("common.save")} onCancel={closeEditor} />
    </form>
  );
}
