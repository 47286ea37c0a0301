import { mdiDatabasePlusOutline } from "@mdi/js";
import { useEffect, useRef, useState } from "react";
import { reportFailure } from "../lib/failures";
import { call, server } from "../lib/server";
import { Icon } from "../lib/ui/Icon";
import { useT } from "../lib/ui/i18n";

const SEARCH_PAUSE = 250;
const INSERTABLE = ["TABLE", "CHART"] as const;

type Hit = { id: number; name: string; dataType: (typeof INSERTABLE)[number] };

/** The project's tables and charts whose names hold `text`, by name. */
async function findInsertable(projectId: number, text: string, signal: AbortSignal): Promise<Hit[]> {
  const found = await Promise.all(
    INSERTABLE.map(async (dataType) => {
      const hits = await call(server.data["search-by-type"].get({ query: { str: text.trim(), projectId, dataType }, fetch: { signal } }));
      return hits.map((hit) => ({ id: hit.id, name: hit.name, dataType }));
    }),
  );
  return found.flat().sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * 'Insert data': a button opening a search of the project's tables and charts by name; choosing one
 * hands its id to `onChoose` (the editor puts its placeholder at the cursor) and closes the search.
 */
export function InsertData({ id, projectId, onChoose }: { id: string; projectId: number; onChoose: (dataId: number) => void }) {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const [hits, setHits] = useState<Hit[] | undefined>();
  const toggle = useRef<HTMLButtonElement>(null);
  const search = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    const pause = setTimeout(
      () =>
        findInsertable(projectId, text, controller.signal).then(setHits, (error) => {
          if (!controller.signal.aborted) reportFailure(error);
        }),
      hits === undefined ? 0 : SEARCH_PAUSE,
    );
    return () => {
      clearTimeout(pause);
      controller.abort();
    };
    // A new search when the panel opens or the text changes; the results themselves start none.
  }, [open, text, projectId]);

  const show = (next: boolean) => {
    setOpen(next);
    if (!next) setHits(undefined);
  };
  useEffect(() => {
    if (open) search.current?.focus();
  }, [open]);

  return (
    <>
      <button type="button" className="btn btn--ghost rp__insert" aria-expanded={open} aria-controls={`${id}-insert`} ref={toggle} onClick={() => show(!open)}>
        <Icon path={mdiDatabasePlusOutline} />
        {t("report.insertData")}
      </button>
      <div className="rp__insert-panel" id={`${id}-insert`} hidden={!open}>
        <label htmlFor={`${id}-search`}>{t("report.insertSearch")}</label>
        <input
          type="search"
          id={`${id}-search`}
          autoComplete="off"
          maxLength={255}
          ref={search}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== "Escape") return;
            show(false);
            toggle.current?.focus();
          }}
        />
        <ul className="rp__results" aria-label={t("report.insertResults")} aria-live="polite">
          {hits?.length === 0 && <li className="rp__muted">{t("report.insertNone")}</li>}
          {hits?.map((hit) => (
            <li key={`${hit.dataType}${hit.id}`}>
              <button
                type="button"
                className="rp__result"
                onClick={() => {
                  onChoose(hit.id);
                  show(false);
                }}
              >{`${hit.name} · ${t(`report.kind.${hit.dataType}`)}`}</button>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
