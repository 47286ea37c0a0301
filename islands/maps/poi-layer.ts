import type Feature from "ol/Feature";
import GeoJSON from "ol/format/GeoJSON";
import type { Geometry } from "ol/geom";
import type Point from "ol/geom/Point";
import LayerGroup from "ol/layer/Group";
import VectorLayer from "ol/layer/Vector";
import { bbox } from "ol/loadingstrategy";
import { transformExtent } from "ol/proj";
import Cluster from "ol/source/Cluster";
import VectorSource from "ol/source/Vector";
import { Circle, Fill, Stroke, Style, Text } from "ol/style";
import { call, server } from "../lib/server";

/** Spec 3, section 9: objects cluster within 200 px on canvas. */
const CLUSTER_DISTANCE = 200;

export type PoiStyle = Awaited<ReturnType<typeof loadPoiStyles>>[number];
/** The object styles (stroke, fill, width), which min-geo-json names by id after applying each template's rules. */
export const loadPoiStyles = () => call(server["layer-poi-style"].get());

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

/** The view's box in degrees as min-geo-json reads it, within the world's bounds. */
function boxOf(extent: number[], projection: string) {
  const [west, south, east, north] = transformExtent(extent, projection, "EPSG:4326");
  const clamp = (n: number, limit: number) => Math.max(-limit, Math.min(limit, n));
  return [clamp(west!, 180), clamp(south!, 90), clamp(east!, 180), clamp(north!, 90)].map((n) => n.toFixed(6)).join(",");
}

/**
 * A points-of-interest layer: its objects in the view loaded from layer-poi/min-geo-json by bounding box (the server
 * clusters when the view holds more than it sends), lines and areas drawn as they are, points clustered within 200 px.
 * Each object keeps its styleId and templateId; the layer knows its layer id for selection.
 */
export function poiLayer(layerId: number, styles: Map<number, PoiStyle>): LayerGroup {
  const format = new GeoJSON();
  let clustered = false;
  const source: VectorSource<Feature<Geometry>> = new VectorSource({
    strategy: bbox,
    loader: (extent, _resolution, projection, success, failure) => {
      call(server["layer-poi"]["min-geo-json"].get({ query: { layerId, bbox: boxOf(extent, projection.getCode()) } })).then(
        (answer) => {
          // After a clustered answer the objects come anew instead of being added to its clusters.
          if (clustered) source.clear(true);
          clustered = answer.clustered;
          const features = format.readFeatures(answer, { featureProjection: projection });
          source.addFeatures(features);
          success?.(features);
          // Clusters stand for this view only: moving or zooming asks again.
          if (answer.clustered) source.removeLoadedExtent(extent);
        },
        () => {
          source.removeLoadedExtent(extent);
          failure?.();
        },
      );
    },
  });
  const styleOf = (feature: Feature) => objectStyle(styles.get(Number(feature.get("styleId"))) ?? FALLBACK);
  const shapes = new VectorLayer({ source, style: (feature) => (feature.getGeometry()?.getType() === "Point" ? undefined : styleOf(feature as Feature)) });
  const points = new VectorLayer({
    source: new Cluster({
      distance: CLUSTER_DISTANCE,
      source,
      geometryFunction: (feature) => (feature.getGeometry()?.getType() === "Point" ? (feature.getGeometry() as Point) : null),
    }),
    style: (cluster) => {
      const members: Feature[] = cluster.get("features");
      const count = members.reduce((sum, member) => sum + countOf(member), 0);
      return count === 1 ? styleOf(members[0]!) : clusterStyle(count);
    },
  });
  for (const layer of [shapes, points]) layer.set("layerId", layerId);
  return new LayerGroup({ layers: [shapes, points] });
}

/** The features a clicked feature stands for: a cluster's members, or itself. */
export const membersOf = (feature: Feature): Feature[] => feature.get("features") ?? [feature];
