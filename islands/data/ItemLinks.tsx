import { useEffect, useRef, useState } from "react";
import { dataItemPath } from "../../src/lib/data-paths";
import type { Wire } from "../../src/lib/responses";
import type { PresentedRelation, PresentedSearchHit } from "../../src/modules/data/presenter";
import { reportFailure } from "../lib/failures";
import { call, server } from "../lib/server";
import { snack } from "../lib/snackbar";
import { useT } from "../lib/ui/i18n";

type Relation = Wire<PresentedRelation>;
type SearchHit = Wire<PresentedSearchHit>;

/** The name search waits for a pause in typing. */
const TYPING_PAUSE = 300;

/** The item's links, fetched when it is shown; undefined until they arrive. */
function useLinks(itemId: number) {
  const { t } = useT();
  const [links, setLinks] = useState<Relation[]>();
  const reload = useRef(async () => {});
  reload.current = async () => {
    try {
      setLinks(await call(server["relations-data"].get.get({ query: { id: itemId } })));
    } catch (error) {
      reportFailure(error, t("common.error"));
    }
  };
  useEffect(() => void reload.current(), []);
  return { links, reload: () => reload.current() };
}

/** Hits of the name search not linked yet (nor the item itself); undefined while nothing is asked. */
function useLinkSearch(itemId: number, projectId: number, linked: Relation[] | undefined) {
  const { t } = useT();
  const [term, setTerm] = useState("");
  const [hits, setHits] = useState<SearchHit[]>();
  useEffect(() => {
    const text = term.trim();
    if (!text) return setHits(undefined);
    const controller = new AbortController();
    const timer = setTimeout(
      () =>
        call(server.data.search.get({ query: { str: text, projectId }, fetch: { signal: controller.signal } }))
          .then(setHits)
          .catch((error) => controller.signal.aborted || reportFailure(error, t("common.error"))),
      TYPING_PAUSE,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [term, projectId, t]);
  const ids = new Set((linked ?? []).map((l) => l.id));
  return { term, setTerm, offered: hits?.filter((hit) => hit.id !== itemId && !ids.has(hit.id)) };
}

/**
 * The linked data of the detail panel (spec 2, section 6): moderators see the section always and can
 * add links (search, pick) and remove them; others see it only when links exist.
 */
export function ItemLinks({ itemId, projectId, canModerate }: { itemId: number; projectId: number; canModerate: boolean }) {
  const { t, tf } = useT();
  const { links, reload } = useLinks(itemId);
  const { term, setTerm, offered } = useLinkSearch(itemId, projectId, links);
  const [pending, setPending] = useState<number>();
  const search = useRef<HTMLInputElement>(null);
  if (!links || (!canModerate && links.length === 0)) return null;

  async function change(id: number, run: () => Promise<unknown>, done: string, clear = false) {
    setPending(id);
    try {
      await run();
      snack(done, "success");
      if (clear) setTerm("");
      await reload();
      search.current?.focus();
    } catch (error) {
      reportFailure(error, t("common.error"));
    } finally {
      setPending(undefined);
    }
  }
  const unlink = (link: Relation) => change(link.relationId, () => call(server["relations-data"].remove.get({ query: { id: link.relationId } })), t("data.linkRemoved"));
  const link = (hit: SearchHit) => change(hit.id, () => call(server["relations-data"].add.get({ query: { idNode: itemId, id: hit.id } })), t("data.linkAdded"), true);

  return (
    <section className="dl-links" data-d-links aria-labelledby="dl-links-title">
      <h3 id="dl-links-title">{t("data.links")}</h3>
      <ul className="dl-links__list" data-links-list>
        {links.map((l) => (
          <li key={l.relationId} className={l.isActive ? undefined : "is-inactive"}>
            <a href={dataItemPath(projectId, l.dataType, l.id)}>{l.name}</a>
            {canModerate && (
              <button type="button" className="dl-icon" aria-label={tf("data.linkRemove", { name: l.name })} title={tf("data.linkRemove", { name: l.name })} disabled={pending === l.relationId} onClick={() => void unlink(l)}>
                ×
              </button>
            )}
          </li>
        ))}
      </ul>
      <p className="dl-muted" data-links-empty hidden={links.length > 0}>
        {t("data.linksEmpty")}
      </p>
      {canModerate && (
        <div className="field dl-links__add">
          <label htmlFor="dl-link-search">{t("data.linkSearch")}</label>
          <input id="dl-link-search" type="search" autoComplete="off" maxLength={255} aria-controls="dl-link-results" ref={search} value={term} onChange={(event) => setTerm(event.target.value)} />
          <ul className="dl-links__results" id="dl-link-results" aria-label={t("data.linkResults")}>
            {offered?.map((hit) => (
              <li key={hit.id}>
                <button type="button" aria-label={tf("data.linkAdd", { name: hit.name })} disabled={pending === hit.id} onClick={() => void link(hit)}>
                  {`${hit.name} · ${t(`dataType.${hit.dataType}`)}`}
                </button>
              </li>
            ))}
            {offered?.length === 0 && <li className="dl-muted">{t("data.noResults")}</li>}
          </ul>
        </div>
      )}
    </section>
  );
}
