/**
 * What the GeoJSON import dialog sends (spec 3, "GeoJSON import dialog"): for each geometry group with a layer and a
 * template chosen, layer-poi/save-all's items, values taken from the properties each template field is mapped to;
 * features the check found invalid are left out, those a person chose to skip too, and those they chose to repair
 * go with the repaired geometry the server worked out.
 */
import type { Wire } from "../../src/lib/responses";
import type { GraphType } from "../../src/modules/poi/rules/kinds";
import { call, server } from "../lib/server";

/** The server's report on a file (layer-poi/geo-json/check): its groups, and the features that cannot be imported as they are. */
export const checkFile = (file: File, signal: AbortSignal) => call(server["layer-poi"]["geo-json"].check.post({ file }, { fetch: { signal } }));
export type CheckReport = Awaited<ReturnType<typeof checkFile>>;

export interface Feature {
  geometry: { type: string; coordinates: unknown } | null;
  properties?: Record<string, unknown> | null;
}
export interface ImportField {
  id: number;
  name: string;
  type: string;
}
export interface GroupChoice {
  layerId?: number;
  templateId?: number;
  /** Template field id → the property name read into it. */
  mapping: Record<number, string>;
}
export interface Problem {
  index: number;
  reason: string;
  message: string;
  place: string;
  repaired?: unknown;
}

/** The template graph types a group of each geometry type may go into (a Polygon becomes a one-part MultiPolygon). */
export const GRAPH_TYPES_FOR: Record<string, GraphType[]> = {
  Point: ["POINT"],
  LineString: ["LINE_STRING", "MULTI_LINE_STRING"],
  MultiLineString: ["MULTI_LINE_STRING"],
  Polygon: ["POLYGON", "MULTI_POLYGON"],
  MultiPolygon: ["MULTI_POLYGON"],
};

/** The mapping a group starts with: each field to the property of the same name, ignoring case, when there is one. */
export function initialMapping(fields: ImportField[], properties: string[]): Record<number, string> {
  const byName = new Map(properties.map((name) => [name.toLowerCase(), name]));
  return Object.fromEntries(fields.flatMap((field) => (byName.has(field.name.toLowerCase()) ? [[field.id, byName.get(field.name.toLowerCase())!]] : [])));
}

/** A property's value as a field of `type` takes it (numbers for text fields as text; "a, b" for a multiple list as a list). */
function valueFor(type: string, value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (type === "NUMBER" || type === "BOOLEAN") return value;
  if (type === "MULTIPLE_LIST") return Array.isArray(value) ? value.map(String) : String(value).split(",").map((item) => item.trim());
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

/** Whether a problem leaves its feature out: any it cannot be imported with, and a repairable one unless repair was chosen. */
const leftOut = (problem: Problem | undefined, repair: ReadonlySet<number>) => !!problem && !(problem.repaired && repair.has(problem.index));

/** The save-all items of one group, in file order. */
export function groupItems(features: Feature[], type: string, choice: GroupChoice, fields: ImportField[], problems: Map<number, Problem>, repair: ReadonlySet<number>) {
  const items: { layer: { id: number }; template: { id: number }; geometry: string; properties: { field: { id: number }; value: Wire<unknown> }[] }[] = [];
  features.forEach((feature, index) => {
    const problem = problems.get(index);
    if (feature?.geometry?.type !== type || leftOut(problem, repair)) return;
    const geometry = problem?.repaired ?? feature.geometry;
    const properties = fields.flatMap((field) => {
      const name = choice.mapping[field.id];
      const value = name ? valueFor(field.type, feature.properties?.[name]) : undefined;
      return value === undefined ? [] : [{ field: { id: field.id }, value }];
    });
    items.push({ layer: { id: choice.layerId! }, template: { id: choice.templateId! }, geometry: JSON.stringify(geometry), properties });
  });
  return items;
}
