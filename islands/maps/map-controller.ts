import Feature from "ol/Feature";
import OlMap from "ol/Map";
import View from "ol/View";
import type LineString from "ol/geom/LineString";
import { createEmpty, extend, getHeight, getWidth } from "ol/extent";
import GeoJSON from "ol/format/GeoJSON";
import Point from "ol/geom/Point";
import type Polygon from "ol/geom/Polygon";
import Draw from "ol/interaction/Draw";
import KeyboardPan from "ol/interaction/KeyboardPan";
import KeyboardZoom from "ol/interaction/KeyboardZoom";
import { defaults as defaultInteractions } from "ol/interaction/defaults";
import type BaseLayer from "ol/layer/Base";
import VectorLayer from "ol/layer/Vector";
import Cluster from "ol/source/Cluster";
import { fromLonLat, toLonLat } from "ol/proj";
import VectorSource from "ol/source/Vector";
import { getArea, getLength } from "ol/sphere";
import type { FlatStyle } from "ol/style/flat";
import { BASEMAP, countriesSource } from "./basemap";
import { mapImage } from "./map-image";
import type { LayerKind, TileProjection } from "../../src/modules/layers/kinds";
import { xyzLayer } from "./tile-layer";
import { extentOf, type LoadObjects, loadPoiStyles, membersObjects, membersOf, type PaintedStyle, PoiLayer } from "./poi-layer";

export type MeasureKind = "line" | "polygon";

/** Where the map looks, in longitude/latitude and a zoom level, and the extent (degrees) it may be panned in. */
export interface MapPosition {
  center: [number, number];
  zoom: number;
  extent: [number, number, number, number];
}

/** A layer of the map as it is drawn: the proxy address of an XYZ layer's tiles and their projection, and whether it shows. */
export interface DrawnLayer {
  id: number;
  type: LayerKind;
  tiles: string | null;
  projection: TileProjection;
  visible: boolean;
}

/** An object under a click: its id, layer and template, and its feature for the highlight. */
export interface Pick {
  id: number;
  layerId: number;
  templateId: number;
  feature: Feature;
}

/**
 * How a map is made: where its objects and their styles come from (a signed-in member's routes unless a host
 * says otherwise: the public frame's) and whether the mouse wheel zooms (an embedded frame may turn it off).
 */
export interface MapOptions {
  objects?: LoadObjects;
  styles?: () => Promise<PaintedStyle[]>;
  wheelZoom?: boolean;
}

/** Above every layer of the map: the selection's highlight, the measuring sketch, then the location marker. */
const SKETCH_Z = 10_000;
/** Spec 3, section 9: the selected object pulses red and blue every 600 ms. */
const SELECTION_PULSE_MS = 600;
const highlight = (red: boolean): FlatStyle => {
  const colour = red ? "rgba(211,47,47,0.85)" : "rgba(41,98,255,0.85)";
  return { "stroke-color": colour, "stroke-width": 5, "fill-color": red ? "rgba(211,47,47,0.35)" : "rgba(41,98,255,0.35)", "circle-radius": 10, "circle-fill-color": colour };
};

const LAND: FlatStyle = { "fill-color": BASEMAP.land, "stroke-color": BASEMAP.border, "stroke-width": 1 };
const SKETCH: FlatStyle = { "fill-color": "rgba(57,73,171,0.15)", "stroke-color": "#3949AB", "stroke-width": 2, "circle-radius": 4, "circle-fill-color": "#3949AB" };
const pulse = (big: boolean): FlatStyle => ({ "circle-radius": big ? 11 : 7, "circle-fill-color": "rgba(57,73,171,0.9)", "circle-stroke-color": "#fff", "circle-stroke-width": big ? 4 : 2 });
/** Spec 3, section 9: the location marker pulses every 800 ms. */
const LOCATION_PULSE_MS = 800;

/**
 * The OpenLayers side of one map: the view, the offline basemap drawn on canvas or through WebGL, geodesic
 * measuring, the location marker and the PNG export. Made and disposed by the OlMap adapter.
 */
