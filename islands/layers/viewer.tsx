import { adoptStyles } from "../lib/styles";
import tableStyles from "../poi-table/poi-table.css?inline";
import type { ViewerContext } from "../viewers/registry";
import { LayerViewer } from "./LayerViewer";
import styles from "./layers.css?inline";

// This module comes only when a layer is first shown, in the browser: its styles come with it.
adoptStyles(styles);
adoptStyles(tableStyles);

/** The LAYER viewer (islands/viewers/registry.ts). */
export default function LayerTypeViewer(context: ViewerContext) {
  return <LayerViewer {...context} />;
}
