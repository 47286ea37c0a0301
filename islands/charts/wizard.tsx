import type { Locale } from "../../src/lib/i18n";
import type { CreateOptions } from "../data/creators";
import { locale } from "../lib/i18n";
import { mountDetached } from "../lib/mount-component";
import { Localized } from "../lib/ui/i18n";
import ChartWizard from "./ChartWizard";
import { adoptChartStyles } from "./styles";
import type { ChartWizardOptions } from "./wizard-store";

/** The project of the page a list's create button is on (/project/{id}/…). */
const pageProject = () => Number(/^\/project\/(\d+)\//.exec(location.pathname)?.[1]);

/** Opens the chart wizard (the table viewer's 'Add chart', the chart viewer's settings); it is removed when closed. */
export function openChartWizard(options: ChartWizardOptions) {
  adoptChartStyles();
  const opened = mountDetached(
    <Localized locale={locale() as Locale}>
      <ChartWizard options={options} onClosed={() => queueMicrotask(() => opened.destroy())} />
    </Localized>,
  );
}

/** The CHART list's create button (islands/data/creators.ts): the page's project unless the caller names one. */
export function openChartCreator(options: CreateOptions & { projectId?: number }) {
  openChartWizard({ projectId: options.projectId ?? pageProject(), categoryIds: options.categoryIds, onSaved: options.onSaved });
}
