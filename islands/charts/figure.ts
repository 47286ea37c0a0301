import styles from "../../pages/_components/charts/charts.css?inline";
import { seriesColor } from "../../src/modules/charts/palette";
import { CHART_LIMITS } from "../../src/modules/charts/limits";
import { locale, t, tf } from "../lib/i18n";
import { adoptStyles } from "../lib/styles";
import { drawChart, type Drawing, type DrawnChart } from "./draw";
import { element } from "../lib/dom";

/** The charts' styles, adopted once where a chart or the wizard appears (islands/lib/styles.ts says why). */
export const adoptChartStyles = () => adoptStyles(styles);

/** A chart's drawing as chart/data and chart/preview answer it, with what is wrong with it. */
export type Figure = Omit<Drawing, "settings"> & { settings: Drawing["settings"] | null; missing: string[]; tableMissing: boolean; truncated: boolean };

const note = (text: string, error = false) => {
  const p = element("p", error ? "chart__note chart__note--error" : "chart__note", text);
  p.setAttribute("role", error ? "alert" : "status");
  return p;
};

/**
 * The legend as buttons (showDetails): one per series, or per slice of a pie; each hides and shows
 * its part of the chart and says so with aria-pressed, so the keyboard reaches what the canvas cannot.
 */
function legend(figure: Figure, drawn: DrawnChart) {
  const pie = figure.settings!.type === "PIE" || figure.settings!.type === "DOUGHNUT";
  const names = pie ? figure.labels : figure.datasets.map((set) => set.label);
  const list = element("ul", "chart__legend");
  names.forEach((name, n) => {
    const button = element("button");
    button.type = "button";
    button.setAttribute("aria-pressed", "true");
    const swatch = element("span", "chart__swatch");
    swatch.style.background = seriesColor(n);
    button.append(swatch, element("span", undefined, name));
    button.addEventListener("click", () => button.setAttribute("aria-pressed", String(drawn.toggle(n))));
    const item = element("li");
    item.append(button);
    list.append(item);
  });
  return list;
}

/** The chart's numbers as a table inside the canvas: what a screen reader reads instead of the picture. */
function fallbackTable(figure: Figure, name: string) {
  const table = element("table");
  table.append(element("caption", undefined, name));
  const head = table.createTHead().insertRow();
  head.append(element("th", undefined, ""), ...figure.datasets.map((set) => element("th", undefined, set.label)));
  const body = table.createTBody();
  figure.labels.forEach((label, i) => {
    const row = body.insertRow();
    row.append(element("th", undefined, label));
    for (const set of figure.datasets) row.insertCell().textContent = set.data[i] === null ? "" : set.data[i]!.toLocaleString(locale());
  });
  return table;
}

/**
 * Shows a chart in `box` (emptied first): what keeps it from being drawn (its table or a column
 * gone, no settings, no rows) as a message, else the canvas, a note when only the first rows are
 * drawn, and the legend. Resolves to the drawn chart (undefined when nothing was drawn).
 */
export async function showFigure(box: HTMLElement, figure: Figure, name: string): Promise<DrawnChart | undefined> {
  box.replaceChildren();
  const problem = !figure.settings
    ? t("chart.notConfigured")
    : figure.tableMissing
      ? t("chart.tableMissing")
      : figure.missing.length
        ? figure.missing.map((column) => tf("chart.columnMissing", { name: column })).join(" ")
        : figure.labels.length === 0
          ? t("chart.noRows")
          : undefined;
  if (problem) {
    box.append(note(problem, true));
    return undefined;
  }
  if (figure.truncated) box.append(note(tf("chart.truncated", { count: CHART_LIMITS.points })));
  const stage = element("div", "chart__stage");
  const canvas = element("canvas");
  canvas.setAttribute("aria-label", tf("chart.canvasLabel", { name }));
  canvas.append(fallbackTable(figure, name));
  stage.append(canvas);
  box.append(stage);
  const drawn = await drawChart(canvas, figure as Drawing);
  if (figure.settings!.showDetails) box.append(legend(figure, drawn));
  return drawn;
}
