import { useSignals } from "@preact/signals-react/runtime";
import { mdiCrosshairsGps, mdiExport, mdiMinus, mdiPlus, mdiRulerSquare, mdiShapePolygonPlus, mdiTexture, mdiVectorPolyline } from "@mdi/js";
import { Icon } from "../lib/ui/Icon";
import { useSaveFile } from "../lib/ui/useSaveFile";
import { useT } from "../lib/ui/i18n";
import type { MapStore } from "./store";

function ControlButton({ label, icon, pressed, extra, onClick }: { label: string; icon: string; pressed?: boolean; extra?: boolean; onClick: () => void }) {
  return (
    <button type="button" className={extra ? "map__control map__control--extra" : "map__control"} aria-label={label} title={label} aria-pressed={pressed} onClick={onClick}>
      <Icon path={icon} />
    </button>
  );
}

/**
 * The map's controls (spec 3, "Map view"): add object for editors, measure line and polygon, export PNG and the
 * WebGL toggle, none of which a widget shows nor a screen under 601 px (map.css); my location and zoom everywhere.
 */
export function MapControls({ store, canEdit, compact }: { store: MapStore; canEdit: boolean; compact: boolean }) {
  useSignals();
  const { t } = useT();
  const [anchor, save] = useSaveFile();
  return (
    <div className="map__controls" role="toolbar" aria-orientation="vertical" aria-label={t("map.controls")}>
      {!compact && (
        <>
          {canEdit && <ControlButton extra label={t("map.addObject")} icon={mdiShapePolygonPlus} onClick={store.addObject} />}
          <ControlButton extra label={t("map.measureLine")} icon={mdiVectorPolyline} pressed={store.tool.value === "line"} onClick={() => store.toggleMeasure("line")} />
          <ControlButton extra label={t("map.measurePolygon")} icon={mdiRulerSquare} pressed={store.tool.value === "polygon"} onClick={() => store.toggleMeasure("polygon")} />
          <ControlButton extra label={t("map.export")} icon={mdiExport} onClick={() => void store.exportImage(save)} />
          <ControlButton extra label={t("map.webgl")} icon={mdiTexture} pressed={store.webgl.value} onClick={() => void store.toggleWebgl()} />
        </>
      )}
      <ControlButton label={t("map.myLocation")} icon={mdiCrosshairsGps} pressed={store.locating.value} onClick={store.toggleLocation} />
      <ControlButton label={t("map.zoomIn")} icon={mdiPlus} onClick={() => store.zoom(1)} />
      <ControlButton label={t("map.zoomOut")} icon={mdiMinus} onClick={() => store.zoom(-1)} />
      {anchor}
    </div>
  );
}
