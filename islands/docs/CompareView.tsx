import { useEffect, useRef, useState } from "react";
import { reportFailure } from "../lib/failures";
import { useT } from "../lib/ui/i18n";
import type { Version } from "./common";
import { comparablePictures } from "./compare-pictures";
import { loadBody } from "./docx-body";
import { StageMessage } from "./StageMessage";

type Diff = { status: "loading" } | { status: "failed" } | { status: "done"; html: string };

/** The two bodies share heading ids: the compared copy drops them (the server's HTML quotes every attribute). */
const withoutIds = (html: string) => html.replace(/\sid="[^"]*"/g, "");

/** Two Word versions compared: inserted text green, deleted text red; the diff comes with a dynamic import. */
export function CompareView({ before, after, onEnd }: { before: Version; after: Version; onEnd: () => void }) {
  const { t, tf } = useT();
  const [diff, setDiff] = useState<Diff>({ status: "loading" });
  const back = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    let gone = false;
    setDiff({ status: "loading" });
    Promise.all([import("../../src/lib/html-diff"), loadBody(before.id), loadBody(after.id)]).then(
      ([{ diffHtml }, a, b]) => {
        const pictures = comparablePictures(a, b);
        gone || setDiff({ status: "done", html: withoutIds(pictures.restore(diffHtml(pictures.before, pictures.after))) });
      },
      (error) => {
        if (gone) return;
        setDiff({ status: "failed" });
        reportFailure(error);
      },
    );
    return () => {
      gone = true;
    };
  }, [before.id, after.id]);
  useEffect(() => {
    if (diff.status === "done") back.current?.focus();
  }, [diff.status]);
  if (diff.status === "loading") return <StageMessage text={t("common.loading")} />;
  if (diff.status === "failed") return <StageMessage text={t("docs.readingError")} error />;
  return (
    <div className="compare">
      <div className="compare__head">
        <p data-compare-title>{tf("docs.view.comparing", { from: before.name, to: after.name })}</p>
        <span className="compare__legend">
          <ins>{t("docs.view.inserted")}</ins> <del>{t("docs.view.deleted")}</del>
        </span>
        <button type="button" className="btn btn--ghost" data-end-compare ref={back} onClick={onEnd}>
          {t("docs.view.endCompare")}
        </button>
      </div>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the diff of two bodies the server sanitised when it converted them */}
      <article className="compare__body docv-html" data-compare-body tabIndex={0} dangerouslySetInnerHTML={{ __html: diff.html }} />
    </div>
  );
}
