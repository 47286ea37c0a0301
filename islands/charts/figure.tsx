import { mountComponent } from "../lib/mount-component";
import { ChartFigure, type Figure } from "./ChartFigure";

export { adoptChartStyles } from "./styles";

/** Shows a chart in `box` for a host not yet a component (islands/split/public-page.ts). */
export function showFigure(box: HTMLElement, figure: Figure, name: string) {
  return mountComponent(box, <ChartFigure figure={figure} name={name} />);
}
