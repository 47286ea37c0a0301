import { mdiClose, mdiMagnify } from "@mdi/js";
import { useSignals } from "@preact/signals-react/runtime";
import { useState } from "react";
import { Icon } from "../../lib/ui/Icon";
import { useT } from "../../lib/ui/i18n";
import type { PublicMapStore } from "./store";

/** Spec 3, "Public map frame": the search bottom sheet. Enter runs the search; a hit brings its object into view; Escape closes it. */
export function SearchSheet({ store }: { store: PublicMapStore }) {
  useSignals();
  const { t } = useT();
  const [text, setText] = useState("");
  if (!store.sheetOpen.value) return null;
  const hits = store.hits.value;
  return (
    <section
      id="pmap-search"
      className="pmap__sheet"
      aria-label={t("viewer.public.map.search")}
      onKeyDown={(event) => {
        if (event.key === "Escape") store.sheetOpen.value = false;
      }}
    >
      <form
        className="pmap__search"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          void store.search(text);
        }}
      >
        <label className="visually-hidden" htmlFor="pmap-search-text">
          {t("map.searchByName")}
        </label>
        <input id="pmap-search-text" type="search" autoComplete="off" maxLength={255} autoFocus value={text} placeholder={t("map.searchByName")} onChange={(event) => setText(event.target.value)} />
        <button type="submit" className="docv-icon" title={t("map.searchRun")}>
          <Icon path={mdiMagnify} />
          <span className="visually-hidden">{t("map.searchRun")}</span>
        </button>
        <button type="button" className="docv-icon" title={t("viewer.public.map.closeSearch")} onClick={() => (store.sheetOpen.value = false)}>
          <Icon path={mdiClose} />
          <span className="visually-hidden">{t("viewer.public.map.closeSearch")}</span>
        </button>
      </form>
      {hits?.length === 0 && <p role="status">{t("map.searchEmpty")}</p>}
      {hits && hits.length > 0 && (
        <ul className="pmap__hits" aria-label={t("map.searchResults")}>
          {hits.map((hit) => (
            <li key={hit.id}>
              <button type="button" onClick={() => store.focus(hit)}>
                {hit.name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