export class MapController {
  readonly map: OlMap;
  private countries?: VectorSource;
  private basemap?: BaseLayer;
  private basemapVisible = true;
  private readonly sketches = new VectorSource();
  private draw?: Draw;
  private readonly marker = new Feature<Point>();
  private readonly markerLayer = new VectorLayer({ source: new VectorSource({ features: [this.marker] }), style: pulse(false), zIndex: SKETCH_Z + 1 });
  private location?: { watch: number; timer: ReturnType<typeof setInterval>; centred: boolean };
  private readonly drawn = new Map<number, BaseLayer>();
  private layersApplied = Promise.resolve();
  private readonly extent: MapPosition["extent"];
  private styles?: Promise<Map<number, PaintedStyle>>;
  private webgl = false;
  private readonly highlighted = new Feature();
  private readonly highlightLayer = new VectorLayer({ source: new VectorSource({ features: [this.highlighted] }), style: highlight(true), zIndex: SKETCH_Z - 1 });
  private highlightTimer?: ReturnType<typeof setInterval>;
  /** Told of the objects under each click (none: a click beside them). */
  onPick?: (picks: Pick[], pixel: [number, number]) => void;
  /** Told of a right click (or the context-menu key): where, on the map and in degrees. */
  onMenu?: (pixel: [number, number], lonLat: [number, number]) => void;

  constructor(
    target: HTMLElement,
    position: MapPosition,
    private readonly options: MapOptions = {},
  ) {
    this.extent = position.extent;
    this.map = new OlMap({
      target,
      controls: [],
      // The arrow keys move the map at once, not in a 100 ms glide: Space puts a vertex at the centre, which must be
      // where the keys took it even when pressed straight after them.
      interactions: defaultInteractions({ keyboard: false, mouseWheelZoom: options.wheelZoom ?? true }).extend([new KeyboardPan({ duration: 0 }), new KeyboardZoom()]),
      layers: [this.highlightLayer, new VectorLayer({ source: this.sketches, style: SKETCH, zIndex: SKETCH_Z }), this.markerLayer],
      // The saved extent is kept for map/save, not made a pan limit: OpenLayers already keeps one world filling the map.
      view: new View({ center: fromLonLat(position.center), zoom: position.zoom }),
    });
    this.map.on("singleclick", (event) => this.pick(event.pixel as [number, number]));
    this.map.getViewport()?.addEventListener("contextmenu", (event) => {
      event.preventDefault();
      const pixel = this.map.getEventPixel(event) as [number, number];
      this.onMenu?.(pixel, toLonLat(this.map.getCoordinateFromPixel(pixel)) as [number, number]);
    });
  }

  /** The map's centre on screen and in degrees, where the context-menu key opens the menu. */
  centre(): { pixel: [number, number]; lonLat: [number, number] } {
    const [width, height] = this.map.getSize() ?? [0, 0];
    return { pixel: [width / 2, height / 2], lonLat: toLonLat(this.map.getView().getCenter() ?? [0, 0]) as [number, number] };
  }

  /** Loads a points layer's objects anew (one was saved or deleted). */
  reloadObjects(layerId: number) {
    for (const part of this.drawn.get(layerId)?.getLayersArray() ?? []) {
      const source = part.getSource();
      // A cluster follows the source it clusters, which is among the parts too.
      if (source instanceof VectorSource && !(source instanceof Cluster)) source.refresh();
    }
  }

