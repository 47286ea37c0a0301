import { useState } from "react";
import { CHART_LIMITS } from "../../src/modules/charts/limits";
import { seriesColor } from "../../src/modules/charts/palette";
import { type Strings, useT } from "../lib/ui/i18n";
import { ChartCanvas } from "./ChartCanvas";
import type { Drawing, DrawnChart } from "./draw";

/** A chart's drawing as chart/data and chart/preview answer it, with what is wrong with it. */
export type Figure = Omit<Drawing, "settings"> & { settings: Drawing["settings"] | null; missing: string[]; tableMissing: boolean; truncated: boolean; skipped?: number };

function Note({ text, error = false }: { text: string; error?: boolean }) {
  return (
    <p className={error ? "chart__note chart__note--error" : "chart__note"} role={error ? "alert" : "status"}>
      {text}
    </p>
  );
}

/** The chart's numbers as a table inside the canvas: what a screen reader reads instead of the picture. */
function FallbackTable({ figure, name }: { figure: Figure; name: string }) {
  const { locale } = useT();
  return (
    <table>
      <caption>{name}</caption>
      <thead>
        <tr>
          <th />
          {figure.datasets.map((set, n) => (
            <th key={n}>{set.label}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {figure.labels.map((label, i) => (
          <tr key={i}>
            <th>{label}</th>
            {figure.datasets.map((set, n) => (
              <td key={n}>{set.data[i] === null ? "" : set.data[i]!.toLocaleString(locale)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The legend as buttons (showDetails): one per series, or per slice of a pie; each hides and shows
 * its part of the chart and says so with aria-pressed, so the keyboard reaches what the canvas cannot.
 */
function Legend({ figure, drawn }: { figure: Figure; drawn: DrawnChart | undefined }) {
  const pie = figure.settings!.type === "PIE" || figure.settings!.type === "DOUGHNUT";
  const names = pie ? figure.labels : figure.datasets.map((set) => set.label);
  const [hidden, setHidden] = useState<ReadonlySet<number>>(new Set());
  const toggle = (n: number) => {
    if (!drawn) return;
    const shown = drawn.toggle(n);
    setHidden((now) => new Set([...now].filter((m) => m !== n).concat(shown ? [] : [n])));
  };
  return (
    <ul className="chart__legend">
      {names.map((name, n) => (
        <li key={n}>
          <button type="button" aria-pressed={!hidden.has(n)} onClick={() => toggle(n)}>
            <span className="chart__swatch" style={{ background: seriesColor(n) }} />
            <span>{name}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** What keeps a figure from being drawn (its table or a column gone, no settings, no rows), if anything. */
export function figureProblem(figure: Figure, { t, tf }: Pick<Strings, "t" | "tf">): string | undefined {
  if (!figure.settings) return t("chart.notConfigured");
  if (figure.tableMissing) return t("chart.tableMissing");
  if (figure.missing.length) return figure.missing.map((column) => tf("chart.columnMissing", { name: column })).join(" ");
  return figure.labels.length === 0 ? t("chart.noRows") : undefined;
}

/**
 * A chart, or what keeps it from being drawn as a message: the canvas, a note when only the first
 * rows are drawn or rows whose label is no date are left out of a date axis, and the legend when details are shown.
 */
export function ChartFigure({ figure, name }: { figure: Figure; name: string }) {
  const strings = useT();
  const [drawn, setDrawn] = useState<DrawnChart>();
  const problem = figureProblem(figure, strings);
  if (problem) return <Note text={problem} error />;
  return (
    <>
      {figure.truncated && <Note text={strings.tf("chart.truncated", { count: CHART_LIMITS.points })} />}
      {Boolean(figure.skipped) && <Note text={strings.tf("chart.skipped", { count: figure.skipped! })} />}
      <div className="chart__stage">
        <ChartCanvas drawing={figure as Drawing} label={strings.tf("chart.canvasLabel", { name })} onDrawn={setDrawn}>
          <FallbackTable figure={figure} name={name} />
        </ChartCanvas>
      </div>
      {figure.settings!.showDetails && <Legend key={drawn ? 1 : 0} figure={figure} drawn={drawn} />}
    </>
  );
}
