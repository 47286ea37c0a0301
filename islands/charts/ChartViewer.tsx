import { mdiCogOutline, mdiTableLarge } from "@mdi/js";
import { useCallback, useEffect, useState } from "react";
import { dataItemPath } from "../../src/lib/data-paths";
import { errorText } from "../lib/failures";
import { server, call } from "../lib/server";
import { Icon } from "../lib/ui/Icon";
import { OnDemand } from "../lib/ui/OnDemand";
import { useT } from "../lib/ui/i18n";
import type { ViewerContext } from "../viewers/registry";
import type { ChartWizardOptions } from "./wizard-store";
import { ChartFigure } from "./ChartFigure";

type ChartData = Awaited<ReturnType<typeof loadChart>>;

const loadChart = (id: number) => call(server.chart.data.get({ query: { id } }));

// The wizard and its store are loaded on the first click: a dashboard's compact charts never open it.
const loadWizard = () => import("./wizard");

/**
 * The CHART viewer (spec 2, "Chart view"): the chart at height 500 (a compact host decides its own),
 * a go-to-table link and, for moderators, the settings button that reopens the wizard on this chart.
 * What it draws comes from chart/data, computed on the server from the table.
 */
export function ChartViewer({ dataId, projectId, canModerate, compact }: ViewerContext) {
  const { t } = useT();
  const [data, setData] = useState<ChartData>();
  const [failure, setFailure] = useState<string>();
  const [wizard, setWizard] = useState<ChartWizardOptions>();
  const load = useCallback(() => {
    loadChart(dataId).then(
      (answer) => setData(answer),
      (error) => setFailure(errorText(error)),
    );
  }, [dataId]);
  useEffect(load, [load]);
  return (
    <div className={compact ? "chart chart--compact" : "chart"}>
      <div className="chart__bar">
        {!compact && data?.settings && (
          <a className="btn btn--ghost" href={dataItemPath(projectId, "TABLE", data.settings.table)}>
            <Icon path={mdiTableLarge} />
            {t("chart.goToTable")}
          </a>
        )}
        {!compact && canModerate && data && (
          <button type="button" className="btn btn--ghost" aria-haspopup="dialog" onClick={() => setWizard({ projectId, chartId: dataId, onSaved: load })}>
            <Icon path={mdiCogOutline} />
            {t("chart.settings")}
          </button>
        )}
        {wizard && <OnDemand load={loadWizard} props={{ options: wizard, onClosed: () => setWizard(undefined) }} />}
      </div>
      <div className="chart__figure">
        {failure ? <p className="chart__note chart__note--error">{failure}</p> : data && <ChartFigure figure={data} name={data.name} />}
      </div>
    </div>
  );
}
