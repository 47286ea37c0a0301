/** The move dialog: candidates for the new parent by title (never the article itself or anything under it), then set-parent. */
import { type FormEvent, useEffect, useRef, useState } from "react";
import type { Candidate } from "../../src/modules/wiki/presenter";
import { WIKI_LIMITS } from "../../src/modules/wiki/limits";
import { reportFailure } from "../lib/failures";
import { Dialog, DialogActions } from "../lib/ui/Dialog";
import { useT } from "../lib/ui/i18n";
import { candidates, moveArticle } from "./store";

const TOP = "top";

export function MoveDialog({ articleId, title, atTop, onClose }: { articleId: number; title: string; atTop: boolean; onClose: () => void }) {
  const { t, tf } = useT();
  const [filter, setFilter] = useState("");
  const [found, setFound] = useState<Candidate[] | null>(null);
  const [chosen, setChosen] = useState<string | null>(atTop ? TOP : null);
  const opening = useRef(true);

  useEffect(() => {
    const pending = new AbortController();
    // The first list comes at once; then a pause in typing asks again.
    const delay = opening.current ? 0 : 200;
    opening.current = false;
    const timer = setTimeout(
      () =>
        candidates(articleId, filter, pending.signal).then(setFound, (error) => {
          if ((error as Error).name !== "AbortError") reportFailure(error);
        }),
      delay,
    );
    return () => {
      clearTimeout(timer);
      pending.abort();
    };
  }, [articleId, filter]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (chosen === null) return;
    if (await moveArticle(articleId, chosen === TOP ? null : Number(chosen))) onClose();
  };
  const heading = tf("wiki.moveTitle", { title });
  return (
    <Dialog title={heading} className="wiki__move" onClose={onClose}>
      <form onSubmit={submit}>
        <div className="field">
          <label htmlFor="wiki-move-filter">{t("wiki.parentFilter")}</label>
          <input id="wiki-move-filter" type="search" autoComplete="off" maxLength={WIKI_LIMITS.filter} value={filter} onChange={(event) => setFilter(event.target.value)} />
        </div>
        <fieldset className="wiki__candidates">
          <legend className="visually-hidden">{heading}</legend>
          <label className="wiki__candidate">
            <input type="radio" name="parent" value="" checked={chosen === TOP} onChange={() => setChosen(TOP)} />
            {t("wiki.topLevel")}
          </label>
          <div aria-live="polite">
            {found?.map((candidate) => (
              <label className="wiki__candidate" key={candidate.id}>
                <input type="radio" name="parent" value={candidate.id} checked={chosen === String(candidate.id)} onChange={() => setChosen(String(candidate.id))} />
                {candidate.title}
              </label>
            ))}
            {found?.length === 0 && t("wiki.noCandidates")}
          </div>
        </fieldset>
        <DialogActions label={t("wiki.move")} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
