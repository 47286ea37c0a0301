import Collection from "ol/Collection";
import type Feature from "ol/Feature";
import GeoJSON from "ol/format/GeoJSON";
import type { Geometry } from "ol/geom";
import type Point from "ol/geom/Point";
import type BaseLayer from "ol/layer/Base";
import LayerGroup from "ol/layer/Group";
import VectorLayer from "ol/layer/Vector";
import { bbox } from "ol/loadingstrategy";
import { transformExtent } from "ol/proj";
import { createEmpty, equals, type Extent } from "ol/extent";
import Cluster from "ol/source/Cluster";
import VectorSource from "ol/source/Vector";
import { Circle, Fill, Stroke, Style, Text } from "ol/style";
import { call, server } from "../lib/server";

/** Spec 3, section 9: objects cluster within 200 px on canvas. */
const CLUSTER_DISTANCE = 200;

export type PoiStyle = Awaited<ReturnType<typeof loadPoiStyles>>[number];
/** What drawing an object takes of its style. */
export type PaintedStyle = Pick<PoiStyle, "id" | "stroke" | "fill" | "strokeWidth">;
/** The object styles (stroke, fill, width), which min-geo-json names by id after applying each template's rules. */
export const loadPoiStyles = () => call(server["layer-poi-style"].get());

/** A view's box in degrees, west, south, east, north, as the objects' routes read it (`bbox`: its text). */
export type Box = [number, number, number, number];
export const bboxText = (box: Box) => box.map((n) => n.toFixed(6)).join(",");

/** A signed-in member's objects of a layer in a box: layer-poi/min-geo-json. */
export const membersObjects = (layerId: number, box: Box) => call(server["layer-poi"]["min-geo-json"].get({ query: { layerId, bbox: bboxText(box) } }));
/** Where a points layer's objects come from: the member's route, or the public frame's. */
export type LoadObjects = (layerId: number, box: Box) => ReturnType<typeof membersObjects>;

const FALLBACK: Pick<PoiStyle, "stroke" | "fill" | "strokeWidth"> = { stroke: "#FF0000FF", fill: "#FF000030", strokeWidth: 2 };

function objectStyle(style: Pick<PoiStyle, "stroke" | "fill" | "strokeWidth">) {
  const fill = new Fill({ color: style.fill });
  const stroke = new Stroke({ color: style.stroke, width: style.strokeWidth });
  return new Style({ fill, stroke, image: new Circle({ radius: 7, fill, stroke }) });
}

const clusterStyle = (count: number) =>
  new Style({
    image: new Circle({ radius: Math.min(12 + Math.log10(count) * 6, 30), fill: new Fill({ color: "#3949AB" }), stroke: new Stroke({ color: "#fff", width: 2 }) }),
    text: new Text({ text: String(count), fill: new Fill({ color: "#fff" }), font: "600 12px sans-serif" }),
  });

/** How many objects a feature stands for: one, or a server cluster's count (past 5,000 in the view). */
const countOf = (feature: Feature) => (feature.get("cluster") ? Number(feature.get("count")) : 1);

/** The view's box in degrees, within the world's bounds. */
function boxOf(extent: number[], projection: string): Box {
  const [west, south, east, north] = transformExtent(extent, projection, "EPSG:4326");
  const clamp = (n: number, limit: number) => Math.max(-limit, Math.min(limit, n));
  return [clamp(west!, 180), clamp(south!, 90), clamp(east!, 180), clamp(north!, 90)];
}

