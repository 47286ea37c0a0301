import {
  mdiCalculatorVariantOutline, mdiChartBar, mdiFileChartOutline, mdiFileDocumentOutline, mdiGauge, mdiLayersOutline, mdiMapOutline, mdiTable,
} from "@mdi/js";
import { DATA_TYPES, type DataType } from "../../../db/schema";

export { DATA_TYPES, type DataType };

export const TYPE_ICONS: Record<DataType, string> = {
  DOC: mdiFileDocumentOutline,
  TABLE: mdiTable,
  LAYER: mdiLayersOutline,
  MAP: mdiMapOutline,
  CHART: mdiChartBar,
  CALC: mdiCalculatorVariantOutline,
  REPORT: mdiFileChartOutline,
  MODBUS_UNIT: mdiGauge,
};

/** The path segment of a data type: its name lowercased (MODBUS_UNIT as the spec's modbus-unit). */
export const typeSlug = (type: DataType) => type.toLowerCase().replace(/_/g, "-");

/** The data list of one type in a project. */
export const dataListPath = (projectId: number, type: DataType) => `/project/${projectId}/${typeSlug(type)}`;

/** One data item's page. */
export const dataItemPath = (projectId: number, type: DataType, id: number) => `${dataListPath(projectId, type)}/${id}`;

const NAMED_STEP_COLORS: Record<string, string> = {
  blue: "#2196f3", red: "#f44336", pink: "#e91e63", purple: "#9c27b0", indigo: "#3f51b5", cyan: "#00bcd4", teal: "#009688",
  green: "#4caf50", lime: "#cddc39", yellow: "#ffeb3b", amber: "#ffc107", orange: "#ff9800", brown: "#795548", grey: "#9e9e9e", black: "#000000",
};

/** A roadmap step's colour as #rrggbb for the view and the colour picker; blue when missing or unknown. */
export function stepColor(raw: string | undefined): string {
  const value = (raw ?? "").trim().toLowerCase();
  if (/^#[0-9a-f]{6}$/.test(value)) return value;
  if (/^#[0-9a-f]{3}$/.test(value)) return `#${[...value.slice(1)].map((c) => c + c).join("")}`;
  if (/^#[0-9a-f]{8}$/.test(value)) return value.slice(0, 7);
  return NAMED_STEP_COLORS[value] ?? NAMED_STEP_COLORS.blue;
}
