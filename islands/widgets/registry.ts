import type { WidgetType } from "../../src/modules/widgets/limits";
import { mountViewer, type MountedViewer } from "../viewers/registry";

/** What a widget's body is told: its source (none for a SENSOR without a unit) and the reader's rights. */
export interface WidgetContext {
  dataId: number | null;
  projectId: number;
  canModerate: boolean;
}

type WidgetRenderer = (host: HTMLElement, context: WidgetContext) => Promise<MountedViewer | undefined>;

/** A data viewer of islands/viewers in its compact form: the widget's frame decides its height. */
const viewerOf =
  (type: "CHART" | "TABLE"): WidgetRenderer =>
  async (host, { dataId, projectId, canModerate }) =>
    dataId === null ? undefined : mountViewer(type, host, { dataId, projectId, canModerate, compact: true });

/**
 * How each widget type draws its body; a type without an entry (or whose viewer is missing) says it
 * cannot be shown yet. CHART and TABLE mount the data viewers; MAP and SENSOR arrive with the maps and
 * device issues, each as one entry here.
 */
export const WIDGET_RENDERERS: Partial<Record<WidgetType, WidgetRenderer>> = {
  CHART: viewerOf("CHART"),
  TABLE: viewerOf("TABLE"),
};
