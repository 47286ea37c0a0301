import type { Wire } from "../../src/lib/responses";
import type { PresentedSearchHit } from "../../src/modules/data/presenter";
import { TYPE_ICONS } from "../lib/type-icons";
import { Icon } from "../lib/ui/Icon";
import { useT } from "../lib/ui/i18n";

export type Hit = Wire<PresentedSearchHit>;

/** A list of items, each a button that opens it in the side (icon, name, its type for screen readers). */
export function HitList({ hits, label, open }: { hits: Hit[]; label: string; open: (hit: Hit) => void }) {
  const { t } = useT();
  return (
    <ul aria-label={label}>
      {hits.map((hit) => (
        <li key={hit.id}>
          <button type="button" onClick={() => open(hit)}>
            <Icon path={TYPE_ICONS[hit.dataType]} />
            <span>{hit.name}</span>
            <span className="visually-hidden">({t(`dataType.${hit.dataType}`)})</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
