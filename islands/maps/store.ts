import { type Signal, signal } from "@preact/signals-react";
import { errorText } from "../lib/failures";
import { t } from "../lib/i18n";
import { call, server } from "../lib/server";
import { snack } from "../lib/snackbar";
import { createEditing } from "./draw/edit-store";
import type { MapController, MeasureKind, Pick } from "./map-controller";
import { createMapSearch, type FoundObject } from "./search/search-store";
import { whatIsHere } from "./search/what-is-here";
import { parseCoordinates } from "../../src/modules/places/coordinates";

export type MapTab = "search" | "layers";

/** The map as map/get presents it. */
export const loadMap = (id: number) => call(server.map.get.get({ query: { id } }));
export type MapData = Awaited<ReturnType<typeof loadMap>>;
/** A layer on the map, the first drawn on top. */
export type LayerConfig = MapData["layerConfigList"][number];

/** Spec 3, section 9: an exported image is 'Export_(date).png'. */
const exportName = (at: Date) => `Export_${at.toISOString().slice(0, 10)}.png`;

/** map/save's layers: reduced to their ids, numbered in the list's order. */
const savedConfigs = (configs: LayerConfig[]) =>
  configs.map(({ layer, visible, themes, labels }, indexNumber) => ({ layer: { id: layer.id }, visible, indexNumber, themes, labels }));

/** The map's tools (zoom, measuring, render mode, my location, the image) over the adapter's controller while there is one. */
function createTools(controllerOf: () => MapController | undefined) {
  const tool = signal<MeasureKind | null>(null);
  const measured = signal<{ kind: MeasureKind; value: number } | null>(null);
  const webgl = signal(false);
  const locating = signal(false);
  return {
    tool,
    measured,
    webgl,
    locating,
    zoom(delta: number) {
      controllerOf()?.zoomBy(delta);
    },
    /** Starts measuring `kind`, or stops when that tool is already on. */
    toggleMeasure(kind: MeasureKind) {
      const controller = controllerOf();
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
      controllerOf()?.finishMeasuring();
    },
    stopMeasure() {
      controllerOf()?.stopMeasuring();
      tool.value = null;
      measured.value = null;
    },
    async toggleWebgl() {
      const controller = controllerOf();
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
      const controller = controllerOf();
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
      const controller = controllerOf();
      if (!controller) return;
      try {
        save(await controller.image(), exportName(new Date()));
      } catch {
        snack(t("map.exportFailed"), "error");
      }
    },
  };
}

/** The map's layers in the order drawn (the first on top): shown or hidden, moved, added, removed, each change drawn. */
function createLayerList(layers: Signal<LayerConfig[]>, draw: () => void) {
  const change = (next: LayerConfig[]) => {
    layers.value = next;
    draw();
  };
  return {
    /** The name of layer `id` on this map. */
    layerName: (id: number) => layers.value.find((config) => config.layer.id === id)?.layer.name ?? "",
    toggleLayer(id: number) {
      change(layers.value.map((config) => (config.layer.id === id ? { ...config, visible: !config.visible } : config)));
    },
    /** Moves the layer at `from` to `to` in the list (drag and drop, or a step with the keyboard). */
    moveLayer(from: number, to: number) {
      if (to < 0 || to >= layers.value.length || from === to) return;
      const next = [...layers.value];
      next.splice(to, 0, ...next.splice(from, 1));
      change(next);
    },
    /** Puts a layer on the map, on top and shown (the add-layer dialog); one already on it stays where it is. */
    addLayer(layer: LayerConfig["layer"]) {
      if (layers.value.some((config) => config.layer.id === layer.id)) return;
      change([{ layer, visible: true, indexNumber: 0, themes: "", labels: "" }, ...layers.value]);
    },
    removeLayer(id: number) {
      change(layers.value.filter((config) => config.layer.id !== id));
    },
  };
}

/**
 * One map's state and actions, made per island (README, "Islands"): the open tab, the measuring tool and its
 * last figure, the render mode, the location, and the layers in the order drawn (the first on top) until saved.
 * Actions drive the MapController the adapter made. `linkedObject` is shown selected once the map is made (else ?layerPoi= or ?layerPoiId=).
 */
