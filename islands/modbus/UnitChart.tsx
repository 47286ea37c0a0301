import type { Chart } from "chart.js";
import { useEffect, useRef, useState } from "react";
import type { Wire } from "../../src/lib/responses";
import type { PresentedUnit } from "../../src/modules/modbus/presenter";
import { live } from "../lib/live";
import { call, server } from "../lib/server";
import { useT } from "../lib/ui/i18n";
import { type ChartLine, drawUnitChart } from "./unit-chart";

const HOUR = 3600_000;
/** The history ranges offered; modbus-reader/history picks the resolution each needs. */
const RANGES = { HOUR, DAY: 24 * HOUR, WEEK: 7 * 24 * HOUR, MONTH: 30 * 24 * HOUR } as const;
type Range = keyof typeof RANGES;

/** What the unit's topic carries that the chart draws (src/modules/modbus/poller.ts). */
type Reading = { type: "READING"; date: number; readings: { fieldId: number; value: number }[] };

/**
 * The live chart of a unit's readings (issue 22): a range of history, with each new reading appended as the
 * unit's topic brings it. The count of points drawn is said beside it.
 */
export function UnitChart({ unit }: { unit: Wire<PresentedUnit> }) {
  const { t, tf } = useT();
  const [range, setRange] = useState<Range>("HOUR");
  const [points, setPoints] = useState(0);
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let chart: Chart<"line", { x: number; y: number }[]> | undefined;
    let gone = false;
    const count = () => setPoints(chart ? chart.data.datasets.reduce((sum, set) => sum + set.data.length, 0) : 0);
    const to = Date.now();
    const numeric = unit.fields;
    const postfix = [...new Set(numeric.map((f) => f.postfix.trim()).filter(Boolean))].join(", ");
    call(server["modbus-reader"].history({ unitId: unit.id }).get({ query: { from: to - RANGES[range], to } })).then(async (history) => {
      const lines: ChartLine[] = numeric.map((field) => ({
        fieldId: field.id,
        label: field.name,
        color: `#${field.color}`,
        points: (history.series.find((s) => s.fieldId === field.id)?.points ?? []).map((p) => ({ x: p.date, y: p.value })),
      }));
      const drawn = await drawUnitChart(canvas.current!, lines, postfix, RANGES[range]);
      if (gone) return drawn.destroy();
      chart = drawn;
      count();
    }, () => setPoints(0));
    const stop = live.subscribe(`/ws-broker/${unit.id}`, (body) => {
      const event = body as Reading;
      if (event.type !== "READING" || !chart) return;
      for (const reading of event.readings) {
        const at = numeric.findIndex((f) => f.id === reading.fieldId);
        if (at < 0) continue;
        const line = chart.data.datasets[at].data;
        line.push({ x: event.date, y: reading.value });
        // A page left open keeps only its range: the points that slid out of it go.
        while (line.length && line[0]!.x < event.date - RANGES[range]) line.shift();
      }
      chart.update("none");
      count();
    });
    return () => {
      gone = true;
      stop();
      chart?.destroy();
    };
  }, [unit, range]);
  return (
    <figure className="unit-chart">
      <div className="unit-chart__ranges" role="group" aria-label={t("modbus.range")}>
        {(Object.keys(RANGES) as Range[]).map((key) => (
          <button key={key} type="button" className={key === range ? "btn" : "btn btn--ghost"} aria-pressed={key === range} onClick={() => setRange(key)}>
            {t(`modbus.range.${key}`)}
          </button>
        ))}
      </div>
      <div className="unit-chart__canvas">
        <canvas ref={canvas} aria-label={t("modbus.chart")} role="img" />
      </div>
      <figcaption className="unit-chart__caption">
        {t("modbus.chart")} · <span className="unit-chart__points">{tf("modbus.chartPoints", { count: points })}</span>
      </figcaption>
    </figure>
  );
}
