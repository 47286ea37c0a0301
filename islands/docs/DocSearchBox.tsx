import { mdiChevronDown, mdiChevronUp, mdiMagnify } from "@mdi/js";
import { Icon } from "../lib/ui/Icon";
import { useT } from "../lib/ui/i18n";
import { useTextSearch } from "./useTextSearch";

/**
 * The viewer bar's search in a Word document's text: every hit highlighted, "n of m", the buttons, Enter
 * and Shift+Enter move between hits. Hidden while no searchable text is shown (`article` null).
 */
export function DocSearchBox({ article }: { article: HTMLElement | null }) {
  const { t, tf } = useT();
  const { term, setTerm, found, step, onKeyDown } = useTextSearch(article);
  const count = !found.term.trim() ? "" : found.hits.length ? tf("docs.view.hits", { n: found.index + 1, m: found.hits.length }) : t("docs.view.noHits");
  return (
    <div className="viewer__search" id="doc-search" role="search" hidden={!article}>
      <label htmlFor="doc-search-input" className="visually-hidden">
        {t("docs.view.search")}
      </label>
      <Icon path={mdiMagnify} />
      <input id="doc-search-input" type="search" placeholder={t("docs.view.search")} autoComplete="off" value={term} onChange={(event) => setTerm(event.target.value)} onKeyDown={onKeyDown} />
      <output data-search-count aria-live="polite">
        {count}
      </output>
      <button type="button" className="docv-icon" data-search-prev title={t("docs.view.searchPrev")} onClick={() => step(-1)}>
        <Icon path={mdiChevronUp} />
        <span className="visually-hidden">{t("docs.view.searchPrev")}</span>
      </button>
      <button type="button" className="docv-icon" data-search-next title={t("docs.view.searchNext")} onClick={() => step(1)}>
        <Icon path={mdiChevronDown} />
        <span className="visually-hidden">{t("docs.view.searchNext")}</span>
      </button>
    </div>
  );
}
