import { useEffect, useState } from "react";
import { dataItemPath } from "../../src/lib/data-paths";
import { TILE_PROJECTIONS } from "../../src/modules/layers/kinds";
import { errorText } from "../lib/failures";
import { call, server } from "../lib/server";
import { snack } from "../lib/snackbar";
import { useT } from "../lib/ui/i18n";
import type { Layer } from "./LayerViewer";
import { TemplateBindings } from "./TemplateBindings";

/** The maps that show the layer, as links. */
function MapsShowing({ layer }: { layer: Layer }) {
  const { t } = useT();
  const [maps, setMaps] = useState<{ id: number; name: string }[]>();
  useEffect(() => {
    call(server.map["find-by-layer"].get({ query: { layerId: layer.id } })).then(setMaps, () => setMaps([]));
  }, [layer.id]);
  if (!maps) return null;
  return (
    <section aria-labelledby="ls-maps">
      <h3 id="ls-maps">{t("layer.settings.maps")}</h3>
      {maps.length ? (
        <ul className="ls-list">
          {maps.map((map) => (
            <li key={map.id}>
              <a href={dataItemPath(layer.projectId, "MAP", map.id)}>{map.name}</a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="lc-hint">{t("layer.settings.noMaps")}</p>
      )}
    </section>
  );
}

/** The settings tab of the layer page: its kind, an XYZ layer's address and projection, a points layer's templates, the maps showing it. */
export function LayerSettings({ layer, canModerate, onSaved }: { layer: Layer; canModerate: boolean; onSaved: (layer: Layer) => void }) {
  const { t } = useT();
  return (
    <div className="ls">
      <dl className="ls-facts">
        <dt>{t("layer.create.kind")}</dt>
        <dd id="ls-kind">{t(`layer.kind.${layer.type}`)}</dd>
        {layer.type === "XYZ" && (
          <>
            <dt>{t("layer.create.url")}</dt>
            <dd className="ls-url">{layer.url}</dd>
            <dt>{t("layer.create.projection")}</dt>
            <dd>{layer.projection}</dd>
          </>
        )}
      </dl>
      {layer.type === "XYZ" && canModerate && <ProjectionForm layer={layer} onSaved={onSaved} />}
      {layer.type === "LAYER_POI" && <TemplateBindings layerId={layer.id} />}
      <MapsShowing layer={layer} />
    </div>
  );
}

/** A moderator changes an XYZ layer's projection (the address is checked again by layer/save). */
function ProjectionForm({ layer, onSaved }: { layer: Layer; onSaved: (layer: Layer) => void }) {
  const { t } = useT();
  const [projection, setProjection] = useState(layer.projection);
  const save = async () => {
    try {
      onSaved(await call(server.layer.save.post({ id: layer.id, project: { id: layer.projectId }, name: layer.name, type: "XYZ", url: layer.url, projection })));
      snack(t("layer.settings.saved"), "success");
    } catch (error) {
      snack(errorText(error), "error");
    }
  };
  return (
    <div className="ls-row">
      <div className="field">
        <label htmlFor="ls-projection">{t("layer.create.projection")}</label>
        <select id="ls-projection" value={projection} onChange={(event) => setProjection(event.target.value as Layer["projection"])}>
          {TILE_PROJECTIONS.map((p) => (
            <option key={p}>{p}</option>
          ))}
        </select>
      </div>
      <button type="button" className="btn" disabled={projection === layer.projection} onClick={() => void save()}>
        {t("layer.settings.save")}
      </button>
    </div>
  );
}
