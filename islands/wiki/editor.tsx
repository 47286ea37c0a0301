/**
 * The wiki's editor: a title, the rich-text editor and a change summary, loaded with import() on Edit or New
 * so that reading ships no Tiptap; a new top-level article also chooses its space. The server sanitises what
 * it saves (src/lib/sanitize.ts, `wiki`). When someone saved meanwhile, their version and the merge view
 * appear above the text, which stays as typed.
 */
import type { Editor } from "@tiptap/core";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { WIKI_LIMITS } from "../../src/modules/wiki/limits";
import { editorHtml } from "../lib/rich-text";
import { snack } from "../lib/snackbar";
import { DialogActions } from "../lib/ui/Dialog";
import { RichTextEditor } from "../lib/ui/RichTextEditor";
import { useT } from "../lib/ui/i18n";
import { MergeView } from "./MergeView";
import { closeEditor, type EditTarget, type Latest, opener, saveArticle, uploadPicture } from "./store";

/** A space a new article may start in: a project, or null for the wiki everyone reads. */
export interface WritableSpace {
  id: number | null;
  name: string;
}

export default function WikiEditor({ target, spaces }: { target: EditTarget; spaces: WritableSpace[] }) {
  const { t, tf } = useT();
  const existing = "article" in target ? target.article : undefined;
  const [title, setTitle] = useState(existing?.title ?? "");
  const [summary, setSummary] = useState("");
  const [space, setSpace] = useState(spaces[0]?.id ?? null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The version this edit saves on top of: the one it began from, or the one merged with.
  const [base, setBase] = useState({ version: existing?.version ?? 1, content: existing?.content ?? "" });
  const [conflict, setConflict] = useState<{ theirs: Latest; mine: string } | null>(null);
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
    setErrors(trimmed ? {} : { "body.title": t("wiki.titleRequired") });
    if (!trimmed) return titleField.current?.focus();
    if (!editor.current) return;
    const content = editor.current.getHTML();
    const refused = await saveArticle(target, { title: trimmed, content, summary: summary.trim(), baseVersion: base.version, projectId: space });
    if (refused?.field) setErrors({ [refused.field.path]: refused.field.message });
    if (refused?.conflict) setConflict({ theirs: refused.conflict, mine: content });
  };
  const takeMerged = (merged: string) => {
    if (!conflict) return;
    editor.current?.commands.setContent(merged);
    setBase({ version: conflict.theirs.version, content: conflict.theirs.content });
    setConflict(null);
    snack(t("wiki.mergedReady"));
    editor.current?.commands.focus();
  };
  const by = conflict?.theirs.updatedBy;
  return (
    <form id="wiki-editor" className="card wiki__editor" noValidate onSubmit={submit}>
      <h2 id="wiki-editor-title">{t("wiki.editing")}</h2>
      {conflict && editor.current && (
        <MergeView
          key={conflict.theirs.version}
          theirs={{ version: conflict.theirs.version, name: by ? `${by.firstName} ${by.lastName}`.trim() : t("wiki.someone"), html: editorHtml(editor.current, conflict.theirs.content) }}
          mine={conflict.mine}
          base={editorHtml(editor.current, base.content)}
          onUse={takeMerged}
        />
      )}
      <div className="field">
        <label htmlFor="wiki-title">{t("wiki.titleLabel")}</label>
        <input
          id="wiki-title"
          name="title"
          required
          maxLength={WIKI_LIMITS.title}
          autoComplete="off"
          aria-describedby="wiki-title-error"
          aria-invalid={errors["body.title"] ? true : undefined}
          ref={titleField}
          autoFocus
          value={title}
          onChange={(event) => setTitle(event.target.value)}
        />
        <span className="field__error" id="wiki-title-error" aria-live="polite">
          {errors["body.title"]}
        </span>
      </div>
      {"parentId" in target && target.parentId === null && (
        <div className="field wiki__space">
          <label htmlFor="wiki-space">{t("wiki.spaceLabel")}</label>
          <select id="wiki-space" value={space ?? ""} onChange={(event) => setSpace(event.target.value ? Number(event.target.value) : null)}>
            {spaces.map((option) => (
              <option key={option.id ?? ""} value={option.id ?? ""}>
                {option.id === null ? t("wiki.spaceShared") : tf("wiki.spaceProject", { project: option.name })}
              </option>
            ))}
          </select>
        </div>
      )}
      <span className="wiki__label" id="wiki-content-label">
        {t("wiki.contentLabel")}
      </span>
      <RichTextEditor
        id="wiki-content"
        content={existing?.content ?? ""}
        labelledBy="wiki-content-label"
        toolbarLabel={t("wiki.toolbar")}
        onReady={(ready) => (editor.current = ready)}
        upload={uploadPicture}
      />
      <div className="field">
        <label htmlFor="wiki-summary">{t("wiki.summaryLabel")}</label>
        <input
          id="wiki-summary"
          name="summary"
          maxLength={WIKI_LIMITS.summary}
          autoComplete="off"
          aria-describedby="wiki-summary-error"
          aria-invalid={errors["body.summary"] ? true : undefined}
          value={summary}
          onChange={(event) => setSummary(event.target.value)}
        />
        <span className="field__error" id="wiki-summary-error" aria-live="polite">
          {errors["body.summary"]}
        </span>
      </div>
      <DialogActions label={t("common.save")} onCancel={closeEditor} />
    </form>
  );
}
