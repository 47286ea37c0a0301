import { signal } from "@preact/signals-react";
import { t } from "../lib/i18n";
import { snack } from "../lib/snackbar";
import type { MapController, MeasureKind } from "./map-controller";

export type MapTab = "search" | "layers" | "comments";

/** A layer of the map's list: the offline basemap until the map's own layers arrive with maps-model. */
export interface MapLayerEntry {
  id: string;
  name: string;
  visible: boolean;
}

/** Spec 3, section 9: an exported image is 'Export_(date).png'. */
const exportName = (at: Date) => `Export_${at.toISOString().slice(0, 10)}.png`;

/**
 * One map's state and actions, made per island (README, "Islands"): the open tab, the measuring tool and its
 * last figure, the render mode, the location and the layer list. Actions drive the MapController the adapter made.
 */
export function createMapStore() {
  const tab = signal<MapTab>("layers");
  const tool = signal<MeasureKind | null>(null);
  const measured = signal<{ kind: MeasureKind; value: number } | null>(null);
  const webgl = signal(false);
  const locating = signal(false);
  const layers = signal<MapLayerEntry[]>([{ id: "basemap", name: t("map.basemap"), visible: true }]);
  let controller: MapController | undefined;

  return {
    tab,
    tool,
    measured,
    webgl,
    locating,
    layers,
    /** The adapter's map is made: the basemap is drawn in the current render mode. */
    attach(made: MapController) {
      controller = made;
      void made.showBasemap(webgl.value);
    },
    detach() {
      controller = undefined;
    },
    zoom(delta: number) {
      controller?.zoomBy(delta);
    },
    /** Starts measuring `kind`, or stops when that tool is already on. */
    toggleMeasure(kind: MeasureKind) {
      if (!controller) return;
      measured.value = null;
      if (tool.value === kind) {
        controller.stopMeasuring();
        tool.value = null;
        return;
      }
      tool.value = kind;
      controller.measure(kind, (value) => {
        measured.value = { kind, value };
      });
    },
    finishMeasure() {
      controller?.finishMeasuring();
    },
    stopMeasure() {
      controller?.stopMeasuring();
      tool.value = null;
      measured.value = null;
    },
    async toggleWebgl() {
      if (!controller) return;
      const on = !webgl.value;
      try {
        await controller.setRenderer(on);
        webgl.value = on;
        snack(t(on ? "map.webglOn" : "map.webglOff"));
      } catch {
        snack(t("map.webglUnavailable"), "error");
      }
    },
    toggleLocation() {
      if (!controller) return;
      if (locating.value) {
        controller.stopLocating();
        locating.value = false;
        return;
      }
      locating.value = true;
      controller.locate(() => {
        locating.value = false;
        snack(t("map.locationFailed"), "error");
      });
    },
    async exportImage(save: (blob: Blob, name: string) => void) {
      if (!controller) return;
      try {
        save(await controller.image(), exportName(new Date()));
      } catch {
        snack(t("map.exportFailed"), "error");
      }
    },
    /** Spec 3, "Create-object dialog": it lists the visible layers objects can be made in; the basemap is none. */
    addObject() {
      snack(t("map.noLayers"));
    },
    toggleLayer(id: string) {
      layers.value = layers.value.map((layer) => (layer.id === id ? { ...layer, visible: !layer.visible } : layer));
      controller?.setBasemapVisible(layers.value.find((layer) => layer.id === "basemap")?.visible ?? true);
    },
  };
}

export type MapStore = ReturnType<typeof createMapStore>;
