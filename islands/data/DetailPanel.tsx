import { useSignals } from "@preact/signals-react/runtime";
import { mdiClose, mdiOpenInNew } from "@mdi/js";
import { type ReactNode, useEffect, useRef } from "react";
import { dataItemPath } from "../../src/lib/data-paths";
import { Icon } from "../lib/ui/Icon";
import { useT } from "../lib/ui/i18n";
import { ItemLinks } from "./ItemLinks";
import type { ListStore, Summary } from "./list-store";

const tags = (values: string[]) =>
  values.length ? (
    <ul className="dl-tags">
      {values.map((value) => (
        <li key={value} className="badge">
          {value}
        </li>
      ))}
    </ul>
  ) : (
    "—"
  );

function Field({ name, label, children, className }: { name: string; label: string; children: ReactNode; className?: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd className={className} data-d={name}>
        {children}
      </dd>
    </>
  );
}

/**
 * The detail panel of a data list: the selected item's fields and its linked data (ItemLinks).
 * Escape outside a field, or its close button, closes it and gives the focus back to the row.
 */
export function DetailPanel({ store, item, projectId, canModerate }: { store: ListStore; item: Summary; projectId: number; canModerate: boolean }) {
  useSignals();
  const { t, locale } = useT();
  const title = useRef<HTMLHeadingElement>(null);
  const focus = store.detailFocus.value;
  useEffect(() => {
    if (focus) title.current?.focus();
  }, [focus]);
  const created = new Date(item.creationDate);
  const owner = item.owner ? `${item.owner.firstName ?? ""} ${item.owner.lastName ?? ""}`.trim() : "—";
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
      <dl className="dl-info">
        <Field name="description" label={t("data.description")} className="dl-info__text">
          {item.description || "—"}
        </Field>
        <Field name="shortDescription" label={t("data.shortDescription")}>
          {item.shortDescription || "—"}
        </Field>
        <Field name="provider" label={t("data.provider")}>
          {item.provider?.name || "—"}
        </Field>
        <Field name="keywords" label={t("data.keywords")}>
          {tags(item.keywords.map((k) => k.value))}
        </Field>
        <Field name="categories" label={t("data.categories")}>
          {tags(item.categoryList.filter((c) => !c.isDefault).map((c) => c.name))}
        </Field>
        <Field name="status" label={t("data.status")}>
          {t(`dataStatus.${item.status}`)}
        </Field>
        <Field name="owner" label={t("data.owner")}>
          {owner}
        </Field>
        <Field name="created" label={t("data.created")}>
          <time dateTime={created.toISOString()}>{new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(created)}</time>
        </Field>
      </dl>
      <ItemLinks itemId={item.id} projectId={projectId} canModerate={canModerate} />
    </aside>
  );
}