  /**
   * The objects under `pixel`: a cluster of objects apart is zoomed into (a server's cluster too); objects on one
   * spot, or several layers' objects, are all picked, for the feature selector.
   */
  private pick(pixel: [number, number]) {
    if (this.draw) return;
    const picks: Pick[] = [];
    let zoomed = false;
    this.map.forEachFeatureAtPixel(
      pixel,
      (feature, layer) => {
        const layerId = Number(layer?.get("layerId"));
        if (!layerId) return;
        const members = membersOf(feature as Feature);
        const area = members.length > 1 || members[0]?.get("cluster") ? members.map(extentOf).reduce((all, one) => extend(all, one), createEmpty()) : undefined;
        const apart = area !== undefined && getWidth(area) + getHeight(area) > 0;
        if (apart || members.some((member) => member.get("cluster"))) {
          const view = this.map.getView();
          if (area && apart) view.fit(area, { duration: 500, padding: [60, 60, 60, 60], maxZoom: 18 });
          else view.animate({ center: this.map.getCoordinateFromPixel(pixel), zoom: (view.getZoom() ?? 0) + 2, duration: 500 });
          zoomed = true;
          return true;
        }
        for (const member of members) picks.push({ id: Number(member.getId()), layerId, templateId: Number(member.get("templateId")), feature: member });
        return undefined;
      },
      { hitTolerance: 3 },
    );
    if (!zoomed) this.onPick?.(picks, pixel);
  }

  /** Brings an object (its GeoJSON geometry in degrees) into view: a point at zoom 12, a shape fitted. */
  showObject(geometry: string): Feature {
    const shape = new GeoJSON().readGeometry(geometry, { featureProjection: "EPSG:3857" });
    if (!shape) throw new Error("an object without geometry");
    const view = this.map.getView();
    if (shape instanceof Point) view.animate({ center: shape.getCoordinates(), zoom: 12, duration: 500 });
    else view.fit(shape.getExtent(), { duration: 1000, padding: [60, 60, 60, 60] });
    return new Feature(shape);
  }

  /** Highlights `feature` with the red and blue pulse, or nothing. */
  select(feature: Feature | undefined) {
    clearInterval(this.highlightTimer);
    this.highlighted.setGeometry(feature?.getGeometry()?.clone());
    if (!feature) return;
    let red = true;
    this.highlightLayer.setStyle(highlight(red));
    this.highlightTimer = setInterval(() => {
      red = !red;
      this.highlightLayer.setStyle(highlight(red));
    }, SELECTION_PULSE_MS);
  }

  /** The part of the world in view, west, south, east, north in degrees (where a search looks first). */
  viewBox(): [number, number, number, number] {
    const [west, south] = toLonLat(this.map.getView().calculateExtent().slice(0, 2));
    const [east, north] = toLonLat(this.map.getView().calculateExtent().slice(2, 4));
    return [Math.max(-180, west!), Math.max(-90, south!), Math.min(180, east!), Math.min(90, north!)];
  }

  /** Where the map looks now, as map/save stores it. */
  position(): MapPosition {
    const view = this.map.getView();
    const [lon, lat] = toLonLat(view.getCenter() ?? [0, 0]);
    return { center: [lon!, lat!], zoom: view.getZoom() ?? 0, extent: this.extent };
  }

  /**
   * Draws the map's layers, the first on top, above the basemap, which shows wherever their tiles do not (none
   * configured, or their server unreachable). Calls are applied in turn, so a quick second one waits for the first.
   */
  showLayers(layers: DrawnLayer[]) {
    this.layersApplied = this.layersApplied.then(() => this.applyLayers(layers)).catch(() => undefined);
    return this.layersApplied;
  }

  private async applyLayers(layers: DrawnLayer[]) {
    const wanted = new Set(layers.map((layer) => layer.id));
    for (const [id, layer] of this.drawn) {
      if (wanted.has(id)) continue;
      this.map.removeLayer(layer);
      layer.dispose();
      this.drawn.delete(id);
    }
    for (const [i, spec] of layers.entries()) {
      let layer = this.drawn.get(spec.id);
      if (!layer) {
        // WMS and ZWS layers come in a later issue.
        if (spec.type === "XYZ" && spec.tiles) layer = await xyzLayer(spec.tiles, spec.projection);
        else if (spec.type === "LAYER_POI") {
          this.styles ??= (this.options.styles ?? loadPoiStyles)().then((list) => new Map(list.map((style) => [style.id, style])));
          const objects = new PoiLayer(spec.id, await this.styles, this.options.objects ?? membersObjects);
          await objects.setWebgl(this.webgl);
          layer = objects;
        } else continue;
        this.drawn.set(spec.id, layer);
        this.map.addLayer(layer);
      }
      layer.setVisible(spec.visible);
      layer.setZIndex(layers.length - i);
    }
  }

