import {
  mdiCalculatorVariantOutline, mdiChartBar, mdiFileChartOutline, mdiFileDocumentOutline, mdiGauge, mdiLayersOutline, mdiMapOutline, mdiTable,
} from "@mdi/js";
import { DATA_TYPES, type DataType } from "../../../db/schema";

export { DATA_TYPES, type DataType };

/** Icons of the data types. */
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

/**
 * The data type a list path names: any case, and modbus-unit (the spec's detail route) for
 * MODBUS_UNIT; undefined for anything else.
 */
export function dataTypeParam(value: string | undefined): DataType | undefined {
  const type = (value ?? "").toUpperCase().replace(/-/g, "_");
  return DATA_TYPES.includes(type as DataType) ? (type as DataType) : undefined;
}
