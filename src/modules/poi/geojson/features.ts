/** One feature's geometry checked as an import reads it: RFC 7946 structure, then GEOS validity, then what a repair would change. */
import { readGeometry } from "../rules/geometry";
import type { GraphType } from "../rules/kinds";
import { type Geometry, repairNeeds } from "./repair";
import { geosProblem } from "./validity";

/** The template graph type that holds each importable geometry type. */
export const GRAPH_OF: Record<string, GraphType> = {
  Point: "POINT",
  LineString: "LINE_STRING",
  MultiLineString: "MULTI_LINE_STRING",
  Polygon: "POLYGON",
  MultiPolygon: "MULTI_POLYGON",
};

/** Why a feature is listed: it cannot be imported as it is (the first four), or a repair would change it (the last two). */
export type ProblemReason = "no_geometry" | "unsupported_type" | "invalid_structure" | "invalid_geometry" | "wrong_winding" | "repeated_vertices";

export type GeometryCheck =
  | { ok: true; geometry: Geometry; box: [number, number, number, number]; vertices: number; needs: ProblemReason[] }
  | { ok: false; reason: ProblemReason; message: string; place: string };

const countPositions = (value: unknown): number =>
  Array.isArray(value) ? (typeof value[0] === "number" ? 1 : value.reduce((sum: number, item) => sum + countPositions(item), 0)) : 0;

/** Checks a feature's `geometry` member. */
export async function checkGeometry(raw: unknown): Promise<GeometryCheck> {
  if (raw === null || raw === undefined) return { ok: false, reason: "no_geometry", message: "The feature has no geometry", place: "" };
  const type = typeof raw === "object" ? (raw as { type?: unknown }).type : undefined;
  const graphType = typeof type === "string" ? GRAPH_OF[type] : undefined;
  if (!graphType) return { ok: false, reason: "unsupported_type", message: `A geometry of type ${String(type)} cannot be imported`, place: "geometry.type" };
  const reading = readGeometry(graphType, raw);
  if (!reading.ok) return { ok: false, reason: "invalid_structure", message: reading.problem.message, place: reading.problem.path };
  const geometry = reading.geometry;
  if (graphType === "POLYGON" || graphType === "MULTI_POLYGON") {
    const problem = await geosProblem(JSON.stringify(geometry));
    if (problem) return { ok: false, reason: "invalid_geometry", message: problem.reason, place: problem.place };
  }
  const { winding, repeats } = repairNeeds(geometry);
  const needs: ProblemReason[] = [...(winding ? (["wrong_winding"] as const) : []), ...(repeats ? (["repeated_vertices"] as const) : [])];
  const box = reading.box;
  return { ok: true, geometry, box: [box.minLon, box.minLat, box.maxLon, box.maxLat], vertices: countPositions(geometry.coordinates), needs };
}
