import type OlMap from "ol/Map";
import Feature from "ol/Feature";
import GeoJSON from "ol/format/GeoJSON";
import type { Type } from "ol/geom/Geometry";
import Point from "ol/geom/Point";
import Draw from "ol/interaction/Draw";
import type Interaction from "ol/interaction/Interaction";
import Modify from "ol/interaction/Modify";
import Translate from "ol/interaction/Translate";
import VectorLayer from "ol/layer/Vector";
import VectorSource from "ol/source/Vector";
import type { FlatStyle } from "ol/style/flat";
import type { GraphType } from "../../../src/modules/poi/rules/kinds";
import { ontoFirstWorld } from "./first-world";
import { hasEnoughPoints } from "./min-points";

const OL_TYPE: Record<GraphType, Type> = {
  POINT: "Point",
  LINE_STRING: "LineString",
  MULTI_LINE_STRING: "MultiLineString",
  POLYGON: "Polygon",
  MULTI_POLYGON: "MultiPolygon",
};

const EDITED: FlatStyle = {
  "fill-color": "rgba(106,27,154,0.2)",
  "stroke-color": "#6A1B9A",
  "stroke-width": 3,
  "circle-radius": 7,
  "circle-fill-color": "#6A1B9A",
  "circle-stroke-color": "#fff",
  "circle-stroke-width": 2,
};

/** Above the objects and the selection, under the measuring sketch. */
const EDIT_Z = 9_990;

/** Why a drawing cannot be saved: nothing drawn yet, or too few points (spec 3: 'Error'). */
export type DrawProblem = "nothing" | "too_few";

/**
 * The drawing and editing of one object on an OpenLayers map (loaded only when someone draws): a new shape of a
 * template's graph type with ol's Draw, or an object's shape moved (Translate) and reshaped (Modify). The shape is
 * read out as GeoJSON in degrees, as layer-poi/save takes it.
 */
export class ObjectEditor {
  private readonly source = new VectorSource();
  private readonly layer = new VectorLayer({ source: this.source, style: EDITED, zIndex: EDIT_Z });
  private interactions: Interaction[] = [];
  private draw?: Draw;
  private readonly format = new GeoJSON({ dataProjection: "EPSG:4326", featureProjection: "EPSG:3857" });

  constructor(
    private readonly map: OlMap,
    private readonly graphType: GraphType,
  ) {
    map.addLayer(this.layer);
  }

  /** Starts drawing a new shape; a second one drawn replaces the first. */
  drawNew() {
    const draw = new Draw({ source: this.source, type: OL_TYPE[this.graphType], style: EDITED });
    draw.on("drawstart", () => this.source.clear());
    this.draw = draw;
    this.use(draw, new Modify({ source: this.source }));
  }

  /** Shows `geometry` (GeoJSON text in degrees) to be moved and reshaped. */
  editExisting(geometry: string) {
    this.source.clear();
    this.source.addFeature(new Feature(this.format.readGeometry(geometry) ?? undefined));
    this.use(new Translate({ layers: [this.layer] }), new Modify({ source: this.source }));
  }

  private use(...interactions: Interaction[]) {
    for (const interaction of interactions) this.map.addInteraction(interaction);
    this.interactions.push(...interactions);
  }

  /** The keyboard's way to draw (Space): a vertex at the map's centre, which the arrow keys move the map under. */
  addVertexAtCentre() {
    const centre = this.map.getView().getCenter();
    if (!this.draw || !centre) return;
    if (this.graphType !== "POINT") return this.draw.appendCoordinates([centre]);
    this.source.clear();
    this.source.addFeature(new Feature(new Point(centre)));
  }

  /** Ends a sketch in progress (Enter, or Save), as a double click would. */
  finishSketch() {
    this.draw?.finishDrawing();
  }

  /** The shape as GeoJSON text in degrees, or why there is none to save. */
  read(): { geometry: string } | { problem: DrawProblem } {
    this.finishSketch();
    const drawn = this.source.getFeatures()[0]?.getGeometry();
    if (!drawn) return { problem: "nothing" };
    const shape = ontoFirstWorld(drawn);
    const geometry = this.format.writeGeometryObject(shape, { decimals: 7 }) as { coordinates: unknown };
    return hasEnoughPoints(this.graphType, geometry.coordinates) ? { geometry: JSON.stringify(geometry) } : { problem: "too_few" };
  }

  dispose() {
    for (const interaction of this.interactions) this.map.removeInteraction(interaction);
    this.interactions = [];
    this.map.removeLayer(this.layer);
    this.source.clear();
  }
}
