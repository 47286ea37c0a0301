import { mountComponent } from "../lib/mount-component";
import type { ViewerContext } from "../viewers/registry";
import { ChartViewer } from "./ChartViewer";
import { adoptChartStyles } from "./styles";

/** The CHART viewer as the viewer registry mounts it (islands/viewers/registry.ts). */
export function mount(host: HTMLElement, context: ViewerContext) {
  adoptChartStyles();
  return mountComponent(host, <ChartViewer {...context} />);
}
