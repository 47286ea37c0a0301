/**
 * The wiki's editor: a title, the rich-text editor and a change summary, loaded with import() on Edit or New
 * so that reading ships no Tiptap; a new top-level article also chooses its space. The server sanitises what
 * it saves (src/lib/sanitize.ts, `wiki`). When someone saved meanwhile, their version and the merge view
 * appear above the text, which stays as typed.
 */
import type { Editor } from "@tiptap/core";
import { type FormEvent, type RefObject, useEffect, useRef, useState } from "react";
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

interface TextFieldProps {
  /** The body field it fills (`wiki-<name>` is its id). */
  name: "title" | "summary";
  label: string;
  limit: number;
  value: string;
  onChange: (value: string) => void;
  /** The server's or the form's message for it. */
  error: string | undefined;
  field?: RefObject<HTMLInputElement | null>;
  /** Required, and focused when the editor opens. */
  required?: boolean;
}

/** One line of text with its label and its error, read out when it changes. */
function TextField({ name, label, limit, value, onChange, error, field, required }: TextFieldProps) {
  const id = `wiki-${name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        required={required}
        autoFocus={required}
        maxLength={limit}
        autoComplete="off"
        aria-describedby={`${id}-error`}
        aria-invalid={error ? true : undefined}
        ref={field}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      <span className="field__error" id={`${id}-error`} aria-live="polite">
        {error}
      </span>
    </div>
  );
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
      <TextField name="title" label={t("wiki.titleLabel")} limit={WIKI_LIMITS.title} value={title} onChange={setTitle} error={errors["body.title"]} field={titleField} required />
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
      <TextField name="summary" label={t("wiki.summaryLabel")} limit={WIKI_LIMITS.summary} value={summary} onChange={setSummary} error={errors["body.summary"]} />
      <DialogActions label={t("common.save")} onCancel={closeEditor} />
    </form>
  );
}
