import { signal } from "@preact/signals-react";
import type { PresentedPublicMap } from "../../../src/modules/public-data/map-presenter";
import { errorText } from "../../lib/failures";
import { call, server } from "../../lib/server";
import { snack } from "../../lib/snackbar";
import type { MapController } from "../map-controller";

export type PublicFrame = PresentedPublicMap;

/** The published objects whose name holds `name`. */
const searchPublicMap = (mapId: number, name: string) => call(server.public.map({ id: String(mapId) }).search.get({ query: { name } }));
type PublicHit = Awaited<ReturnType<typeof searchPublicMap>>["content"][number];

/** What the card of a clicked object shows: its name and the fields its template shows on the map. */
export interface ShownObject {
  name: string;
  labels: [string, string][];
}

const labelsOf = (labels: unknown): [string, string][] =>
  labels && typeof labels === "object" ? Object.entries(labels).map(([name, value]) => [name, Array.isArray(value) ? value.join(", ") : String(value)]) : [];

/**
 * One public frame's state (made per island): which published layers show, the layer panel, the search sheet and
 * its hits, the info and share dialogs, the clicked object; actions drive the MapController the stage made.
 */
export function createPublicMapStore(frame: PublicFrame) {
  const shown = signal(new Set(frame.layers.map((layer) => layer.id)));
  const panelOpen = signal(true);
  const sheetOpen = signal(false);
  const infoOpen = signal(false);
  const shareOpen = signal(false);
  const hits = signal<PublicHit[] | null>(null);
  const selected = signal<ShownObject | null>(null);
  let controller: MapController | undefined;
  const draw = () => void controller?.showLayers(frame.layers.map((layer) => ({ ...layer, visible: shown.value.has(layer.id) })));
  return {
    shown,
    panelOpen,
    sheetOpen,
    infoOpen,
    shareOpen,
    hits,
    selected,
    toggleLayer(id: number) {
      const next = new Set(shown.value);
      if (!next.delete(id)) next.add(id);
      shown.value = next;
      draw();
    },
    /** Spec 3, "Map search panel": Enter runs it over the published points layers; empty text clears the hits. */
    async search(text: string) {
      if (!text.trim()) {
        hits.value = null;
        return;
      }
      try {
        hits.value = (await searchPublicMap(frame.id, text.trim())).content;
      } catch (error) {
        snack(errorText(error), "error");
      }
    },
    /** Brings a hit into view, highlighted, with its card. */
    focus(hit: PublicHit) {
      if (!controller) return;
      controller.select(controller.showObject(hit.geometry));
      selected.value = { name: hit.name, labels: [] };
    },
    zoom(delta: number) {
      controller?.zoomBy(delta);
    },
    attach(made: MapController) {
      controller = made;
      made.onPick = (picks) => {
        const feature = picks[0]?.feature;
        made.select(feature);
        selected.value = feature ? { name: String(feature.get("name") ?? ""), labels: labelsOf(feature.get("labels")) } : null;
      };
      void made.showBasemap(false);
      draw();
    },
    detach() {
      controller = undefined;
    },
  };
}

export type PublicMapStore = ReturnType<typeof createPublicMapStore>;
