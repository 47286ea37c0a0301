/** The buttons of an article's page: Edit (or Restore, on an older version), History, New sub-article, Move and Delete. */
import { mdiArrowRightBold, mdiDelete, mdiHistory, mdiPencil, mdiPlus, mdiRestore } from "@mdi/js";
import { useState } from "react";
import type { Locale } from "../../src/lib/i18n";
import { useConfirm } from "../lib/ui/Confirm";
import { Icon } from "../lib/ui/Icon";
import { Localized, useT } from "../lib/ui/i18n";
import { MoveDialog } from "./MoveDialog";
import { type ArticleOnPage, deleteArticle, openEditor, restoreVersion } from "./store";

interface Props {
  article: ArticleOnPage;
  /** The page shows a version older than the latest. */
  older: boolean;
  /** The article above it, if any: where Delete goes. */
  parentId: number | null;
  canWrite: boolean;
  canDelete: boolean;
}

function Actions({ article, older, parentId, canWrite, canDelete }: Props) {
  const { t, tf } = useT();
  const [moving, setMoving] = useState(false);
  const [question, ask] = useConfirm();
  const remove = async () => {
    if (await ask({ title: t("project.confirmTitle"), text: tf("wiki.deleteConfirm", { title: article.title }), confirm: t("project.delete") })) await deleteArticle(article, parentId);
  };
  return (
    <div className="wiki__actions">
      {older && canWrite && (
        <button type="button" className="btn" onClick={() => restoreVersion(article)}>
          <Icon path={mdiRestore} />
          {t("wiki.restore")}
        </button>
      )}
      {!older && canWrite && (
        <button type="button" className="btn" onClick={(event) => openEditor({ article }, event.currentTarget)}>
          <Icon path={mdiPencil} />
          {t("wiki.edit")}
        </button>
      )}
      <a className="btn btn--ghost" href={`/wiki/${article.id}/history`}>
        <Icon path={mdiHistory} />
        {t("wiki.history")}
      </a>
      {canWrite && (
        <button type="button" className="btn btn--ghost" onClick={(event) => openEditor({ parentId: article.id }, event.currentTarget)}>
          <Icon path={mdiPlus} />
          {t("wiki.newChild")}
        </button>
      )}
      {canWrite && (
        <button type="button" className="btn btn--ghost" onClick={() => setMoving(true)}>
          <Icon path={mdiArrowRightBold} />
          {t("wiki.move")}
        </button>
      )}
      {canDelete && (
        <button type="button" className="btn btn--ghost wiki__danger" onClick={remove}>
          <Icon path={mdiDelete} />
          {t("wiki.delete")}
        </button>
      )}
      {moving && <MoveDialog articleId={article.id} title={article.title} atTop={parentId === null} onClose={() => setMoving(false)} />}
      {question}
    </div>
  );
}

export default function ArticleActions({ locale, ...props }: Props & { locale: Locale }) {
  return (
    <Localized locale={locale}>
      <Actions {...props} />
    </Localized>
  );
}
