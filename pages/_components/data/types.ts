import {
  mdiCalculatorVariantOutline, mdiChartBar, mdiFileChartOutline, mdiFileDocumentOutline, mdiGauge, mdiLayersOutline, mdiMapOutline, mdiTable,
} from "@mdi/js";
import { DATA_TYPES, type DataType } from "../../../db/schema";

/** Icons of the data types (the same as the project pages show). */
export const DATA_TYPE_ICONS: Record<DataType, string> = {
  DOC: mdiFileDocumentOutline,
  TABLE: mdiTable,
  LAYER: mdiLayersOutline,
  MAP: mdiMapOutline,
  CHART: mdiChartBar,
  CALC: mdiCalculatorVariantOutline,
  REPORT: mdiFileChartOutline,
  MODBUS_UNIT: mdiGauge,
};

/**
 * The data type a list path names: any case, and modbus-unit (the spec's detail route) for
 * MODBUS_UNIT; undefined for anything else.
 */
export function dataTypeParam(value: string | undefined): DataType | undefined {
  const type = (value ?? "").toUpperCase().replace(/-/g, "_");
  return DATA_TYPES.includes(type as DataType) ? (type as DataType) : undefined;
}
