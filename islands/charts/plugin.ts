import { mdiChartBar } from "@mdi/js";
import type { BrowserDataType } from "../data/plugin";

/** CHART: drawn from a table; made with the chart wizard. */
export const chartType: BrowserDataType = {
  type: "CHART",
  icon: mdiChartBar,
  viewer: () => import("./viewer"),
  creator: () => import("./wizard").then((module) => ({ default: module.ChartCreator })),
};
