import type { WidgetType } from "../../src/modules/widgets/limits";
import { loadViewer, type ViewerComponent } from "../viewers/registry";

/** What a widget's body is told: its source (none for a SENSOR without a unit) and the reader's rights. */
export interface WidgetContext {
  dataId: number | null;
  projectId: number;
  canModerate: boolean;
}

/**
 * The viewer each widget type draws its body with, in its compact form (the widget's frame decides its
 * height); a type without an entry says it cannot be shown yet. CHART and TABLE are the data viewers, SENSOR a
 * device unit's gauges, MAP the map in widget mode (zoom and my location; no add, measure, export or render mode).
 */
export const WIDGET_VIEWERS: Partial<Record<WidgetType, () => Promise<ViewerComponent | undefined>>> = {
  CHART: () => loadViewer("CHART"),
  TABLE: () => loadViewer("TABLE"),
  SENSOR: () => loadViewer("MODBUS_UNIT"),
  MAP: () => loadViewer("MAP"),
};
