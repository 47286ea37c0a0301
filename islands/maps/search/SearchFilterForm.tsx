import { useSignals } from "@preact/signals-react/runtime";
import { useT } from "../../lib/ui/i18n";
import type { MapStore } from "../store";
import type { SearchFilter } from "./search-store";

/** The search filter (spec 3, "Search filter"): layer, type (the points layers' templates), only by id, only by address, exact match. */
export function SearchFilterForm({ store }: { store: MapStore }) {
  useSignals();
  const { t } = useT();
  const { filter } = store.search;
  const current = filter.value;
  const change = (next: Partial<SearchFilter>) => (filter.value = { ...current, ...next });
  const check = (key: "onlyById" | "onlyByAddress" | "exactMatch") => (
    <label className="map__search-check">
      <input type="checkbox" checked={current[key]} onChange={(event) => change({ [key]: event.target.checked })} />
      {t(`map.search.${key}`)}
    </label>
  );
  return (
    <fieldset id="map-search-filter" className="map__search-filter">
      <legend>{t("map.search.filter")}</legend>
      <label>
        {t("map.search.layer")}
        <select value={current.layerId} onChange={(event) => change({ layerId: Number(event.target.value) })}>
          <option value={0}>{t("map.search.anyLayer")}</option>
          {store.search.poiLayers().map((config) => (
            <option key={config.layer.id} value={config.layer.id}>
              {config.layer.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t("map.search.type")}
        <select value={current.templateId} onChange={(event) => change({ templateId: Number(event.target.value) })}>
          <option value={0}>{t("map.search.anyType")}</option>
          {[...store.templates.value].map(([id, name]) => (
            <option key={id} value={id}>
              {name}
            </option>
          ))}
        </select>
      </label>
      {check("onlyById")}
      {check("onlyByAddress")}
      {check("exactMatch")}
    </fieldset>
  );
}
