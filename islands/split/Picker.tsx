import { useEffect, useId, useState } from "react";
import { call, server } from "../lib/server";
import { useT } from "../lib/ui/i18n";
import type { Hit } from "./HitList";
import { HitsView } from "./HitsView";
import { useHits } from "./useHits";

interface PickerProps {
  projectId: number;
  /** The other side's item: its related data are offered first (the second side). */
  relatedTo?: { id: number; name: string };
  /** Why the side is empty, when the address named an item that cannot be shown. */
  notice?: string;
  open(hit: Hit): void;
}

/**
 * An empty side (spec 2): the other side's related data to open with one click, 'Open document' (the
 * project's documents), and a search over the project's data (data/search); the server sees to it that
 * only what the reader may see is listed.
 */
export function Picker({ projectId, relatedTo, notice, open }: PickerProps) {
  const { t, tf } = useT();
  const id = useId();
  const [text, setText] = useState("");
  const related = useHits();
  const results = useHits();
  // Server-rendered, the form would submit itself as a page load: it waits for hydration.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const relatedId = relatedTo?.id;
  useEffect(() => {
    if (relatedId) related.ask((signal) => call(server["relations-data"].get.get({ query: { id: relatedId }, fetch: { signal } })));
  }, [relatedId, related.ask]);
  const relatedTitle = relatedTo && tf("viewer.split.related", { name: relatedTo.name });
  return (
    <div className="split-empty">
      {notice && (
        <p className="docv-message docv-message--error" role="alert">
          {notice}
        </p>
      )}
      <p>{t("viewer.split.choose")}</p>
      {relatedTo && (
        <section>
          <h3>{relatedTitle}</h3>
          <HitsView hits={related.hits} label={relatedTitle!} empty={t("viewer.split.noRelated")} open={open} />
        </section>
      )}
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          results.ask((signal) => call(server.data.search.get({ query: { projectId, str: text.trim() }, fetch: { signal } })));
        }}
      >
        <label className="visually-hidden" htmlFor={id}>
          {t("viewer.split.search")}
        </label>
        <input type="search" id={id} placeholder={t("viewer.split.search")} autoComplete="off" maxLength={255} disabled={!ready} value={text} onChange={(event) => setText(event.target.value)} />
        <button type="submit" className="btn" disabled={!ready}>
          {t("viewer.split.search")}
        </button>
        <button
          type="button"
          className="btn btn--ghost"
          disabled={!ready}
          onClick={() => results.ask((signal) => call(server.data["search-by-type"].get({ query: { projectId, str: "", dataType: "DOC" }, fetch: { signal } })))}
        >
          {t("viewer.split.openDocument")}
        </button>
      </form>
      <div aria-live="polite">
        <HitsView hits={results.hits} label={t("viewer.split.results")} empty={t("viewer.split.noHits")} open={open} />
      </div>
    </div>
  );
}
