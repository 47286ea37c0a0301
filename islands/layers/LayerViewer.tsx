import { useEffect, useRef, useState } from "react";
import { arrowTabs } from "../data/arrow-tabs";
import { errorText } from "../lib/failures";
import { byId, call, server } from "../lib/server";
import { useT } from "../lib/ui/i18n";
import { OnDemand } from "../lib/ui/OnDemand";
import { ObjectTable } from "../poi-table/ObjectTable";
import { loadTableTemplates, type TableTemplate } from "../poi-table/store";
import type { ViewerContext } from "../viewers/registry";
import { useIsAdmin } from "./admin";
import { LayerSettings } from "./LayerSettings";

const loadLayer = async (id: number) => (await call(byId(server.layer["get-list"], id).get()))[0];
export type Layer = NonNullable<Awaited<ReturnType<typeof loadLayer>>>;

/** The layer as a map, where the viewer is compact: OpenLayers comes with it, never with the layer page. */
const loadLayerMap = () => import("../maps/LayerMap");

type Tab = "settings" | "table";
const TABS: Tab[] = ["settings", "table"];

/** The table tab: a points layer's objects by template; other kinds have none. */
function LayerTable({ layer }: { layer: Layer }) {
  const { t } = useT();
  const admin = useIsAdmin();
  const [templates, setTemplates] = useState<TableTemplate[]>();
  const [failure, setFailure] = useState("");
  useEffect(() => {
    if (layer.type === "LAYER_POI") loadTableTemplates(layer.projectId, layer.id).then(setTemplates, (error) => setFailure(errorText(error)));
  }, [layer.id]);
  if (layer.type !== "LAYER_POI") return <p className="lc-hint">{t("layer.table.noObjects")}</p>;
  if (failure) return <p className="form-error">{failure}</p>;
  return templates ? <ObjectTable layerId={layer.id} templates={templates} canAdmin={admin} /> : null;
}

/**
 * The LAYER viewer (spec 3, "Layer view"): tabs settings and table beside the page's side panel, whose comments
 * tab is the layer's comments. Compact (split screen, spec 2), the layer is shown on a map of its own in widget
 * mode. A layer saved without a kind (data/save) says so.
 */
export function LayerViewer({ dataId, canModerate, compact }: ViewerContext) {
  const { t } = useT();
  const [layer, setLayer] = useState<Layer | null>();
  const [failure, setFailure] = useState("");
  const [tab, setTab] = useState<Tab>("settings");
  const buttons = useRef(new Map<Tab, HTMLButtonElement>());
  useEffect(() => {
    loadLayer(dataId).then((found) => setLayer(found ?? null), (error) => setFailure(errorText(error)));
  }, [dataId]);
  if (failure) return <p className="form-error lv-pad">{failure}</p>;
  if (layer === null) return <p className="lc-hint lv-pad">{t("layer.settings.noKind")}</p>;
  if (!layer) return null;
  if (compact) return <OnDemand load={loadLayerMap} props={{ layer, canModerate }} />;
  const choose = (next: Tab) => {
    setTab(next);
    buttons.current.get(next)?.focus();
  };
  return (
    <div className="lv">
      <div className="lv-tabs" role="tablist" aria-label={layer.name} onKeyDown={(event) => arrowTabs(event, TABS, tab, choose)}>
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`lv-tab-${name}`}
            aria-controls={`lv-panel-${name}`}
            aria-selected={tab === name}
            tabIndex={tab === name ? 0 : -1}
            ref={(button) => void (button && buttons.current.set(name, button))}
            onClick={() => setTab(name)}
          >
            {t(`layer.tab.${name}`)}
          </button>
        ))}
      </div>
      <div className="lv-panel" role="tabpanel" id={`lv-panel-${tab}`} aria-labelledby={`lv-tab-${tab}`}>
        {tab === "settings" ? <LayerSettings layer={layer} canModerate={canModerate} onSaved={setLayer} /> : <LayerTable layer={layer} />}
      </div>
    </div>
  );
}
