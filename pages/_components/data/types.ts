import {
  mdiCalculatorVariantOutline, mdiChartBar, mdiFileChartOutline, mdiFileDocumentOutline, mdiGauge, mdiLayersOutline, mdiMapOutline, mdiTable,
} from "@mdi/js";
import { DATA_TYPES, type DataType } from "../../../db/schema";
import { fileIcon } from "../../../islands/lib/file-icons";

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

/** A list row's icon: a document's shows the type of its newest file, any other item its data type's. */
export const itemIcon = (item: { dataType: DataType; fileName: string | null }) =>
  item.dataType === "DOC" && item.fileName ? fileIcon(item.fileName) : TYPE_ICONS[item.dataType];

/**
 * The data type a list path names (src/lib/data-paths.ts builds them): any case, and modbus-unit
 * (the spec's detail route) for MODBUS_UNIT; undefined for anything else.
 */
export function dataTypeParam(value: string | undefined): DataType | undefined {
  const type = (value ?? "").toUpperCase().replace(/-/g, "_");
  return DATA_TYPES.includes(type as DataType) ? (type as DataType) : undefined;
}
