import { useSignals } from "@preact/signals-react/runtime";
import { useRef } from "react";
import { arrowTabs } from "../data/arrow-tabs";
import { useT } from "../lib/ui/i18n";
import { LayersTab } from "./LayersTab";
import { SearchTab } from "./SearchTab";
import type { MapData, MapStore, MapTab } from "./store";

// The data page's side panel carries the map's comments: a tab of its own here showed them twice.
const TABS: MapTab[] = ["search", "layers"];

/** The map's side panel (spec 3, "Map view"): tabs search and layers (comments are the page's), the arrow keys moving between them. */
export function MapPanel({ store, map, canSave }: { store: MapStore; map: MapData; canSave: boolean }) {
  useSignals();
  const { t } = useT();
  const buttons = useRef(new Map<MapTab, HTMLButtonElement>());
  const current = store.tab.value;
  const choose = (tab: MapTab) => {
    store.tab.value = tab;
    buttons.current.get(tab)?.focus();
  };
  return (
    <section className="map__panel" aria-label={t("map.panel")}>
      <div className="map__tabs" role="tablist" onKeyDown={(event) => arrowTabs(event, TABS, current, choose)}>
        {TABS.map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            id={`map-tab-${tab}`}
            aria-controls={`map-panel-${tab}`}
            aria-selected={current === tab}
            tabIndex={current === tab ? 0 : -1}
            ref={(button) => void (button && buttons.current.set(tab, button))}
            onClick={() => (store.tab.value = tab)}
          >
            {t(`map.tab.${tab}`)}
          </button>
        ))}
      </div>
      <div className="map__tabpanel" role="tabpanel" id={`map-panel-${current}`} aria-labelledby={`map-tab-${current}`}>
        {current === "search" && <SearchTab store={store} />}
        {current === "layers" && <LayersTab store={store} map={map} canSave={canSave} />}
      </div>
    </section>
  );
}
