import {
  ArcElement, BarController, BarElement, CategoryScale, Chart, DoughnutController, Legend, LinearScale, LineController, LineElement, PieController,
  PointElement, RadarController, RadialLinearScale, Tooltip, type ChartComponentLike,
} from "chart.js";
import type { ChartType } from "../../src/modules/charts/types";

/**
 * Chart.js as the charts load it on demand: named imports (tree-shaken, never chart.js/auto), and
 * per chart type only what it needs registered.
 */
const PARTS: Record<ChartType, ChartComponentLike[]> = {
  LINE: [LineController, LineElement, PointElement, CategoryScale, LinearScale],
  BAR: [BarController, BarElement, CategoryScale, LinearScale],
  PIE: [PieController, ArcElement],
  DOUGHNUT: [DoughnutController, ArcElement],
  RADAR: [RadarController, LineElement, PointElement, RadialLinearScale],
};

/** Chart with the parts of `type` registered, and the legend and tooltips when details are shown. */
export function chartFor(type: ChartType, details: boolean) {
  Chart.register(...PARTS[type], ...(details ? [Legend, Tooltip] : []));
  return Chart;
}
