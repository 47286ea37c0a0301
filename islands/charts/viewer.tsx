import type { ViewerContext } from "../viewers/registry";
import { ChartViewer } from "./ChartViewer";
import { adoptChartStyles } from "./styles";

// This module comes only when a chart is first shown, in the browser: its styles come with it.
adoptChartStyles();

/** The CHART viewer (islands/viewers/registry.ts). */
export default function ChartTypeViewer(context: ViewerContext) {
  return <ChartViewer {...context} />;
}
