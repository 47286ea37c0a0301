import { useSignals } from "@preact/signals-react/runtime";
import { useT } from "../../lib/ui/i18n";
import type { MapStore } from "../store";

/** A search's answer in its lists (spec 3): the points layers' objects, then places and addresses; a ZWS list will sit between them. */
export function SearchResults({ store }: { store: MapStore }) {
  useSignals();
  const { t } = useT();
  const answer = store.search.answer.value;
  if (!answer) return null;
  if (answer.swapped) return <p className="map__note" role="status">{t("map.search.swapped")}</p>;
  const { objects, places } = answer;
  if (!objects.length && !places.length) return <p className="map__note" role="status">{t("map.searchEmpty")}</p>;
  return (
    <>
      {objects.length > 0 && (
        <section className="map__result-group">
          <h3 id="map-found-objects">{t("map.searchResults")}</h3>
          <ul className="map__results" aria-labelledby="map-found-objects">
            {objects.map((object) => (
              <li key={object.id}>
                <button type="button" onClick={() => store.focusObject(object)}>
                  <span>{object.name}</span>
                  <span className="map__menu-template">{store.layerName(object.layer.id)}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      {places.length > 0 && (
        <section className="map__result-group">
          <h3 id="map-found-places">{t("map.search.places")}</h3>
          <ul className="map__results" aria-labelledby="map-found-places">
            {places.map((place, at) => (
              <li key={place.id ?? `address-${at}`}>
                <button type="button" onClick={() => store.search.showPlace(place)}>
                  <span>{place.name}</span>
                  {place.detail && <span className="map__menu-template">{place.detail}</span>}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
