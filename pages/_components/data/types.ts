import { DATA_TYPES, type DataType } from "../../../db/schema";
import { fileIcon } from "../../../islands/lib/file-icons";
import { TYPE_ICONS } from "../../../islands/lib/type-icons";

export { DATA_TYPES, TYPE_ICONS, type DataType };

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
