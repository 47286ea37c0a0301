import type { WidgetType } from "../../src/modules/widgets/limits";
import { mountViewer, type MountedViewer } from "../viewers/registry";
import { t } from "../lib/i18n";
import { reportFailure } from "../lib/failures";

/** What a widget's body is told: its source (none for a SENSOR without a unit) and the reader's rights. */
interface WidgetContext {
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

/**
 * Draws a widget's body into `host` (the static grid and the editable one both use it); resolves to
 * the function that takes it down again. A failed load shows the generic error toast (spec 2: table
 * and chart widget loads) and says so in the widget.
 */
export async function mountWidgetBody(host: HTMLElement, type: WidgetType, context: WidgetContext): Promise<() => void> {
  const note = (text: string) => {
    const p = document.createElement("p");
    p.className = "widget__note";
    p.textContent = text;
    host.replaceChildren(p);
  };
  const render = WIDGET_RENDERERS[type];
  try {
    const viewer = render ? await render(host, context) : undefined;
    if (viewer) return () => viewer.destroy();
    note(type === "SENSOR" && context.dataId === null ? t("widget.sensorEmpty") : t("widget.unavailable"));
  } catch (error) {
    reportFailure(error, t("common.error"));
    note(t("common.error"));
  }
  return () => host.replaceChildren();
}
