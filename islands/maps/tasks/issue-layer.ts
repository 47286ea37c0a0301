import { mdiMapMarker } from "@mdi/js";
import Feature from "ol/Feature";
import type OlMap from "ol/Map";
import type MapBrowserEvent from "ol/MapBrowserEvent";
import Point from "ol/geom/Point";
import VectorLayer from "ol/layer/Vector";
import { fromLonLat } from "ol/proj";
import VectorSource from "ol/source/Vector";
import { Icon, Style } from "ol/style";
import type { MapTask } from "./store";

/** The statuses' colours, as the task pages draw them (issues.css). */
const STATUS_COLOURS: Record<MapTask["status"], string> = { BACKLOG: "#9e9e9e", OPEN: "#8e24aa", IN_PROGRESS: "#1e88e5", DONE: "#43a047" };

/** Spec 3, section 9: a map issue's point style has scale 0.2, of a marker drawn 120 px tall (24 px on the map). */
const markerStyle = (colour: string) =>
  new Style({
    image: new Icon({
      src: `data:image/svg+xml;utf8,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120" viewBox="0 0 24 24"><path d="${mdiMapMarker}" fill="${colour}" stroke="#fff" stroke-width="1"/></svg>`)}`,
      scale: 0.2,
      anchor: [0.5, 0.95],
    }),
  });
const STYLES = Object.fromEntries(Object.entries(STATUS_COLOURS).map(([status, colour]) => [status, markerStyle(colour)])) as Record<MapTask["status"], Style>;

/** The point of a task's coordinates (GeoJSON Point text, longitude first), or null when it has none readable. */
export function lonLatOf(coordinates: string | null): [number, number] | null {
  try {
    const [lon, lat] = (JSON.parse(coordinates ?? "") as { coordinates: number[] }).coordinates;
    return typeof lon === "number" && typeof lat === "number" ? [lon, lat] : null;
  } catch {
    return null;
  }
}

/**
 * The map's issue layer (spec 3, "map issue layer"): each task at its point in its status's colour, above the
 * map's layers; a click hands `onPick` the task under it, or null.
 */
export class IssueLayer {
  private readonly source = new VectorSource();
  private readonly layer = new VectorLayer({ source: this.source, style: (feature) => STYLES[feature.get("status") as MapTask["status"]], zIndex: 5_000 });
  private readonly click = (event: MapBrowserEvent) => {
    const hit = this.map.forEachFeatureAtPixel(event.pixel, (feature) => feature.get("task") as MapTask, { layerFilter: (layer) => layer === this.layer, hitTolerance: 3 });
    this.onPick(hit ?? null);
  };

  constructor(
    private readonly map: OlMap,
    private readonly onPick: (task: MapTask | null) => void,
  ) {
    map.addLayer(this.layer);
    map.on("singleclick", this.click);
  }

  show(tasks: MapTask[]) {
    this.source.clear();
    this.source.addFeatures(
      tasks.flatMap((task) => {
        const at = lonLatOf(task.coordinates);
        return at ? [new Feature({ geometry: new Point(fromLonLat(at)), status: task.status, task })] : [];
      }),
    );
  }

  dispose() {
    this.map.un("singleclick", this.click);
    this.map.removeLayer(this.layer);
    this.layer.dispose();
  }
}
