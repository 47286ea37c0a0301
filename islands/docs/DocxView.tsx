import { useEffect, useState } from "react";
import { snack } from "../lib/snackbar";
import { useT } from "../lib/ui/i18n";
import { DocxArticle, type DocxRead } from "./DocxArticle";
import { loadBody } from "./docx-body";
import { DocxTree } from "./DocxTree";
import { StageMessage } from "./StageMessage";

type Body = { status: "loading" } | { status: "failed" } | { status: "loaded"; html: string };

/**
 * A converted DOCX: its structure tree beside the text, searchable where `onArticle` hears the text; a
 * note when it holds nothing to show, 'Ошибка чтения файла' when it cannot be read.
 */
export function DocxView({ versionId, onArticle }: { versionId: number; onArticle?: (article: HTMLElement | null) => void }) {
  const { t } = useT();
  const [body, setBody] = useState<Body>({ status: "loading" });
  const [read, setRead] = useState<DocxRead | null>(null);
  useEffect(() => {
    let gone = false;
    loadBody(versionId).then(
      (html) => gone || setBody({ status: "loaded", html }),
      (error) => {
        if (gone) return;
        console.error(error);
        snack(t("docs.readingError"), "error");
        setBody({ status: "failed" });
      },
    );
    return () => {
      gone = true;
    };
  }, [versionId, t]);
  if (body.status === "loading") return <StageMessage text={t("common.loading")} />;
  if (body.status === "failed") return <StageMessage text={t("docs.readingError")} error />;
  return (
    <>
      {read?.empty && <StageMessage text={t("docs.view.emptyDocument")} />}
      <div className="docx" hidden={!read || read.empty}>
        {read && !read.empty && <DocxTree headings={read.headings} />}
        <DocxArticle body={body.html} onRead={setRead} onArticle={onArticle} />
      </div>
    </>
  );
}
