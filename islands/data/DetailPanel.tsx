import { useSignals } from "@preact/signals-react/runtime";
import { mdiClose, mdiOpenInNew } from "@mdi/js";
import { useEffect, useRef } from "react";
import { dataItemPath } from "../../src/lib/data-paths";
import { Icon } from "../lib/ui/Icon";
import { useT } from "../lib/ui/i18n";
import { ItemFacts } from "./ItemFacts";
import { ItemLinks } from "./ItemLinks";
import type { ListStore, Summary } from "./list-store";

/**
 * The detail panel of a data list: the selected item's fields and its linked data (ItemLinks).
 * Escape outside a field, or its close button, closes it and gives the focus back to the row.
 */
export function DetailPanel({ store, item, projectId, canModerate }: { store: ListStore; item: Summary; projectId: number; canModerate: boolean }) {
  useSignals();
  const { t } = useT();
  const title = useRef<HTMLHeadingElement>(null);
  const focus = store.detailFocus.value;
  useEffect(() => {
    if (focus) title.current?.focus();
  }, [focus]);
  return (
    <aside
      className={item.isActive ? "dl-detail card" : "dl-detail card is-inactive"}
      id="dl-detail"
      aria-labelledby="dl-detail-title"
      onKeyDown={(event) => event.key === "Escape" && !(event.target as Element).closest("input") && store.closeDetail()}
    >
      <div className="dl-detail__head">
        <h2 id="dl-detail-title" tabIndex={-1} data-d="name" ref={title}>
          {item.name}
        </h2>
        <a className="dl-icon" data-d-open href={dataItemPath(projectId, item.dataType, item.id)} aria-label={t("data.open")} title={t("data.open")}>
          <Icon path={mdiOpenInNew} />
        </a>
        <button type="button" className="dl-icon" data-d-close aria-label={t("data.detailClose")} title={t("data.detailClose")} onClick={store.closeDetail}>
          <Icon path={mdiClose} />
        </button>
      </div>
      <span className="badge badge--off" data-d-removed hidden={item.isActive}>
        {t("data.removedBadge")}
      </span>
      <ItemFacts item={item} short />
      <ItemLinks itemId={item.id} projectId={projectId} canModerate={canModerate} />
    </aside>
  );
}
