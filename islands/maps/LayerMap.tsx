import type { Layer } from "../layers/LayerViewer";
import { mapOfLayers } from "./layers-map";
import { LoadedMap } from "./MapViewer";
import { adoptMapStyles } from "./styles";

// This module comes only when a layer is shown as a map (split screen): OpenLayers and the map's styles come with it.
adoptMapStyles();

/** A layer on its own over the basemap, in widget mode: the LAYER viewer where it is compact (split screen). */
export default function LayerMap({ layer, canModerate }: { layer: Layer; canModerate: boolean }) {
  const map = mapOfLayers({ projectId: layer.projectId, name: layer.name, layers: [layer] });
  return <LoadedMap map={map} context={{ dataId: layer.id, projectId: layer.projectId, canModerate, compact: true }} canvasId={`layer-map-${layer.id}`} />;
}
