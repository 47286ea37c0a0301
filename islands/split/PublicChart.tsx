import { useEffect, useRef } from "react";
import type { PresentedPublicData } from "../../src/modules/public-data/presenter";

/**
 * Adapter of the charts' figure (islands/charts/figure.ts, Chart.js loaded only here, on demand): draws
 * the chart the server computed into its own element and destroys it on unmount.
 */
export function PublicChart({ chart, name }: { chart: NonNullable<PresentedPublicData["chart"]>; name: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let gone = false;
    const drawn = import("../charts/figure").then(({ adoptChartStyles, showFigure }) => {
      if (gone) return undefined;
      adoptChartStyles();
      return showFigure(box.current!, chart, name);
    });
    return () => {
      gone = true;
      void drawn.then((shown) => shown?.destroy());
    };
  }, [chart, name]);
  return <div ref={box} className="chart" id="pub-chart" />;
}
