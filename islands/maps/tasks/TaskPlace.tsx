import { mdiFullscreen } from "@mdi/js";
import { useEffect, useState } from "react";
import { readPosition } from "../../../src/modules/maps/position";
import { Dialog } from "../../lib/ui/Dialog";
import { Icon } from "../../lib/ui/Icon";
import { useT } from "../../lib/ui/i18n";
import { mapOfLayers } from "../layers-map";
import { LoadedMap } from "../MapViewer";
import { loadMap, type MapData } from "../store";
import { adoptMapStyles } from "../styles";
import { lonLatOf } from "./issue-layer";
import type { MapTask } from "./store";
import styles from "./tasks.css?inline";
import { adoptStyles } from "../../lib/styles";

// This module comes only with a task that has a place: OpenLayers and the map's styles come with it.
adoptMapStyles();
adoptStyles(styles);

/** Spec 3, section 9: a point is shown at zoom 12. */
const POINT_ZOOM = 12;

/** The task's map looking at the task, or, when its map is gone or hidden from the reader, the basemap alone. */
function placeMap(task: MapTask, at: [number, number], map: MapData | null): MapData {
  if (!map) return mapOfLayers({ projectId: task.project.id, name: task.name, layers: [], center: at, zoom: POINT_ZOOM });
  return { ...map, position: JSON.stringify({ ...readPosition(map.position).position, center: at, zoom: POINT_ZOOM }) };
}

interface Props {
  task: MapTask;
  mapId: number | null;
  canModerate: boolean;
}

/**
 * A task's place (spec 2, the task detail; spec 3, widget mode): its map in widget mode, centred on the task, which
 * its issue layer shows with the map's other tasks; a button opens the same map as a full-screen dialog.
 */
export default function TaskPlace({ task, mapId, canModerate }: Props) {
  const { t } = useT();
  const [map, setMap] = useState<MapData | null>();
  const [full, setFull] = useState(false);
  const at = lonLatOf(task.coordinates);
  useEffect(() => {
    if (mapId === null) setMap(null);
    else loadMap(mapId).then(setMap, () => setMap(null));
  }, [mapId]);
  if (!at || map === undefined) return null;
  const shown = placeMap(task, at, map);
  const context = { dataId: shown.id, projectId: task.project.id, canModerate, compact: true };
  return (
    <section className="td-place" id="td-place" aria-labelledby="td-place-title">
      <div className="td-place__head">
        <h3 id="td-place-title">{map ? map.name : t("map.task.place")}</h3>
        <button type="button" className="map__icon-button" aria-label={t("map.task.fullScreen")} title={t("map.task.fullScreen")} onClick={() => setFull(true)}>
          <Icon path={mdiFullscreen} />
        </button>
      </div>
      <div className="td-place__map">
        <LoadedMap key={`small-${task.id}`} map={shown} context={context} canvasId="td-place-map" ownTask={task} />
      </div>
      {full && (
        <Dialog title={map ? map.name : t("map.task.place")} onClose={() => setFull(false)} className="map-dialog">
          <div className="map-dialog__map">
            <LoadedMap map={shown} context={context} canvasId="map-dialog-canvas" ownTask={task} />
          </div>
          <div className="dialog-actions">
            <button type="button" className="btn" onClick={() => setFull(false)}>
              {t("common.close")}
            </button>
          </div>
        </Dialog>
      )}
    </section>
  );
}
