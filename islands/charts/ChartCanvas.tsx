import { type ReactNode, useEffect, useRef } from "react";
import { type Drawing, type DrawnChart, drawChart } from "./draw";

/**
 * Chart.js behind one canvas: drawn when the drawing changes, destroyed on unmount. `onDrawn` gets
 * the drawn chart (for the legend's toggles), or undefined once it is gone. Children are the
 * canvas' fallback content.
 */
export function ChartCanvas({ drawing, label, onDrawn, children }: { drawing: Drawing; label: string; onDrawn: (drawn: DrawnChart | undefined) => void; children: ReactNode }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const report = useRef(onDrawn);
  report.current = onDrawn;
  useEffect(() => {
    let drawn: DrawnChart | undefined;
    let gone = false;
    void drawChart(canvas.current!, drawing).then((made) => {
      if (gone) return made.destroy();
      drawn = made;
      report.current(made);
    });
    return () => {
      gone = true;
      drawn?.destroy();
      report.current(undefined);
    };
  }, [drawing]);
  return (
    <canvas ref={canvas} aria-label={label}>
      {children}
    </canvas>
  );
}
