import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useId, useState } from "react";
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
import { startView } from "./start-view";
import { OlMap } from "./OlMap";
import { createMapStore, loadMap, type MapData } from "./store";
import { createMapTasks, type MapTask } from "./tasks/store";
import { TaskCard } from "./tasks/TaskCard";

const loadEditing = () => import("./draw/Editing");
const loadNewTask = () => import("./tasks/NewTaskAtPoint");

interface LoadedMapProps {
  map: MapData;
  context: ViewerContext;
  linkedObject?: number;
  /** The element's id, where a page may show more than one map (widgets, a task's map and its full-screen dialog). */
  canvasId?: string;
  /** A task always on its issue layer (a task's own map). */
  ownTask?: MapTask;
}

/**
 * A loaded map: the viewer's, the sandbox's (a map made of the layers its address names, with the object to show)
 * and a task's. A saved map shows its tasks, and its members make them from its menu.
 */
export function LoadedMap({ map, context, linkedObject, canvasId, ownTask }: LoadedMapProps) {
  useSignals();
  const { t } = useT();
  const [store] = useState(() => createMapStore(map, linkedObject));
  const [tasks] = useState(() => createMapTasks(map.id, ownTask));
  const { compact, canModerate } = context;
  const placing = tasks.placing.value;
  return (
    <div className={compact ? "map map--compact" : "map"}>
      {!compact && <MapPanel store={store} map={map} canSave={canModerate} />}
      <div className="map__stage">
        <OlMap
          label={t("map.label")}
          position={startView(map.position)}
          id={canvasId}
          onReady={(controller) => {
            store.attach(controller);
            tasks.attach(controller);
          }}
          onGone={() => {
            tasks.detach();
            store.detach();
          }}
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
        <TaskCard tasks={tasks} />
        <MapControls store={store} canEdit={canModerate} compact={compact} />
        {!compact && <ContextMenu store={store} canEdit={canModerate} panorama={map.panorama} tasks={map.id ? tasks : undefined} />}
        {placing && <OnDemand load={loadNewTask} props={{ projectId: map.projectId, mapId: map.id, lonLat: placing, onDone: tasks.placed }} />}
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
  const uid = useId();
  const [map, setMap] = useState<MapData>();
  const [failure, setFailure] = useState<string>();
  useEffect(() => {
    loadMap(context.dataId).then(setMap, (error) => setFailure(errorText(error)));
  }, [context.dataId]);
  if (failure) return <p className="map__note map__note--error">{failure}</p>;
  // A compact map may be one of several on its page.
  return map ? <LoadedMap map={map} context={context} canvasId={context.compact ? `map-canvas-${uid.replace(/[^a-z0-9]/gi, "")}` : undefined} /> : null;
}
