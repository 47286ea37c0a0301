import {
  mdiCalculatorVariantOutline, mdiChartBar, mdiFileChartOutline, mdiFileDocumentOutline, mdiGauge, mdiLayersOutline, mdiMapOutline, mdiTable,
} from "@mdi/js";
import type { DataType } from "../../db/schema/data";

/** Icons of the data types, for the pages and the islands alike. */
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
