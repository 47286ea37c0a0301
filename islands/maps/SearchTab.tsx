import { useSignals } from "@preact/signals-react/runtime";
import { mdiClose, mdiMagnify } from "@mdi/js";
import { useState } from "react";
import { Icon } from "../lib/ui/Icon";
import { useT } from "../lib/ui/i18n";
import type { MapStore } from "./store";

/** The search tab (spec 3, "Map search panel"): Enter finds the map's objects by name, clear empties the results; a result opens on the map. */
export function SearchTab({ store }: { store: MapStore }) {
  useSignals();
  const { t } = useT();
  const [text, setText] = useState("");
  if (!store.layers.value.some((config) => config.layer.type === "LAYER_POI")) return <p className="map__note">{t("map.searchNone")}</p>;
  const found = store.found.value;
  return (
    <div className="map__search">
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          void store.search(text);
        }}
      >
        <label htmlFor="map-search">{t("map.searchLabel")}</label>
        <div className="map__search-row">
          <input id="map-search" type="search" value={text} onChange={(event) => setText(event.target.value)} />
          <button type="submit" className="map__icon-button" aria-label={t("map.searchRun")} title={t("map.searchRun")}>
            <Icon path={mdiMagnify} />
          </button>
          <button
            type="button"
            className="map__icon-button"
            aria-label={t("map.searchClear")}
            title={t("map.searchClear")}
            onClick={() => {
              setText("");
              void store.search("");
            }}
          >
            <Icon path={mdiClose} />
          </button>
        </div>
      </form>
      {found && found.length === 0 && <p className="map__note">{t("map.searchEmpty")}</p>}
      {found && found.length > 0 && (
        <ul className="map__results" aria-label={t("map.searchResults")}>
          {found.map((object) => (
            <li key={object.id}>
              <button type="button" onClick={() => store.focusObject(object)}>
                <span>{object.name}</span>
                <span className="map__menu-template">{store.layerName(object.layer.id)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
