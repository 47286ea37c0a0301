import styles from "./table.css?inline";
import type { Locale } from "../../src/lib/i18n";
import { locale } from "../lib/i18n";
import { mountComponent } from "../lib/mount-component";
import { adoptStyles } from "../lib/styles";
import { Localized } from "../lib/ui/i18n";
import type { MountedViewer, ViewerContext } from "../viewers/registry";
import { TableView } from "./TableView";

/** The table view where the viewers' registry mounts it (data page, split screen, widgets, report blocks), through the shared bridge to components. */
export function mount(host: HTMLElement, context: ViewerContext): MountedViewer {
  adoptStyles(styles);
  return mountComponent(
    host,
    <Localized locale={locale() as Locale}>
      <TableView {...context} />
    </Localized>,
  );
}
