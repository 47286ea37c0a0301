import { mdiPencil } from "@mdi/js";
import { type ComponentType, useId, useRef, useState } from "react";
import { reportFailure } from "../lib/failures";
import { Icon } from "../lib/ui/Icon";
import { useT } from "../lib/ui/i18n";
import { whileAdoptingStyles } from "./adopt-styles";
import type { BlocksSource } from "./DescriptionEditor";
import type { TaskDetailStore } from "./detail-store";
import type { Issue } from "./types";

type Editor = ComponentType<Parameters<typeof import("./DescriptionEditor").default>[0]>;

/** The description: the HTML the server built from its blocks; Editor.js loads the first time someone edits. */
export function DescriptionSection({ detail, issue }: { detail: TaskDetailStore; issue: Issue }) {
  const { t } = useT();
  const titleId = useId();
  const control = useRef<BlocksSource | null>(null);
  const [Editor, setEditor] = useState<Editor>();
  const [ready, setReady] = useState(false);
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);

  const close = () => {
    setEditor(undefined);
    setReady(false);
  };
  const edit = async () => {
    if (Editor) return;
    setLoading(true);
    try {
      // Editor.js adds its styles as it is imported: they are taken into constructed sheets (the page's policy refuses style elements).
      const module = await whileAdoptingStyles(() => import("./DescriptionEditor"));
      setEditor(() => module.default);
    } catch (error) {
      reportFailure(error);
    } finally {
      setLoading(false);
    }
  };
  const save = async () => {
    if (!control.current) return;
    setSaving(true);
    if (await detail.saveDescription(await control.current.save())) close();
    setSaving(false);
  };

  const editing = Editor !== undefined;
  return (
    <section className="td-desc" aria-labelledby={titleId}>
      <div className="td-sub">
        <h3 id={titleId}>{t("issue.description")}</h3>
        <button type="button" className="td-icon" aria-label={t("issue.editDescription")} title={t("issue.editDescription")} disabled={!issue.canEdit || loading} onClick={edit}>
          <Icon path={mdiPencil} />
        </button>
      </div>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: built from the blocks and sanitised on the server (src/lib/sanitize.ts) */}
      <div className="td-desc__html" data-td-desc="" hidden={ready} dangerouslySetInnerHTML={{ __html: issue.descriptionHtml }} />
      {!issue.descriptionHtml.trim() && !editing && <p className="td-muted">{t("issue.descriptionEmpty")}</p>}
      {Editor && (
        <Editor
          issueId={issue.id}
          json={issue.description}
          label={t("issue.editorLabel")}
          control={control}
          onReady={() => setReady(true)}
          onFailure={(error) => {
            close();
            reportFailure(error);
          }}
        />
      )}
      {ready && (
        <div className="td-editor-actions">
          <button type="button" className="btn btn--ghost" onClick={close}>
            {t("common.cancel")}
          </button>
          <button type="button" className="btn" disabled={saving} onClick={save}>
            {t("common.save")}
          </button>
        </div>
      )}
    </section>
  );
}