  /** Draws the Natural Earth countries under everything else, once they are decoded. */
  async showBasemap(webgl: boolean) {
    this.countries ??= await countriesSource();
    await this.setRenderer(webgl);
  }

  /** Draws the basemap and the objects on canvas, or through ol's WebGLVectorLayer, loaded only when first asked for. */
  async setRenderer(webgl: boolean) {
    this.webgl = webgl;
    for (const layer of this.drawn.values()) if (layer instanceof PoiLayer) await layer.setWebgl(webgl);
    if (!this.countries) return;
    const layer = webgl
      ? new (await import("ol/layer/WebGLVector")).default({ source: this.countries, style: LAND, zIndex: 0 })
      : new VectorLayer({ source: this.countries, style: LAND, zIndex: 0 });
    if (this.basemap) {
      this.map.removeLayer(this.basemap);
      this.basemap.dispose();
    }
    layer.setVisible(this.basemapVisible);
    this.basemap = layer;
    this.map.addLayer(layer);
  }

  setBasemapVisible(visible: boolean) {
    this.basemapVisible = visible;
    this.basemap?.setVisible(visible);
  }

  zoomBy(delta: number) {
    const view = this.map.getView();
    view.animate({ zoom: (view.getZoom() ?? 0) + delta, duration: 250 });
  }

  /** Starts measuring a line or an area; `done` gets the geodesic metres (or m²) when the drawing is finished. */
  measure(kind: MeasureKind, done: (value: number) => void) {
    this.stopMeasuring();
    const draw = new Draw({ source: this.sketches, type: kind === "line" ? "LineString" : "Polygon", style: SKETCH });
    draw.on("drawstart", () => this.sketches.clear());
    draw.on("drawend", ({ feature }) => {
      const geometry = feature.getGeometry() as LineString | Polygon;
      // Measured on the sphere (ol/sphere), never planar EPSG:3857, which over-reads areas about 2x at mid-latitudes.
      done(kind === "line" ? getLength(geometry) : getArea(geometry));
    });
    this.draw = draw;
    this.map.addInteraction(draw);
  }

  /** Finishes the drawing in progress (Enter), as a double click would. */
  finishMeasuring() {
    this.draw?.finishDrawing();
  }

  stopMeasuring() {
    if (this.draw) this.map.removeInteraction(this.draw);
    this.draw = undefined;
    this.sketches.clear();
  }

  /** Follows the reader's position with a pulsing marker, centring the map on the first fix. */
  locate(failed: () => void) {
    if (this.location) return;
    let big = false;
    const timer = setInterval(() => {
      big = !big;
      this.markerLayer.setStyle(pulse(big));
    }, LOCATION_PULSE_MS);
    const watch = navigator.geolocation.watchPosition(
      ({ coords }) => {
        const at = fromLonLat([coords.longitude, coords.latitude]);
        this.marker.setGeometry(new Point(at));
        if (this.location && !this.location.centred) {
          this.location.centred = true;
          this.map.getView().animate({ center: at, zoom: Math.max(this.map.getView().getZoom() ?? 0, 12), duration: 500 });
        }
      },
      () => {
        this.stopLocating();
        failed();
      },
    );
    this.location = { watch, timer, centred: false };
  }

  stopLocating() {
    if (!this.location) return;
    navigator.geolocation.clearWatch(this.location.watch);
    clearInterval(this.location.timer);
    this.location = undefined;
    this.marker.setGeometry(undefined);
  }

  /** The map as drawn now, as a PNG (tiles come from our own origin, so no canvas is tainted). */
  image(): Promise<Blob> {
    return mapImage(this.map, BASEMAP.sea);
  }

  dispose() {
    this.stopLocating();
    clearInterval(this.highlightTimer);
    this.map.setTarget(undefined);
    this.map.dispose();
  }
}
