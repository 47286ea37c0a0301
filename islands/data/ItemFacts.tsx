import type { ReactNode } from "react";
import { useDates } from "../lib/ui/dates";
import { useT } from "../lib/ui/i18n";
import type { Item } from "./item-store";
import "./item-facts.css";

/** What both panels show of an item: the list's summary and the data page's item alike carry it. */
interface Facts {
  description: string;
  shortDescription?: string | null;
  provider: { name: string | null } | null;
  keywords: { value: string }[];
  categoryList: { name: string; isDefault: boolean }[];
  status: Item["status"];
  owner: { firstName: string | null; lastName: string | null } | null;
  creationDate: string;
}

const tags = (values: string[]) =>
  values.length ? (
    <ul className="item-facts__tags">
      {values.map((value) => (
        <li key={value} className="badge">
          {value}
        </li>
      ))}
    </ul>
  ) : (
    "—"
  );

function Fact({ name, label, children, className }: { name: string; label: string; children: ReactNode; className?: string }) {
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
 * A data item's facts: description (and the short one where `short` is asked for), data source, keywords,
 * categories but the default ones, status, owner and creation date; the list's detail panel and the data
 * page's info panel. `children` come first (a removed item's badge).
 */
export function ItemFacts({ item, short, children }: { item: Facts; short?: boolean; children?: ReactNode }) {
  const { t } = useT();
  const { moment } = useDates();
  const owner = item.owner ? `${item.owner.firstName ?? ""} ${item.owner.lastName ?? ""}`.trim() : "—";
  return (
    <dl className="item-facts">
      {children}
      <Fact name="description" label={t("data.description")} className="item-facts__text">
        {item.description || "—"}
      </Fact>
      {short && (
        <Fact name="shortDescription" label={t("data.shortDescription")}>
          {item.shortDescription || "—"}
        </Fact>
      )}
      <Fact name="provider" label={t("data.provider")}>
        {item.provider?.name || "—"}
      </Fact>
      <Fact name="keywords" label={t("data.keywords")}>
        {tags(item.keywords.map((k) => k.value))}
      </Fact>
      <Fact name="categories" label={t("data.categories")}>
        {tags(item.categoryList.filter((c) => !c.isDefault).map((c) => c.name))}
      </Fact>
      <Fact name="status" label={t("data.status")}>
        {t(`dataStatus.${item.status}`)}
      </Fact>
      <Fact name="owner" label={t("data.owner")}>
        {owner}
      </Fact>
      <Fact name="created" label={t("data.created")}>
        <time dateTime={item.creationDate}>{moment(item.creationDate)}</time>
      </Fact>
    </dl>
  );
}
