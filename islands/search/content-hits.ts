import type { Wire } from "../../src/lib/responses";
import type { PresentedFullTextPage } from "../../src/modules/search/presenter";
import { dataItemPath } from "../../src/lib/data-paths";
import { mdiBookOpenPageVariantOutline, mdiCheckboxMarkedOutline, mdiMessageTextOutline } from "@mdi/js";
import { TYPE_ICONS } from "../lib/type-icons";
import { FULLTEXT_LIMITS } from "../../src/modules/search/limits";
import { api } from "../lib/api";
import { element, icon } from "../lib/dom";
import { errorText, reportFailure } from "../lib/failures";
import { t, tf } from "../lib/i18n";
import { scrollPager } from "../lib/scroll-pager";
import { highlighted } from "./highlight";

type TextPage = Wire<PresentedFullTextPage>;
type TextHit = TextPage["content"][number];

/** Each kind of hit's icon, shown with its name (search.type.*) on the card. */
const HIT_ICONS: Record<TextHit["type"], string> = {
  DOC: TYPE_ICONS.DOC,
  ARTICLE: mdiBookOpenPageVariantOutline,
  ISSUE: mdiCheckboxMarkedOutline,
  CHAT: mdiMessageTextOutline,
};

/** Where a hit leads (spec 1, section 2): a document's page, a task in its project, a wiki article, a chat message's chat. */
function hitPath(hit: TextHit) {
  if (hit.type === "CHAT") return `/chats?chat=${hit.id}`;
  if (hit.type === "ARTICLE" || !hit.project) return `/wiki/${hit.id}`;
  if (hit.type === "ISSUE") return `/project/${hit.project.id}/issue/${hit.id}`;
  return dataItemPath(hit.project.id, "DOC", hit.id);
}

/** A hit's card: its kind, the name with its version, the project, and the snippet with the matched forms marked. */
function card(hit: TextHit) {
  const link = element("a", "search-sheet__hit search-sheet__card");
  link.href = hitPath(hit);
  link.dataset.result = "";
  const title = hit.version ? tf("search.version", { name: hit.name, version: hit.version.name }) : hit.name;
  const kind = element("small", "search-sheet__kind");
  const mark = icon(HIT_ICONS[hit.type]);
  mark.setAttribute("width", "14");
  mark.setAttribute("height", "14");
  kind.append(mark, element("span", undefined, t(`search.type.${hit.type}`)));
  link.append(kind, element("strong", "search-sheet__name", title));
  if (hit.project) link.append(element("small", "search-sheet__project", hit.project.name));
  const snippet = element("span", "search-sheet__snippet");
  snippet.append(...highlighted(hit.snippet));
  link.append(snippet);
  const item = element("li");
  item.append(link);
  return item;
}

/**
 * The by-content results (spec 1, "Global search dialog"): full-text-search/find with each word of the
 * query as its own q, page after page (from 0) as the end of the list nears, while pages bring hits.
 * A new search aborts the page in flight. `say` sets the sheet's status line.
 */
export function contentHits(say: (text: string) => void) {
  const cards = element("ul", "search-sheet__cards");
  const more = element("p", "search-sheet__more", t("search.more"));
  const sentinel = element("div");
  more.hidden = true;
  let query = "";
  let page = 0;
  let total = 0;
  let active = false;
  const pager = scrollPager<TextPage>({
    sentinel,
    loading: more,
    margin: 200,
    isFull: () => !query || cards.childElementCount >= total,
    clear: () => cards.replaceChildren(),
    fetchPage: (signal) => {
      if (!query) return Promise.resolve({ content: [], totalElements: 0 });
      const params = new URLSearchParams(query.split(/\s+/).map((word) => ["q", word]));
      params.set("page", String(page++));
      return api<TextPage>(`full-text-search/find?${params}`, { signal });
    },
    accept: (answer) => {
      total = answer.totalElements;
      cards.append(...answer.content.map(card));
      return answer.content.length;
    },
    onFailure: (error) => {
      if (active) say(errorText(error));
      reportFailure(error);
    },
    onChange: () => {
      if (!active) return;
      if (!query) say(t("search.contentHint"));
      else if (cards.childElementCount) say(total >= FULLTEXT_LIMITS.ranked ? tf("search.capped", { count: FULLTEXT_LIMITS.ranked }) : "");
      else say(pager.busy ? t("search.searching") : t("search.nothing"));
    },
  });
  return {
    nodes: [cards, more, sentinel],
    /** Starts over for `text` (blank shows the hint), aborting the page in flight. */
    search(text: string) {
      active = true;
      query = text;
      page = 0;
      total = 0;
      void pager.load(true);
    },
    /** Leaves the mode: the page in flight is aborted and nothing more is asked for. */
    stop() {
      if (!active) return;
      active = false;
      query = "";
      void pager.load(true);
    },
  };
}