export function createMapStore(map: MapData, linkedObject?: number) {
  const tab = signal<MapTab>("layers");
  const layers = signal<LayerConfig[]>([...map.layerConfigList].sort((a, b) => a.indexNumber - b.indexNumber));
  const basemapVisible = signal(true);
  const saving = signal(false);
  /** The objects under a click, when there are several: the feature selector lists them where the click was. */
  const choices = signal<{ picks: Pick[]; pixel: [number, number] } | null>(null);
  const selected = signal<Pick | null>(null);
  /** Template names by id, for the selector and the card; loaded once the map has a points layer. */
  const templates = signal<Map<number, string>>(new Map());
  let controller: MapController | undefined;
  /** Brings a found or linked object into view, selected. */
  const focusObject = (object: FoundObject) => {
    if (!controller || !layers.value.some((config) => config.layer.id === object.layer.id)) throw new Error("not on this map");
    select({ id: object.id, layerId: object.layer.id, templateId: object.template.id, feature: controller.showObject(object.geometry) });
  };
  const showLinked = async (id: number) => {
    try {
      focusObject(await call(server["layer-poi"]["find-by-id"].get({ query: { id } })));
    } catch {
      snack(t("map.objectNotOnMap"));
    }
  };
  const select = (pick: Pick | null) => {
    choices.value = null;
    selected.value = pick;
    controller?.select(pick?.feature);
  };
  const draw = () => void controller?.showLayers(layers.value.map(({ layer, visible }) => ({ ...layer, visible })));

  const tools = createTools(() => controller);
  const editing = createEditing(() => controller, layers);
  /** The right-click menu: where it opens, and the place in degrees it is about. */
  const menu = signal<{ pixel: [number, number]; lonLat: [number, number] } | null>(null);
  return {
    ...tools,
    ...createLayerList(layers, draw),
    editing,
    menu,
    /** The context-menu key on the focused map opens the menu at its centre. */
    openMenuAtCentre() {
      if (controller) menu.value = controller.centre();
    },
    tab,
    layers,
    basemapVisible,
    saving,
    choices,
    selected,
    templates,
    select,
    /** Loads a points layer's objects anew (an import added some). */
    reloadObjects: (layerId: number) => controller?.reloadObjects(layerId),
    search: createMapSearch({
      layers: () => layers.value,
      focusObject,
      showPlace(lon, lat) {
        select(null);
        controller?.select(controller.showObject(JSON.stringify({ type: "Point", coordinates: [lon, lat] })));
      },
      viewBox: () => controller?.viewBox() ?? null,
    }),
    /** The context menu's 'what is here': the nearest populated place, said in the snackbar. */
    whatIsHere() {
      const place = menu.value?.lonLat;
      menu.value = null;
      if (place) void whatIsHere(place);
    },
    focusObject,
    /** The share link of an object on this map (spec 3: ?layerPoi=), or null on a map not saved (the sandbox's). */
    objectLink: (id: number) => (map.id ? `/project/${map.projectId}/map/${map.id}?layerPoi=${id}` : null),
    /** The adapter's map is made: the basemap is drawn in the current render mode, the map's layers over it. */
    attach(made: MapController) {
      controller = made;
      made.onMenu = (pixel, lonLat) => void (menu.value = { pixel, lonLat });
      made.onPick = (picks, pixel) => {
        menu.value = null;
        // While an object is drawn or edited, clicks belong to the drawing.
        if (editing.session.value) return;
        if (picks.length > 1) choices.value = { picks, pixel };
        else select(picks[0] ?? null);
      };
      // A link to an object (?layerPoiId=, or a share link's ?layerPoi=, spec 3) opens the map on it, selected; one to
      // a place (?lat=&lon=) there, marked.
      const query = new URLSearchParams(location.search);
      const linked = linkedObject ?? Number(query.get("layerPoi") ?? query.get("layerPoiId"));
      const place = parseCoordinates(location.href, location.origin);
      if (Number.isSafeInteger(linked) && linked > 0) void showLinked(linked);
      else if (place?.kind === "point") made.select(made.showObject(JSON.stringify({ type: "Point", coordinates: [place.lon, place.lat] })));
      if (layers.value.some((config) => config.layer.type === "LAYER_POI")) {
        call(server["layer-poi-template"].get()).then(
          (list) => (templates.value = new Map(list.map((template) => [template.id, template.name]))),
          () => undefined,
        );
      }
      void made.showBasemap(tools.webgl.value);
      draw();
    },
    detach() {
      controller = undefined;
    },
    /** Spec 3, "Create-object dialog": it lists the visible layers objects can be made in; the basemap is none. */
    addObject() {
      menu.value = null;
      void editing.chooseLayer();
    },
    toggleBasemap() {
      basemapVisible.value = !basemapVisible.value;
      controller?.setBasemapVisible(basemapVisible.value);
    },
    /** Saves the view and the layers (MODERATOR); with `name`, as a new map, whose id is answered. */
    async save(name?: string): Promise<number | undefined> {
      if (!controller || saving.value) return;
      saving.value = true;
      try {
        const saved = await call(
          server.map.save.post({
            id: name === undefined ? map.id : 0,
            project: { id: map.projectId },
            name: name ?? map.name,
            description: map.description,
            icon: map.icon,
            position: JSON.stringify(controller.position()),
            layerConfigList: map.inherited && name === undefined ? [] : savedConfigs(layers.value),
            parentMap: map.parentMap && name === undefined ? { id: map.parentMap.id } : null,
          }),
        );
        snack(t("map.saved"), "success");
        return saved.id;
      } catch (error) {
        snack(errorText(error), "error");
        throw error;
      } finally {
        saving.value = false;
      }
    },
  };
}

export type MapStore = ReturnType<typeof createMapStore>;
