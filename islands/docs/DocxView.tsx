import { useEffect, useState } from "react";
import { snack } from "../lib/snackbar";
import { useT } from "../lib/ui/i18n";
import { DocxArticle, type DocxRead } from "./DocxArticle";
import { loadBody } from "./docx-body";
import { DocxTree } from "./DocxTree";
import { StageMessage } from "./StageMessage";

type Body = { status: "loading" } | { status: "failed" } | { status: "loaded"; html: string; complete: boolean };

/**
 * A converted DOCX: its structure tree beside the text, searchable where `onArticle` hears the text; a
 * note when it holds nothing to show, 'Ошибка чтения файла' when it cannot be read. Given its `first` screen
 * (rendered by the server), it shows that at once and the whole body once it has come.
 */
export function DocxView({ versionId, first, onArticle }: { versionId: number; first?: { html: string; complete: boolean }; onArticle?: (article: HTMLElement | null) => void }) {
  const { t } = useT();
  const [body, setBody] = useState<Body>(first ? { status: "loaded", ...first } : { status: "loading" });
  const [read, setRead] = useState<DocxRead | null>(null);
  const complete = body.status === "loaded" && body.complete;
  useEffect(() => {
    if (complete) return;
    let gone = false;
    loadBody(versionId).then(
      (html) => gone || setBody({ status: "loaded", html, complete: true }),
      (error) => {
        if (gone) return;
        console.error(error);
        snack(t("docs.readingError"), "error");
        // A first screen already shown stays.
        setBody((shown) => (shown.status === "loaded" ? shown : { status: "failed" }));
      },
    );
    return () => {
      gone = true;
    };
  }, [versionId, complete, t]);
  if (body.status === "loading") return <StageMessage text={t("common.loading")} />;
  if (body.status === "failed") return <StageMessage text={t("docs.readingError")} error />;
  return (
    <>
      {read?.empty && <StageMessage text={t("docs.view.emptyDocument")} />}
      {/* Shown from the server's render on, before the effects have read it. */}
      <div className="docx" hidden={!!read?.empty}>
        {read && !read.empty && <DocxTree headings={read.headings} />}
        <DocxArticle body={body.html} onRead={setRead} onArticle={onArticle} />
      </div>
    </>
  );
}
