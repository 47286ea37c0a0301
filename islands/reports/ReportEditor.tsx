import type { Editor } from "@tiptap/core";
import { type FormEvent, useId, useRef, useState } from "react";
import { placeholderOf } from "../../src/modules/reports/placeholders";
import { reportFailure } from "../lib/failures";
import { mountComponent } from "../lib/mount-component";
import { call, server } from "../lib/server";
import { snack } from "../lib/snackbar";
import { useT } from "../lib/ui/i18n";
import { EmbedPreview } from "./EmbedPreview";
import { InsertData } from "./InsertData";
import type { Report } from "./report";
import { RichTextEditor } from "../lib/ui/RichTextEditor";

interface Props {
  report: Report;
  onSaved: (report: Report) => void;
  /** Cancel, and after a save. */
  onClose: () => void;
}

/** The report editor's toolbar and text, in the report page's own classes. */
const REPORT_LOOK = { tools: "rp__tools", tool: "rp__tool", area: "rp__area" };

/**
 * A report's edit mode: the wiki's rich-text editor on a copy of the body, with 'insert data' to put a
 * table's or chart's placeholder at the cursor, each shown as what it embeds (EmbedPreview). Cancel drops the copy; save stores it (report/save,
 * MODERATOR); a failed save keeps the editor and its text as they are.
 */
function showEmbed(host: HTMLElement, dataId: number) {
  const mounted = mountComponent(host, <EmbedPreview dataId={dataId} />);
  // The editor, and each block with it, is destroyed while React unmounts this form: the block's own root goes after.
  return { destroy: () => setTimeout(mounted.destroy) };
}

export default function ReportEditor({ report, onSaved, onClose }: Props) {
  const { t } = useT();
  const key = useId();
  const editor = useRef<Editor>(null);
  const [saving, setSaving] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || !editor.current) return;
    setSaving(true);
    try {
      const saved = await call(server.report.save.post({ id: report.id, body: editor.current.getHTML() }));
      snack(t("report.saved"), "success");
      onSaved(saved);
      onClose();
    } catch (error) {
      reportFailure(error, t("report.savingError"));
      setSaving(false);
    }
  };
  const ready = (made: Editor) => {
    editor.current = made;
    made.commands.focus("end");
  };
  // Its own paragraph, so the editor and the view draw the block in place of it; after the selection, never over a
  // block chosen before, and an empty paragraph after it for the cursor, so typing goes on rather than replacing it.
  const insert = (dataId: number) => {
    const current = editor.current;
    current?.chain().focus().insertContentAt(current.state.selection.to, `<p>${placeholderOf(dataId)}</p><p></p>`).run();
  };

  return (
    <form className="rp__editor" noValidate aria-labelledby={`${key}-title`} onSubmit={save}>
      <h2 className="rp__editor-title" id={`${key}-title`}>{t("report.editing")}</h2>
      <span className="rp__label" id={`${key}-label`}>{t("report.editorLabel")}</span>
      <RichTextEditor id={`${key}-area`} content={report.body} labelledBy={`${key}-label`} toolbarLabel={t("wiki.toolbar")} onReady={ready} embeds={showEmbed} look={REPORT_LOOK}>
        <InsertData id={key} projectId={report.projectId} onChoose={insert} />
      </RichTextEditor>
      <div className="dialog-actions">
        <button type="button" className="btn btn--ghost" onClick={onClose}>{t("common.cancel")}</button>
        <button type="submit" className="btn" disabled={saving}>{t("common.save")}</button>
      </div>
    </form>
  );
}
