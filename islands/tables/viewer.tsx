import styles from "./table.css?inline";
import { adoptStyles } from "../lib/styles";
import type { ViewerContext } from "../viewers/registry";
import type { RowsPage } from "./rows";
import { TableView } from "./TableView";

// This module comes only when a table is first shown, in the browser: its styles come with it.
adoptStyles(styles);

/** The TABLE viewer (islands/viewers/registry.ts): data page, split screen, widgets, report blocks. */
export default function TableViewer(context: ViewerContext) {
  const { initial, ...rest } = context;
  return <TableView {...rest} firstPage={initial as RowsPage | undefined} />;
}
