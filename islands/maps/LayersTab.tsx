import { useSignals } from "@preact/signals-react/runtime";
import { mdiArrowDown, mdiArrowUp, mdiClose, mdiCogOutline, mdiDragVertical, mdiPlus } from "@mdi/js";
import { useState } from "react";
import { dataItemPath } from "../../src/lib/data-paths";
import { Icon } from "../lib/ui/Icon";
import { useT } from "../lib/ui/i18n";
import { useIsAdmin } from "../layers/admin";
import { AddLayerDialog } from "./AddLayerDialog";
import { GeoJsonImportDialog } from "./GeoJsonImportDialog";
import { LayerSection } from "./LayerSection";
import { SaveAsDialog } from "./SaveAsDialog";
import type { MapData, MapStore } from "./store";

function IconButton({ label, icon, disabled, onClick, expanded }: { label: string; icon: string; disabled?: boolean; onClick: () => void; expanded?: boolean }) {
  return (
    <button type="button" className="map__icon-button" aria-label={label} title={label} disabled={disabled} aria-expanded={expanded} onClick={onClick}>
      <Icon path={icon} />
    </button>
  );
}

/**
 * The layers tab (spec 3, "Map view"): the map's layers, the first drawn on top, each with its visibility, moved by
 * dragging or with its arrow buttons, removed from the map; the offline basemap under them; save and save as for
 * moderators; each layer's settings (LayerSection) open under it; the add-layer dialog. An inheriting view shows its
 * parent's layers and says where they are configured.
 */
export function LayersTab({ store, map, canSave }: { store: MapStore; map: MapData; canSave: boolean }) {
  useSignals();
  const { t, tf } = useT();
  const [dragged, setDragged] = useState<number>();
  const [savingAs, setSavingAs] = useState(false);
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const admin = useIsAdmin();
  const [open, setOpen] = useState<number>();
  const layers = store.layers.value;
  const editable = !map.inherited;
  return (
    <div className="map__layers-tab">
      {map.inherited && map.parentMap && (
        <p className="map__note">
          {t("map.inheritedNote")} <a href={dataItemPath(map.projectId, "MAP", map.parentMap.id)}>{map.parentMap.name}</a>
        </p>
      )}
      {editable && canSave && (
        <button type="button" className="btn btn--ghost map__add-layer" aria-haspopup="dialog" onClick={() => setAdding(true)}>
          <Icon path={mdiPlus} />
          {t("map.layer.addTitle")}
        </button>
      )}
      <ul className="map__layers" aria-label={t("map.tab.layers")}>
        {layers.map((config, i) => (
          <li
            key={config.layer.id}
            draggable={editable}
            className={dragged === i ? "is-dragged" : undefined}
            onDragStart={(event) => {
              event.dataTransfer.effectAllowed = "move";
              setDragged(i);
            }}
            onDragOver={(event) => dragged !== undefined && event.preventDefault()}
            onDrop={(event) => {
              event.preventDefault();
              if (dragged !== undefined) store.moveLayer(dragged, i);
              setDragged(undefined);
            }}
            onDragEnd={() => setDragged(undefined)}
          >
            {editable && <Icon path={mdiDragVertical} />}
            <label>
              <input type="checkbox" checked={config.visible} onChange={() => store.toggleLayer(config.layer.id)} />
              {config.layer.name}
            </label>
            <IconButton
              label={tf("map.layer.settings", { name: config.layer.name })}
              icon={mdiCogOutline}
              expanded={open === config.layer.id}
              onClick={() => setOpen(open === config.layer.id ? undefined : config.layer.id)}
            />
            {editable && (
              <span className="map__layer-actions">
                <IconButton label={tf("map.layerUp", { name: config.layer.name })} icon={mdiArrowUp} disabled={i === 0} onClick={() => store.moveLayer(i, i - 1)} />
                <IconButton label={tf("map.layerDown", { name: config.layer.name })} icon={mdiArrowDown} disabled={i === layers.length - 1} onClick={() => store.moveLayer(i, i + 1)} />
                <IconButton label={tf("map.layerRemove", { name: config.layer.name })} icon={mdiClose} onClick={() => store.removeLayer(config.layer.id)} />
              </span>
            )}
            {open === config.layer.id && <LayerSection config={config} store={store} projectId={map.projectId} editable={editable} />}
          </li>
        ))}
        <li>
          <label>
            <input type="checkbox" checked={store.basemapVisible.value} onChange={store.toggleBasemap} />
            {t("map.basemap")}
          </label>
        </li>
      </ul>
      {canSave && (
        <div className="map__save">
          <button type="button" className="btn" disabled={store.saving.value} onClick={() => void store.save().catch(() => undefined)}>
            {t("map.save")}
          </button>
          <button type="button" className="btn btn--ghost" aria-haspopup="dialog" onClick={() => setSavingAs(true)}>
            {t("map.saveAs")}
          </button>
        </div>
      )}
      {admin && (
        <button type="button" className="btn btn--ghost" id="geojson-import-open" aria-haspopup="dialog" onClick={() => setImporting(true)}>
          {t("map.import.open")}
        </button>
      )}
      {importing && <GeoJsonImportDialog store={store} onClose={() => setImporting(false)} />}
      {adding && <AddLayerDialog store={store} projectId={map.projectId} onClose={() => setAdding(false)} />}
      {savingAs && <SaveAsDialog store={store} projectId={map.projectId} onClose={() => setSavingAs(false)} />}
    </div>
  );
}
