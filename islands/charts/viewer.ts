import { mdiCogOutline, mdiTableLarge } from "@mdi/js";
import type { Wire } from "../../src/lib/responses";
import { dataItemPath } from "../../src/lib/data-paths";
import type { PresentedChartData } from "../../src/modules/charts/presenter";
import { api } from "../lib/api";
import { errorText } from "../lib/failures";
import { t } from "../lib/i18n";
import type { MountedViewer, ViewerContext } from "../viewers/registry";
import type { DrawnChart } from "./draw";
import { adoptChartStyles, showFigure } from "./figure";
import { element, icon } from "../lib/dom";

type ChartData = Wire<PresentedChartData>;

/**
 * The CHART viewer (spec 2, "Chart view"): the chart at height 500 (a compact host decides its own),
 * a go-to-table link and, for moderators, the settings button that reopens the wizard on this chart.
 * What it draws comes from chart/data, computed on the server from the table.
 */
export async function mount(host: HTMLElement, context: ViewerContext): Promise<MountedViewer> {
  adoptChartStyles();
  const root = element("div", context.compact ? "chart chart--compact" : "chart");
  const bar = element("div", "chart__bar");
  const figureBox = element("div");
  figureBox.className = "chart__figure";
  root.append(bar, figureBox);
  host.append(root);
  let drawn: DrawnChart | undefined;
  let destroyed = false;

  async function load() {
    let data: ChartData;
    try {
      data = await api<ChartData>("chart/data", { query: { id: context.dataId } });
    } catch (error) {
      figureBox.replaceChildren(element("p", "chart__note chart__note--error", errorText(error)));
      return;
    }
    if (destroyed) return;
    drawn?.destroy();
    bar.replaceChildren();
    if (!context.compact && data.settings) {
      const link = element("a", "btn btn--ghost");
      link.href = dataItemPath(context.projectId, "TABLE", data.settings.table);
      link.append(icon(mdiTableLarge), t("chart.goToTable"));
      bar.append(link);
    }
    if (!context.compact && context.canModerate) {
      const settings = element("button", "btn btn--ghost");
      settings.type = "button";
      settings.setAttribute("aria-haspopup", "dialog");
      settings.append(icon(mdiCogOutline), t("chart.settings"));
      settings.addEventListener("click", async () => {
        const { openChartWizard } = await import("./wizard");
        openChartWizard({ projectId: context.projectId, chartId: context.dataId, onSaved: () => void load() });
      });
      bar.append(settings);
    }
    drawn = await showFigure(figureBox, data, data.name);
  }

  await load();
  return {
    destroy() {
      destroyed = true;
      drawn?.destroy();
      root.remove();
    },
  };
}
