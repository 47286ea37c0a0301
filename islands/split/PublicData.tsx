import { useCallback, useMemo, useState } from "react";
import type { Locale } from "../../src/lib/i18n";
import type { PresentedPublicData } from "../../src/modules/public-data/presenter";
import { matcherFor } from "../../src/lib/text-fold";
import { TYPE_ICONS } from "../lib/type-icons";
import { Icon } from "../lib/ui/Icon";
import { Localized, useT } from "../lib/ui/i18n";
import { HighlightedText } from "./HighlightedText";
import { PublicChart } from "./PublicChart";
import { PublicTable, type RowMatch, rowText } from "./PublicTable";
import { PublicTools } from "./PublicTools";

interface PublicDataProps {
  item: PresentedPublicData;
  /** The page's own path, which the table's pages link to with ?page=. */
  path: string;
}

/** The item's content by type: a table's page, a document's or report's text, a chart, or a note. */
function PublicContent({ item, path, term, shows, textHits }: PublicDataProps & { term: string; shows: RowMatch; textHits(hits: number): void }) {
  const { t } = useT();
  const html = item.report ?? item.document?.html ?? null;
  return (
    <main className="pub__content">
      {item.table && <PublicTable table={item.table} path={path} shows={shows} />}
      {item.dataType === "DOC" && !item.document && <p className="docv-message">{t("viewer.public.noVersion")}</p>}
      {item.document && item.document.html === null && (
        <p className="docv-message">
          {item.document.name} ({item.document.fileName})
        </p>
      )}
      {html !== null && <HighlightedText html={html} term={term} found={textHits} />}
      {item.dataType === "CALC" && <p className="docv-message">{t("viewer.public.calc")}</p>}
      {item.chart && <PublicChart chart={item.chart} name={item.name} />}
      {!item.table && item.dataType !== "DOC" && item.report === null && item.dataType !== "CALC" && !item.chart && <p className="docv-message">{t("viewer.public.empty")}</p>}
    </main>
  );
}

function PublicPage({ item, path }: PublicDataProps) {
  const { t, tf } = useT();
  const [term, setTerm] = useState("");
  const [textHits, setTextHits] = useState(0);
  const [infoOpen, setInfoOpen] = useState(false);
  const search = useCallback((words: string) => setTerm(words), []);
  const shows = useMemo<RowMatch>(() => {
    const matches = matcherFor(term);
    return (text) => !term || matches(text).length > 0;
  }, [term]);
  const hits = item.table ? item.table.rows.filter((row) => shows(rowText(row))).length : textHits;
  const count = !term ? "" : hits ? tf("viewer.public.hits", { n: hits }) : t("viewer.public.noHits");
  return (
    <div className="pub">
      <header className="pub__head">
        <span className="pub__icon">
          <Icon path={TYPE_ICONS[item.dataType]} />
        </span>
        <h1 className="pub__name">{item.name}</h1>
        <PublicTools count={count} search={search} info={item.description ? { open: infoOpen, toggle: () => setInfoOpen(!infoOpen) } : undefined} />
      </header>
      {item.description && (
        <section id="pub-description" className="pub__info" aria-label={t("viewer.public.info")} hidden={!infoOpen}>
          <p>{item.description}</p>
        </section>
      )}
      <PublicContent item={item} path={path} term={term} shows={shows} textHits={setTextHits} />
    </div>
  );
}

/** /public-data/{id} (spec 2, "Public data page"): the item as anyone may read it, with search, share and info. */
export default function PublicData({ locale, ...props }: PublicDataProps & { locale: Locale }) {
  return (
    <Localized locale={locale}>
      <PublicPage {...props} />
    </Localized>
  );
}
