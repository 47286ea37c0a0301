import { adoptStyles } from "../lib/styles";
import type { ViewerContext } from "../viewers/registry";
import styles from "./report.css?inline";
import { ReportViewer } from "./ReportViewer";

// This module comes only when a report is first shown, in the browser: its styles come with it.
adoptStyles(styles);

/** The REPORT viewer (islands/viewers/registry.ts): data page, split screen, dashboard. */
export default function ReportTypeViewer(context: ViewerContext) {
  return <ReportViewer {...context} />;
}