/** The layer's objects in the view, loaded through `load` by bounding box. */
function objectSource(load: LoadObjects) {
  const format = new GeoJSON();
  let clustered = false;
  /** Where the last clustered answer stands: loaded until the view moves off it, then asked again. */
  let clusteredAt: Extent | null = null;
  const source: VectorSource<Feature<Geometry>> = new VectorSource({
    strategy: (extent, resolution) => {
      // Forgotten only once the view has moved: forgotten at once, the redraw its answer causes asked again, endlessly.
      if (clusteredAt && !equals(extent, clusteredAt)) {
        source.removeLoadedExtent(clusteredAt);
        clusteredAt = null;
      }
      return bbox(extent, resolution);
    },
    loader: (extent, _resolution, projection, success, failure) => {
      load(source.get("layerId"), boxOf(extent, projection.getCode())).then(
        (answer) => {
          // After a clustered answer the objects come anew instead of being added to its clusters.
          if (clustered) source.clear(true);
          clustered = answer.clustered;
          const features = format.readFeatures(answer, { featureProjection: projection });
          source.addFeatures(features);
          success?.(features);
          // Clusters stand for this view only: moving or zooming asks again (see the strategy).
          if (answer.clustered) clusteredAt = extent;
        },
        () => {
          source.removeLoadedExtent(extent);
          failure?.();
        },
      );
    },
  });
  return source;
}

/**
 * A points-of-interest layer: its objects in the view loaded by bounding box (the server clusters when the view holds
 * more than it sends). On canvas, lines and areas are drawn as they are and points clustered within 200 px; with
 * WebGL on, ol's WebGLVectorLayer draws every object (loaded on demand) and the server's clusters stay on canvas,
 * for their counts. Each object keeps its styleId and templateId; every sublayer knows the layer id for selection.
 */
export class PoiLayer extends LayerGroup {
  private readonly source: VectorSource<Feature<Geometry>>;
  private readonly clustered: Cluster;
  private readonly canvas: BaseLayer[];
  private gl?: BaseLayer[];
  private webgl = false;

  constructor(
    readonly layerId: number,
    private readonly styles: Map<number, PaintedStyle>,
    load: LoadObjects = membersObjects,
  ) {
    super();
    this.source = objectSource(load);
    this.clustered = new Cluster({
      distance: CLUSTER_DISTANCE,
      source: this.source,
      geometryFunction: (feature) => (feature.getGeometry()?.getType() === "Point" ? (feature.getGeometry() as Point) : null),
    });
    this.source.set("layerId", layerId);
    const styleOf = (feature: Feature) => objectStyle(styles.get(Number(feature.get("styleId"))) ?? FALLBACK);
    const shapes = new VectorLayer({ source: this.source, style: (feature) => (feature.getGeometry()?.getType() === "Point" ? undefined : styleOf(feature as Feature)) });
    const points = new VectorLayer({
      source: this.clustered,
      style: (cluster) => {
        const members: Feature[] = cluster.get("features");
        const count = members.reduce((sum, member) => sum + countOf(member), 0);
        return count === 1 ? styleOf(members[0]!) : clusterStyle(count);
      },
    });
    this.canvas = this.mine([shapes, points]);
    this.setLayers(new Collection(this.canvas));
  }

  private mine(parts: BaseLayer[]) {
    for (const part of parts) part.set("layerId", this.layerId);
    return parts;
  }

  /** Draws the objects through WebGL (made on first use) or back on canvas; the loaded objects are kept. */
  async setWebgl(on: boolean) {
    if (on && !this.gl) {
      const { webglObjects } = await import("./poi-webgl");
      const clusters = new VectorLayer({ source: this.source, style: (feature) => (feature.get("cluster") ? clusterStyle(countOf(feature as Feature)) : undefined) });
      this.gl = this.mine([webglObjects(this.source, [...this.styles.values()], FALLBACK), clusters]);
    }
    if (on === this.webgl) return;
    this.webgl = on;
    this.setLayers(new Collection(on && this.gl ? this.gl : this.canvas));
  }

  protected override disposeInternal() {
    for (const part of [...this.canvas, ...(this.gl ?? [])]) part.dispose();
    this.clustered.setSource(null);
    super.disposeInternal();
  }
}

/** The features a clicked feature stands for: a cluster's members, or itself. */
export const membersOf = (feature: Feature): Feature[] => feature.get("features") ?? [feature];

/** What a feature covers on the map (EPSG:3857): a server cluster's box of objects, else its geometry's extent. */
export function extentOf(feature: Feature): Extent {
  const box: unknown = feature.get("bbox");
  return Array.isArray(box) ? transformExtent(box, "EPSG:4326", "EPSG:3857") : (feature.getGeometry()?.getExtent() ?? createEmpty());
}
