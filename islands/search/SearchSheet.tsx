/**
 * The search bottom sheet (spec 1, "Global search dialog"): a query box, by name or by content, the
 * name hits in their groups, the content hits as an endless list of cards with the matches marked.
 * Made on the first open, then kept with what was typed; a new query aborts the one in flight.
 */
import { useEffect, useRef, useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { SEARCH_LIMITS } from "../../src/modules/search/limits";
import { useT } from "../lib/ui/i18n";
import { HitCards, useContentHits } from "./content-hits";
import { moveFocus } from "./keys";
import { NameGroups, useNameHits } from "./name-hits";
import { openRequests } from "./store";

type Mode = "name" | "content";

/** How long typing must pause before the search starts. */
const DEBOUNCE_MS = 250;

export function SearchSheet() {
  useSignals();
  const { t } = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const hitLinks = useRef<HTMLAnchorElement[]>([]);
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  const [text, setText] = useState("");
  const [query, setQuery] = useState("");
  const [mode, setMode] = useState<Mode>("name");
  const [open, setOpen] = useState(false);
  /** Counts the opens: a reopened sheet starts its content list again from the first page. */
  const [round, setRound] = useState(0);
  const names = useNameHits(query, open && mode === "name");
  const content = useContentHits(query, open && mode === "content", round, scroller);
  const request = openRequests.value;

  useEffect(() => {
    const box = dialog.current!;
    if (box.open) return input.current?.focus();
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    box.showModal();
    input.current?.focus();
    input.current?.select();
    setOpen(true);
    setRound((n) => n + 1);
  }, [request]);

  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const choose = (value: Mode) => {
    setMode(value);
    setQuery(text.trim());
    input.current?.focus();
  };
  const linkRef = (index: number) => (el: HTMLAnchorElement | null) => {
    if (el) hitLinks.current[index] = el;
  };
  const shown = mode === "name" ? names : content;
  hitLinks.current.length = mode === "name" ? names.count : content.hits.length;

  return (
    // A click on the backdrop (the dialog box itself, outside its content) closes the sheet.
    <dialog
      ref={dialog}
      className="search-sheet"
      aria-labelledby="search-sheet-title"
      aria-busy={shown.busy || undefined}
      onKeyDown={(event) => moveFocus(event, input.current!, hitLinks.current)}
      onClick={(event) => event.target === dialog.current && dialog.current.close()}
      onClose={() => {
        setOpen(false);
        opener.current?.focus();
      }}
    >
      <div className="search-sheet__head">
        <h2 className="search-sheet__title" id="search-sheet-title">
          {t("search.title")}
        </h2>
        <button type="button" className="search-sheet__close" aria-label={t("common.close")} onClick={() => dialog.current?.close()}>
          ×
        </button>
      </div>
      <div className="search-sheet__form" role="search">
        <label className="visually-hidden" htmlFor="search-sheet-query">
          {t("search.query")}
        </label>
        <input
          ref={input}
          id="search-sheet-query"
          type="search"
          autoComplete="off"
          maxLength={SEARCH_LIMITS.query}
          placeholder={t(mode === "name" ? "search.placeholder" : "search.contentPlaceholder")}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <fieldset className="search-sheet__modes">
          <legend className="visually-hidden">{t("search.mode")}</legend>
          {(["name", "content"] as const).map((value) => (
            <label key={value} className="search-sheet__mode">
              <input type="radio" name="search-mode" value={value} checked={mode === value} onChange={() => choose(value)} />
              {t(value === "name" ? "search.byName" : "search.byContent")}
            </label>
          ))}
        </fieldset>
      </div>
      <p className="search-sheet__status" role="status">
        {shown.status}
      </p>
      <div className="search-sheet__results" ref={setScroller}>
        {mode === "name" ? <NameGroups groups={names.groups} linkRef={linkRef} /> : <HitCards query={query} hits={content.hits} busy={content.busy} sentinel={content.sentinel} linkRef={linkRef} />}
      </div>
    </dialog>
  );
}
