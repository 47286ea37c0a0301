import type { DataType } from "../../db/schema/data";
import { dataListPath } from "../../src/lib/data-paths";
import { TYPE_ICONS } from "../lib/type-icons";
import { Icon } from "../lib/ui/Icon";
import { Localized, useT } from "../lib/ui/i18n";
import type { Locale } from "../../src/lib/i18n";

const TYPES = Object.keys(TYPE_ICONS) as DataType[];

/** Counts of a project's data by type (a type left out counts 0), each a link to that type's list; only non-zero ones unless `all`. */
export function DataCounts({ projectId, counts: given, all = false }: { projectId: number; counts: Partial<Record<DataType, number>>; all?: boolean }) {
  const { t, tf } = useT();
  const counts = (type: DataType) => given[type] ?? 0;
  const shown = TYPES.filter((type) => all || counts(type) > 0);
  if (!shown.length) return null;
  return (
    <ul className="counts">
      {shown.map((type) => {
        const label = tf("project.dataCount", { type: t(`dataType.${type}`), count: counts(type) });
        return (
          <li key={type}>
            <a href={dataListPath(projectId, type)} title={label} className={counts(type) ? "counts__item" : "counts__item counts__item--zero"}>
              <Icon path={TYPE_ICONS[type]} />
              <span aria-hidden="true">{counts(type)}</span>
              <span className="visually-hidden">{label}</span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}

/** DataCounts on a page that renders it once on the server (no client: directive, no script). */
export default function StaticDataCounts({ locale, ...props }: Parameters<typeof DataCounts>[0] & { locale: Locale }) {
  return (
    <Localized locale={locale}>
      <DataCounts {...props} />
    </Localized>
  );
}
