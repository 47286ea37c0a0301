import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { mdiBookOpenPageVariantOutline, mdiCheckboxMarkedOutline, mdiMessageTextOutline } from "@mdi/js";
import { withFindHash } from "../lib/find-on-open";
import { dataItemPath } from "../../src/lib/data-paths";
import { FULLTEXT_LIMITS } from "../../src/modules/search/limits";
import { errorText, reportFailure } from "../lib/failures";
import { call, server } from "../lib/server";
import { TYPE_ICONS } from "../lib/type-icons";
import { useT } from "../lib/ui/i18n";
import { Icon } from "../lib/ui/Icon";
import { Highlighted } from "./highlight";

type TextHit = Awaited<ReturnType<typeof findPage>>["content"][number];

const findPage = (query: string, page: number, signal: AbortSignal) =>
  call(server["full-text-search"].find.get({ query: { q: query.split(/\s+/), page }, fetch: { signal } }));

/** Each kind of hit's icon, shown with its name (search.type.*) on the card. */
const HIT_ICONS: Record<TextHit["type"], string> = {
  DOC: TYPE_ICONS.DOC,
  REPORT: TYPE_ICONS.REPORT,
  TABLE: TYPE_ICONS.TABLE,
  ARTICLE: mdiBookOpenPageVariantOutline,
  ISSUE: mdiCheckboxMarkedOutline,
  CHAT: mdiMessageTextOutline,
};

/** Where a hit leads (spec 1, section 2): a data item's page, a task in its project, a wiki article, a chat message's chat. */
function hitPath(hit: TextHit) {
  if (hit.type === "CHAT") return `/chats?chat=${hit.id}`;
  if (hit.type === "ARTICLE" || !hit.project) return `/wiki/${hit.id}`;
  if (hit.type === "ISSUE") return `/project/${hit.project.id}/issue/${hit.id}`;
  return dataItemPath(hit.project.id, hit.type, hit.id);
}

/** How far below the list's visible end the next page is asked for. */
const MARGIN_PX = 200;

/**
 * The by-content results (spec 1, "Global search dialog"): full-text-search/find with each word of the
 * query as its own q, page after page (from 0) as the end of the list nears, while pages bring hits.
 * A new query (or `round`, a reopened sheet) starts over and aborts the page in flight; so does leaving.
 */
export function useContentHits(query: string, active: boolean, round: number, scroller: HTMLElement | null) {
  const { t, tf } = useT();
  const [hits, setHits] = useState<TextHit[]>([]);
  const [total, setTotal] = useState(0);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [nearEnd, setNearEnd] = useState(false);
  const paging = useRef({ page: 0, exhausted: true, controller: null as AbortController | null });
  const sentinel = useRef<HTMLDivElement>(null);

  const loadNext = useCallback(() => {
    const state = paging.current;
    if (state.controller || state.exhausted) return;
    const controller = (state.controller = new AbortController());
    setBusy(true);
    findPage(query, state.page++, controller.signal)
      .then(
        (answer) => {
          setTotal(answer.totalElements);
          setHits((shown) => [...shown, ...answer.content]);
          if (!answer.content.length) state.exhausted = true;
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          state.exhausted = true;
          setFailure(errorText(error));
          reportFailure(error);
        },
      )
      .finally(() => {
        if (state.controller !== controller) return;
        state.controller = null;
        setBusy(false);
      });
  }, [query]);

  useEffect(() => {
    paging.current = { page: 0, exhausted: !active || !query, controller: null };
    setHits([]);
    setTotal(0);
    setFailure(null);
    setBusy(false);
    loadNext();
    return () => paging.current.controller?.abort();
  }, [query, active, round, loadNext]);

  useEffect(() => {
    if (!scroller || !sentinel.current) return;
    const observer = new IntersectionObserver(([entry]) => setNearEnd(!!entry?.isIntersecting), { root: scroller, rootMargin: `0px 0px ${MARGIN_PX}px 0px` });
    observer.observe(sentinel.current);
    return () => observer.disconnect();
  }, [scroller, active]);

  // The next page once the end is near and the last one is in, while the server has more.
  useEffect(() => {
    if (nearEnd && !busy && hits.length < total) loadNext();
  }, [nearEnd, busy, hits.length, total, loadNext]);

  const status = !query
    ? t("search.contentHint")
    : hits.length
      ? total >= FULLTEXT_LIMITS.ranked
        ? tf("search.capped", { count: FULLTEXT_LIMITS.ranked })
        : ""
      : busy
        ? t("search.searching")
        : (failure ?? t("search.nothing"));
  return { hits, busy, status, sentinel };
}

/** The content hits' cards: the kind, the name with its version, the project, the snippet with the matched forms marked. */
export function HitCards({ query, hits, busy, sentinel, linkRef }: { query: string; hits: TextHit[]; busy: boolean; sentinel: RefObject<HTMLDivElement | null>; linkRef: (index: number) => (el: HTMLAnchorElement | null) => void }) {
  const { t, tf } = useT();
  return (
    <>
      <ul className="search-sheet__cards">
        {hits.map((hit, index) => (
          <li key={`${hit.type}-${hit.id}-${index}`}>
            <a className="search-sheet__hit search-sheet__card" href={hit.type === "CHAT" ? hitPath(hit) : withFindHash(hitPath(hit), query)} data-result="" ref={linkRef(index)}>
              <small className="search-sheet__kind">
                <Icon path={HIT_ICONS[hit.type]} />
                <span>{t(`search.type.${hit.type}`)}</span>
              </small>
              <strong className="search-sheet__name">{hit.version ? tf("search.version", { name: hit.name, version: hit.version.name }) : hit.name}</strong>
              {hit.project && <small className="search-sheet__project">{hit.project.name}</small>}
              <span className="search-sheet__snippet">
                <Highlighted snippet={hit.snippet} />
              </span>
            </a>
          </li>
        ))}
      </ul>
      <p className="search-sheet__more" hidden={!busy}>
        {t("search.more")}
      </p>
      <div ref={sentinel} />
    </>
  );
}
