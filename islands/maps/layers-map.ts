import { DEFAULT_POSITION } from "../../src/modules/maps/position";
import type { MapData } from "./store";

interface LayersMapInput {
  projectId: number;
  name: string;
  /** The layers, the first on top. */
  layers: MapData["layerConfigList"][number]["layer"][];
  center?: [number, number];
  /** Without one: 10 where a centre is given, else the whole world (0). */
  zoom?: number;
}

/**
 * A map never saved (id 0: no tasks, no saving) of just the layers given, all shown: the sandbox's, a layer's in
 * split screen, and a task's place whose map is gone.
 */
export function mapOfLayers({ projectId, name, layers, center, zoom }: LayersMapInput): MapData {
  return {
    id: 0,
    name,
    description: "",
    icon: null,
    projectId,
    isActive: true,
    position: JSON.stringify({ ...DEFAULT_POSITION, center: center ?? DEFAULT_POSITION.center, zoom: zoom ?? (center ? 10 : 0) }),
    parentMap: null,
    inherited: false,
    panorama: null,
    layerConfigList: layers.map((layer, indexNumber) => ({ layer, visible: true, indexNumber, themes: "", labels: "" })),
  };
}
