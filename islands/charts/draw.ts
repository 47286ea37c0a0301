import type { Wire } from "../../src/lib/responses";
import type { PresentedChartData } from "../../src/modules/charts/presenter";
import { seriesColor } from "../../src/modules/charts/palette";
import type { ChartSettings } from "../../src/modules/charts/types";
import { locale } from "../lib/i18n";

/** What a chart draws: its settings and the labels and datasets chart/data (or chart/preview) answered. */
export type Drawing = Pick<Wire<PresentedChartData>, "labels" | "datasets"> & { settings: Pick<ChartSettings, "type" | "showDetails"> };

/** A drawn chart: `toggle(n)` hides or shows series (or slice) n, `destroy()` frees the canvas. */
export interface DrawnChart {
  toggle(n: number): boolean;
  destroy(): void;
}

const round = (type: ChartSettings["type"]) => type === "PIE" || type === "DOUGHNUT";

/**
 * The one function that draws a chart onto a canvas (the viewer, the wizard's preview, report images
 * and the public page): Chart.js loaded on first use, numbers in the page's language, colours by
 * the readable palette. `still` draws once at the canvas' own size with no animation (for images);
 * `canvasLegend` draws the legend on the canvas (images), otherwise the caller shows its own.
 */
export async function drawChart(canvas: HTMLCanvasElement, drawing: Drawing, { still = false, canvasLegend = false } = {}): Promise<DrawnChart> {
  const { type, showDetails } = drawing.settings;
  const Chart = (await import("./chart-js")).chartFor(type, showDetails);
  const pie = round(type);
  const chart = new Chart(canvas, {
    type: type.toLowerCase() as "bar",
    data: {
      labels: drawing.labels,
      datasets: drawing.datasets.map((set, n) => ({
        label: set.label,
        data: set.data,
        backgroundColor: pie ? drawing.labels.map((_, i) => seriesColor(i)) : seriesColor(n),
        borderColor: pie ? "#fff" : seriesColor(n),
        borderWidth: pie ? 1 : 2,
      })),
    },
    options: {
      locale: locale(),
      responsive: !still,
      maintainAspectRatio: false,
      animation: still ? false : undefined,
      devicePixelRatio: still ? 1 : undefined,
      plugins: {
        legend: { display: showDetails && canvasLegend },
        tooltip: { enabled: showDetails },
      },
    },
  });
  return {
    toggle(n) {
      if (pie) chart.toggleDataVisibility(n);
      else chart.setDatasetVisibility(n, !chart.isDatasetVisible(n));
      chart.update();
      return pie ? chart.getDataVisibility(n) : chart.isDatasetVisible(n);
    },
    destroy: () => chart.destroy(),
  };
}
