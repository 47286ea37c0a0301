import { mdiChevronDown, mdiChevronUp, mdiMagnifyMinusOutline, mdiMagnifyPlusOutline } from "@mdi/js";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { Icon } from "../lib/ui/Icon";
import { readNumber, NumberField } from "../lib/ui/NumberField";
import { useT } from "../lib/ui/i18n";
import { type PdfPages, type PdfViewState, SCALE_LIMITS } from "./pdf-pages";

/** Two arrows apart: fit the page to the width (drawn for this viewer; @mdi/js has none like it). */
const FIT_WIDTH = "M2,12L6,8V11H18V8L22,12L18,16V13H6V16L2,12Z";

function ToolButton({ label, path, onClick, disabled, pressed }: { label: string; path: string; onClick: () => void; disabled?: boolean; pressed?: boolean }) {
  return (
    <button type="button" className="docv-icon pdfv__icon" title={label} aria-label={label} onClick={onClick} disabled={disabled} aria-pressed={pressed}>
      <Icon path={path} />
    </button>
  );
}

/** Search in the PDF: typing searches 250 ms after the last key; Enter steps through the hits (Shift+Enter back). */
function PdfSearch({ pages, hits }: { pages: PdfPages; hits: PdfViewState["hits"] }) {
  const { t, tf } = useT();
  const [term, setTerm] = useState("");
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const type = (value: string) => {
    setTerm(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void pages.search(value), 250);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    clearTimeout(timer.current);
    if (pages.searched(term)) pages.step(event.shiftKey ? -1 : 1);
    else void pages.search(term);
  };
  const count = hits === null ? "" : hits === "searching" ? t("docs.pdf.searching") : hits.total ? tf("docs.pdf.hits", { n: hits.current, m: hits.total }) : t("docs.pdf.noHits");
  return (
    <div className="pdfv__search" role="search">
      <label className="visually-hidden" htmlFor="pdfv-search">
        {t("docs.pdf.search")}
      </label>
      <input className="pdfv__search-input" type="search" id="pdfv-search" autoComplete="off" placeholder={t("docs.pdf.search")} value={term} onChange={(event) => type(event.target.value)} onKeyDown={onKeyDown} />
      <output className="pdfv__count" aria-live="polite">
        {count}
      </output>
      <ToolButton label={t("docs.pdf.searchPrev")} path={mdiChevronUp} onClick={() => pages.step(-1)} />
      <ToolButton label={t("docs.pdf.searchNext")} path={mdiChevronDown} onClick={() => pages.step(1)} />
    </div>
  );
}

/** Page n / N: the page in view, or what is being typed; a refused number stays as typed beside its reason. */
function PageBox({ pages, page, count }: { pages: PdfPages; page: number; count: number }) {
  const { t, tf, locale } = useT();
  const [typed, setTyped] = useState<string | null>(null);
  const [checked, setChecked] = useState(false);
  const rules = { whole: true, min: 1, max: count, required: true };
  const goToTyped = () => {
    if (typed === null) return;
    const read = readNumber(typed, locale, rules);
    if ("problem" in read || read.value === null) return setChecked(true);
    setTyped(null);
    setChecked(false);
    pages.goTo(read.value);
  };
  return (
    <div className="pdfv__pageno" onBlur={goToTyped} onKeyDown={(event) => event.key === "Enter" && (event.preventDefault(), goToTyped())}>
      <NumberField id="pdfv-page" label={t("docs.pdf.goTo")} value={typed ?? String(page)} onChange={setTyped} checked={checked} {...rules} />
      <span aria-hidden="true">{` / ${count}`}</span>
      <output className="visually-hidden" data-page-status>
        {tf("docs.pdf.pageOf", { n: page, m: count })}
      </output>
    </div>
  );
}

/** The PDF viewer's toolbar: search, page n / N with go-to-page, zoom and fit to width. */
export function PdfToolbar({ pages, state, count }: { pages: PdfPages; state: PdfViewState; count: number }) {
  const { t } = useT();
  return (
    <div className="pdfv__bar" role="toolbar" aria-label={t("docs.pdf.toolbar")}>
      <PdfSearch pages={pages} hits={state.hits} />
      <PageBox pages={pages} page={state.page} count={count} />
      <div className="pdfv__zoom" role="group" aria-label={t("docs.pdf.scale")}>
        <ToolButton label={t("docs.pdf.zoomOut")} path={mdiMagnifyMinusOutline} onClick={() => pages.zoom(-1)} disabled={state.scale <= SCALE_LIMITS.min} />
        <output className="pdfv__scale" id="pdf-scale" aria-live="polite">{`${Math.round(state.scale * 100)}%`}</output>
        <ToolButton label={t("docs.pdf.zoomIn")} path={mdiMagnifyPlusOutline} onClick={() => pages.zoom(1)} disabled={state.scale >= SCALE_LIMITS.max} />
        <ToolButton label={t("docs.pdf.fitWidth")} path={FIT_WIDTH} onClick={() => pages.fit()} pressed={state.fitted} />
      </div>
    </div>
  );
}
