import { DATA_TYPES, type DataType } from "../../../db/schema";
import { TYPE_ICONS } from "../../../islands/data-types";

export { DATA_TYPES, TYPE_ICONS, type DataType };

/**
 * The data type a list path names (src/lib/data-paths.ts builds them): any case, and modbus-unit
 * (the spec's detail route) for MODBUS_UNIT; undefined for anything else.
 */
export function dataTypeParam(value: string | undefined): DataType | undefined {
  const type = (value ?? "").toUpperCase().replace(/-/g, "_");
  return DATA_TYPES.includes(type as DataType) ? (type as DataType) : undefined;
}
