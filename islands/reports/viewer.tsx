import { createRoot } from "react-dom/client";
import { locale } from "../lib/i18n";
import { adoptStyles } from "../lib/styles";
import { Localized } from "../lib/ui/i18n";
import type { Locale } from "../../src/lib/i18n";
import type { MountedViewer, ViewerContext } from "../viewers/registry";
import styles from "./report.css?inline";
import { ReportViewer } from "./ReportViewer";

/** The REPORT viewer as the viewers registry mounts it (data page, split screen, dashboard): the component in `host`, unmounted on destroy. */
export function mount(host: HTMLElement, context: ViewerContext): MountedViewer {
  adoptStyles(styles);
  const root = createRoot(host);
  root.render(
    <Localized locale={locale() as Locale}>
      <ReportViewer {...context} />
    </Localized>,
  );
  return { destroy: () => root.unmount() };
}
