import { mdiMapOutline } from "@mdi/js";
import type { BrowserDataType } from "../data/plugin";

/** MAP: its layers over the offline basemap, drawn by OpenLayers, which comes only with the viewer; the create dialog has none of it. */
export const mapType: BrowserDataType = {
  type: "MAP",
  icon: mdiMapOutline,
  viewer: () => import("./viewer"),
  creator: () => import("./creator"),
};
