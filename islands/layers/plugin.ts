import { mdiLayersOutline } from "@mdi/js";
import type { BrowserDataType } from "../data/plugin";

/** LAYER: the layer page's settings and object table, and the create dialog with the layer's kind. */
export const layerType: BrowserDataType = {
  type: "LAYER",
  icon: mdiLayersOutline,
  viewer: () => import("./viewer"),
  creator: () => import("./creator"),
};
