import type { DataType } from "../../db/schema/data";
import { fileIcon } from "../lib/file-icons";
import { TYPE_ICONS } from "../data-types";

/** A list row's icon: a document's shows the type of its newest file, any other item its data type's. */
export const itemIcon = (item: { dataType: DataType; fileName: string | null }) =>
  item.dataType === "DOC" && item.fileName ? fileIcon(item.fileName) : TYPE_ICONS[item.dataType];
