import type { Locale } from "../../src/lib/i18n";
import type { CreateOptions } from "../data/creators";
import { locale } from "../lib/i18n";
import { mountDetached } from "../lib/mount-component";
import { adoptStyles } from "../lib/styles";
import { Localized } from "../lib/ui/i18n";
import styles from "./import.css?inline";
import { TableImport } from "./TableImport";

/** The project of the page a list's create button is on (/project/{id}/…), unless the caller names one. */
const pageProject = () => Number(/^\/project\/(\d+)\//.exec(location.pathname)?.[1]);

/** Opens the table import dialog (the TABLE list's create button, through islands/data/creators.ts); it is removed when closed. */
export function openTableImport(options: CreateOptions & { projectId?: number }) {
  adoptStyles(styles);
  const opened = mountDetached(
    <Localized locale={locale() as Locale}>
      <TableImport projectId={options.projectId ?? pageProject()} categoryIds={options.categoryIds ?? []} onClose={() => queueMicrotask(() => opened.destroy())} />
    </Localized>,
  );
}
