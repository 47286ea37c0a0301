import { mdiTable } from "@mdi/js";
import type { BrowserDataType } from "../data/plugin";

/** TABLE: the grid viewer; made by importing a spreadsheet. */
export const tableType: BrowserDataType = {
  type: "TABLE",
  icon: mdiTable,
  viewer: () => import("./viewer"),
  creator: () => import("./import"),
};
