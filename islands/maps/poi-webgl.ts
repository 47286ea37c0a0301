import type Feature from "ol/Feature";
import type { Geometry } from "ol/geom";
import WebGLVectorLayer from "ol/layer/WebGLVector";
import type VectorSource from "ol/source/Vector";
import type { ExpressionValue } from "ol/expr/expression";
import type { FlatStyle, Rule } from "ol/style/flat";
import type { PoiStyle } from "./poi-layer";

type Painted = Pick<PoiStyle, "id" | "stroke" | "fill" | "strokeWidth">;

/**
 * One value per style id, as a WebGL expression: the server has already applied each template's rules (LIKE
 * included, which WebGL expressions lack) and named the resulting style on every object.
 */
function byStyle<T extends string | number>(styles: Painted[], pick: (style: Painted) => T, fallback: T): T | ExpressionValue[] {
  if (!styles.length) return fallback;
  return ["match", ["get", "styleId"], ...styles.flatMap((style) => [style.id, pick(style)]), fallback];
}

/** The flat style drawing every object (points, lines, areas) in its style; the server's clusters are left out. */
function webglStyle(styles: Painted[], fallback: Omit<Painted, "id">): Rule[] {
  const fill = byStyle(styles, (style) => style.fill, fallback.fill);
  const stroke = byStyle(styles, (style) => style.stroke, fallback.stroke);
  const width = byStyle(styles, (style) => style.strokeWidth, fallback.strokeWidth);
  const style: FlatStyle = {
    "fill-color": fill,
    "stroke-color": stroke,
    "stroke-width": width,
    "circle-radius": 7,
    "circle-fill-color": fill,
    "circle-stroke-color": stroke,
    "circle-stroke-width": width,
  };
  return [{ filter: ["!", ["get", "cluster"]], style }];
}

/** The objects of `source` drawn through ol's WebGLVectorLayer; this module is loaded only when WebGL is switched on. */
export const webglObjects = (source: VectorSource<Feature<Geometry>>, styles: Painted[], fallback: Omit<Painted, "id">) =>
  new WebGLVectorLayer({ source, style: webglStyle(styles, fallback) });
