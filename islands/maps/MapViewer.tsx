import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useState } from "react";
import { DEFAULT_POSITION, readPosition } from "../../src/modules/maps/position";
import { errorText } from "../lib/failures";
import { OnDemand } from "../lib/ui/OnDemand";
import { useT } from "../lib/ui/i18n";
import type { ViewerContext } from "../viewers/registry";
import { ContextMenu } from "./ContextMenu";
import { MapControls } from "./MapControls";
import { MapPanel } from "./MapPanel";
import { FeatureMenu } from "./FeatureMenu";
import { MeasureResult } from "./MeasureResult";
import { SelectedCard } from "./SelectedCard";
import type { MapPosition } from "./map-controller";
import { OlMap } from "./OlMap";
import { createMapStore, loadMap, type MapData } from "./store";

/**
 * Where the map opens: its saved view, or, for a map never moved (spec 3's default view, centre [0, 0] at zoom 6,
 * open sea), the whole world at zoom 0.
 */
function startView(map: MapData): MapPosition {
  const { position } = readPosition(map.position);
  const untouched = position.zoom === DEFAULT_POSITION.zoom && position.center.every((n, i) => n === DEFAULT_POSITION.center[i]);
  return untouched ? { ...position, zoom: 0 } : position;
}

const loadEditing = () => import("./draw/Editing");

/** A loaded map: the viewer's, and the sandbox's (a map made of the layers its address names, with the object to show). */
export function LoadedMap({ map, context, linkedObject }: { map: MapData; context: ViewerContext; linkedObject?: number }) {
  useSignals();
  const { t } = useT();
  const [store] = useState(() => createMapStore(map, linkedObject));
  const { compact, canModerate } = context;
  return (
    <div className={compact ? "map map--compact" : "map"}>
      {!compact && <MapPanel store={store} map={map} canSave={canModerate} />}
      <div className="map__stage">
        <OlMap
          label={t("map.label")}
          position={startView(map)}
          onReady={store.attach}
          onGone={store.detach}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              store.finishMeasure();
              store.editing.finishSketch();
            } else if (event.key === " " && store.editing.session.value) {
              event.preventDefault();
              store.editing.addVertex();
            } else if (event.key === "ContextMenu" || (event.key === "F10" && event.shiftKey)) {
              event.preventDefault();
              store.openMenuAtCentre();
            } else if (event.key === "Escape") {
              store.menu.value = null;
              store.stopMeasure();
              store.select(null);
            }
          }}
        />
        <FeatureMenu store={store} />
        <SelectedCard store={store} />
        <MapControls store={store} canEdit={canModerate} compact={compact} />
        {!compact && <ContextMenu store={store} canEdit={canModerate} panorama={map.panorama} />}
        {store.editing.open.value && <OnDemand load={loadEditing} props={{ editing: store.editing, canEdit: canModerate && !compact, projectId: map.projectId }} />}
        <MeasureResult store={store} />
      </div>
    </div>
  );
}

/**
 * The MAP viewer (spec 3, "Map view"): the map with its controls and, on the data page, the panel of tabs. A
 * compact host (widget, split screen) gets the map, my location and zoom only.
 */
export function MapViewer(context: ViewerContext) {
  const [map, setMap] = useState<MapData>();
  const [failure, setFailure] = useState<string>();
  useEffect(() => {
    loadMap(context.dataId).then(setMap, (error) => setFailure(errorText(error)));
  }, [context.dataId]);
  if (failure) return <p className="map__note map__note--error">{failure}</p>;
  return map ? <LoadedMap map={map} context={context} /> : null;
}
