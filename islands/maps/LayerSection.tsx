import { useEffect, useState } from "react";
import { dataItemPath } from "../../src/lib/data-paths";
import { useIsAdmin } from "../layers/admin";
import { call, server } from "../lib/server";
import { useT } from "../lib/ui/i18n";
import type { LayerConfig, MapStore } from "./store";

/** A points layer's templates, each with an edit link for administrators. */
function Templates({ layerId }: { layerId: number }) {
  const { t } = useT();
  const admin = useIsAdmin();
  const [templates, setTemplates] = useState<{ id: number; name: string }[]>([]);
  useEffect(() => {
    call(server.layer["get-poi-templates"].get({ query: { layerId } })).then((layer) => setTemplates(layer.poiTemplates), () => setTemplates([]));
  }, [layerId]);
  if (templates.length === 0) return null;
  return (
    <section className="map__layer-part">
      <h4>{t("map.layer.templates")}</h4>
      <ul>
        {templates.map((template) => (
          <li key={template.id}>
            {template.name}
            {admin && (
              <a href="/admin/poi-templates" className="map__layer-link">
                {t("map.layer.editTemplate")}
                <span className="visually-hidden"> {template.name}</span>
              </a>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * One layer's settings in the layers tab (spec 3, "Layer settings"): a points layer's templates; remove from the
 * map, its object table, its GeoJSON export and the layer's page. Themes and labels are the ZWS layers' (a later issue): no kind
 * built so far has any, so those sections do not show.
 */
export function LayerSection({ config, store, projectId, editable }: { config: LayerConfig; store: MapStore; projectId: number; editable: boolean }) {
  const { t } = useT();
  const { layer } = config;
  return (
    <div className="map__layer-settings" id={`layer-settings-${layer.id}`}>
      {layer.type === "LAYER_POI" && <Templates layerId={layer.id} />}
      <div className="map__layer-links">
        {editable && (
          <button type="button" className="btn btn--ghost" onClick={() => store.removeLayer(layer.id)}>
            {t("map.layer.remove")}
          </button>
        )}
        {layer.type === "LAYER_POI" && (
          <a className="btn btn--ghost" href={`/project/${projectId}/poi-table/${layer.id}`}>
            {t("map.layer.openTable")}
          </a>
        )}
        {layer.type === "LAYER_POI" && (
          <a className="btn btn--ghost" href={`/api/layer-poi/geo-json?layerId=${layer.id}`} download>
            {t("map.layer.exportGeoJson")}
          </a>
        )}
        <a className="btn btn--ghost" href={dataItemPath(projectId, "LAYER", layer.id)}>
          {t("map.layer.goTo")}
        </a>
      </div>
    </div>
  );
}
