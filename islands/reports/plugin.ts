import { mdiFileChartOutline } from "@mdi/js";
import type { BrowserDataType } from "../data/plugin";

/** REPORT: rich text with live data blocks; made from a name (empty). */
export const reportType: BrowserDataType = {
  type: "REPORT",
  icon: mdiFileChartOutline,
  viewer: () => import("./viewer"),
  creator: () => import("../data/new-item"),
};
