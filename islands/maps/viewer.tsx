import type { ViewerContext } from "../viewers/registry";
import { MapViewer } from "./MapViewer";
import { adoptMapStyles } from "./styles";

// This module comes only when a map is first shown, in the browser: OpenLayers and the styles come with it.
adoptMapStyles();

/** The MAP viewer (islands/viewers/registry.ts). */
export default function MapTypeViewer(context: ViewerContext) {
  return <MapViewer {...context} />;
}
