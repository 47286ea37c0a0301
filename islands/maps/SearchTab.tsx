import { useSignals } from "@preact/signals-react/runtime";
import { mdiClose, mdiMagnify, mdiTune } from "@mdi/js";
import { useState } from "react";
import { Icon } from "../lib/ui/Icon";
import { useT } from "../lib/ui/i18n";
import { SearchFilterForm } from "./search/SearchFilterForm";
import { SearchResults } from "./search/SearchResults";
import type { MapStore } from "./store";

/**
 * The search tab (spec 3, "Map search panel"): Enter runs the search (objects by name or id, places and addresses,
 * coordinates, a share link), the tune button opens the filter, clear empties the text and the results.
 */
export function SearchTab({ store }: { store: MapStore }) {
  useSignals();
  const { t } = useT();
  const [text, setText] = useState("");
  const [tuning, setTuning] = useState(false);
  const search = store.search;
  return (
    <div className="map__search">
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          void search.run(text);
        }}
      >
        <label htmlFor="map-search">{t("map.searchLabel")}</label>
        <div className="map__search-row">
          <input id="map-search" type="search" value={text} maxLength={200} aria-describedby="map-search-hint" onChange={(event) => setText(event.target.value)} />
          <button type="submit" className="map__icon-button" aria-label={t("map.searchRun")} title={t("map.searchRun")} disabled={search.busy.value}>
            <Icon path={mdiMagnify} />
          </button>
          <button
            type="button"
            className="map__icon-button"
            aria-label={t("map.search.filter")}
            title={t("map.search.filter")}
            aria-expanded={tuning}
            aria-controls="map-search-filter"
            onClick={() => setTuning(!tuning)}
          >
            <Icon path={mdiTune} />
          </button>
          <button
            type="button"
            className="map__icon-button"
            aria-label={t("map.searchClear")}
            title={t("map.searchClear")}
            onClick={() => {
              setText("");
              search.clear();
            }}
          >
            <Icon path={mdiClose} />
          </button>
        </div>
        <small id="map-search-hint" className="map__note">
          {t("map.search.hint")}
        </small>
      </form>
      {tuning && <SearchFilterForm store={store} />}
      <SearchResults store={store} />
    </div>
  );
}
