import { signal } from "@preact/signals-react";
import { parseCoordinates } from "../../../src/modules/places/coordinates";
import { errorText } from "../../lib/failures";
import { t } from "../../lib/i18n";
import { call, server } from "../../lib/server";
import { snack } from "../../lib/snackbar";
import type { LayerConfig } from "../store";

const findObjects = (layerIds: number[], name: string, exactMatch: boolean) =>
  call(server["layer-poi"]["find-by-name"].get({ query: { layerIds: layerIds.join(","), name, exactMatch } }));
const findObject = (id: number) => call(server["layer-poi"]["find-by-id"].get({ query: { id } }));
const findPlaces = (q: string, exact: boolean, bbox: string) => call(server.places.search.get({ query: { q, exact, bbox } }));

export type FoundObject = Awaited<ReturnType<typeof findObjects>>["content"][number];
export type FoundPlace = Awaited<ReturnType<typeof findPlaces>>["content"][number];

/** Spec 3, "Search filter": where to look and how; selectedMode is a ZWS object mode, kept for the ZWS layers of a later issue. */
export interface SearchFilter {
  /** A points layer's id, or 0 for every points layer of the map. */
  layerId: number;
  /** A template's id within the layer, or 0 for all. */
  templateId: number;
  onlyById: boolean;
  onlyByAddress: boolean;
  exactMatch: boolean;
}

const NO_FILTER: SearchFilter = { layerId: 0, templateId: 0, onlyById: false, onlyByAddress: false, exactMatch: false };

/** One search's answer, in the panel's lists (a ZWS list joins them with the ZWS layers). */
export interface SearchAnswer {
  objects: FoundObject[];
  places: FoundPlace[];
  /** Typed coordinates that were read longitude first: the panel says the order was turned. */
  swapped: boolean;
}

/** What the search needs of the map: its layers, showing an object or a place, and the view's box in degrees. */
export interface SearchMap {
  layers: () => LayerConfig[];
  focusObject: (object: FoundObject) => void;
  showPlace: (lon: number, lat: number) => void;
  viewBox: () => [number, number, number, number] | null;
}

const roundBox = (box: [number, number, number, number]) => box.map((value) => value.toFixed(4)).join(",");

/**
 * The map search (spec 3, "Map search panel"): coordinates and share links go straight there; an id finds that
 * object; a name finds the points layers' objects and the gazetteer's places (with the geocoder's addresses).
 */
export function createMapSearch(map: SearchMap) {
  const filter = signal<SearchFilter>(NO_FILTER);
  const answer = signal<SearchAnswer | null>(null);
  const busy = signal(false);
  const poiLayers = () => map.layers().filter((config) => config.layer.type === "LAYER_POI");

  async function byText(text: string, current: SearchFilter): Promise<SearchAnswer> {
    const layerIds = poiLayers()
      .map((config) => config.layer.id)
      .filter((id) => !current.layerId || id === current.layerId);
    if (current.onlyById) {
      if (!/^[1-9]\d{0,15}$/.test(text)) return { objects: [], places: [], swapped: false };
      const object = await findObject(Number(text)).catch(() => null);
      return { objects: object && layerIds.includes(object.layer.id) ? [object] : [], places: [], swapped: false };
    }
    const box = map.viewBox();
    const [objects, places] = await Promise.all([
      current.onlyByAddress || !layerIds.length ? { content: [] } : findObjects(layerIds, text, current.exactMatch),
      findPlaces(text, current.exactMatch, box ? roundBox(box) : "-180,-90,180,90"),
    ]);
    const kept = objects.content.filter((object) => !current.templateId || object.template.id === current.templateId);
    return { objects: kept, places: places.content, swapped: false };
  }

  return {
    filter,
    answer,
    busy,
    poiLayers,
    /** Runs the search for `text`; empty text clears the answer. */
    async run(text: string) {
      const term = text.trim();
      if (!term) {
        answer.value = null;
        return;
      }
      const reading = parseCoordinates(term, location.origin);
      if (reading?.kind === "point") {
        map.showPlace(reading.lon, reading.lat);
        answer.value = { objects: [], places: [], swapped: Boolean(reading.swapped) };
        return;
      }
      busy.value = true;
      try {
        if (reading?.kind === "object") {
          const object = await findObject(reading.id).catch(() => null);
          const here = object && poiLayers().some((config) => config.layer.id === object.layer.id);
          if (here) map.focusObject(object);
          else snack(t("map.objectNotOnMap"));
          answer.value = { objects: here ? [object] : [], places: [], swapped: false };
        } else answer.value = await byText(term, filter.value);
      } catch (error) {
        snack(errorText(error), "error");
      } finally {
        busy.value = false;
      }
    },
    clear() {
      answer.value = null;
    },
    /** A found place or address: the map flies there and marks it. */
    showPlace(place: FoundPlace) {
      map.showPlace(place.lon, place.lat);
    },
  };
}
