import { call, server } from "../lib/server";
import { drawChart, type Drawing } from "./draw";

/**
 * A saved chart as a PNG data URL (reports export charts as images): drawn once, still, at
 * `width` × `height` with its legend on the canvas, off the page. Rejects when the chart cannot be
 * drawn (no settings, its table or a column gone, no rows) or the call fails.
 */
export async function chartImage(dataId: number, width = 1000, height = 500): Promise<string> {
  const data = await call(server.chart.data.get({ query: { id: dataId } }));
  if (!data.settings || data.tableMissing || data.missing.length || !data.labels.length) throw new Error(`chart ${dataId} cannot be drawn`);
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const drawn = await drawChart(canvas, data as Drawing, { still: true, canvasLegend: true });
  try {
    return canvas.toDataURL("image/png");
  } finally {
    drawn.destroy();
  }
}
