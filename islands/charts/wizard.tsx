import { useState } from "react";
import type { CreatorProps } from "../data/creators";
import ChartWizard from "./ChartWizard";
import { adoptChartStyles } from "./styles";

adoptChartStyles();

/** The chart wizard, loaded on demand where a moderator makes or changes a chart (the table viewer's 'Add chart', the chart viewer's settings). */
export default ChartWizard;

/** The CHART list's creator: the wizard, in the list's project. */
export function ChartCreator({ options, onClose }: CreatorProps) {
  // The wizard begins again whenever its options change: they are made once.
  const [wizardOptions] = useState(() => ({ projectId: options.projectId, categoryIds: options.categoryIds, onSaved: options.onSaved }));
  return <ChartWizard options={wizardOptions} onClosed={onClose} />;
}
