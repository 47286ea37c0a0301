import type { Chart } from "chart.js";
import { locale } from "../lib/i18n";

/** A line of the chart: one field's points. */
export interface ChartLine {
  fieldId: number;
  label: string;
  color: string;
  points: { x: number; y: number }[];
}

/** At most this many time labels on the axis (issue 22). */
const TICKS = 10;

/**
 * A unit's readings as a Chart.js line chart on `canvas`: time along the bottom in the page's language, values on
 * the right with the fields' postfix as the axis title. Chart.js comes with the first chart (the charts' adapter).
 */
export async function drawUnitChart(canvas: HTMLCanvasElement, lines: ChartLine[], postfix: string, spanMs: number): Promise<Chart<"line", { x: number; y: number }[]>> {
  const ChartJs = (await import("../charts/chart-js")).chartFor("LINE", true);
  const day = 24 * 3600 * 1000;
  const time = new Intl.DateTimeFormat(locale(), spanMs > day ? { month: "short", day: "numeric", hour: "2-digit" } : { hour: "2-digit", minute: "2-digit", second: spanMs <= 3600_000 ? "2-digit" : undefined });
  return new ChartJs(canvas, {
    type: "line",
    data: { datasets: lines.map((line) => ({ label: line.label, data: line.points, borderColor: line.color, backgroundColor: line.color, borderWidth: 2, pointRadius: 0 })) },
    options: {
      locale: locale(),
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      parsing: false,
      scales: {
        x: { type: "linear", ticks: { maxTicksLimit: TICKS, callback: (value) => time.format(Number(value)) } },
        y: { position: "right", title: { display: Boolean(postfix), text: postfix } },
      },
    },
  });
}
