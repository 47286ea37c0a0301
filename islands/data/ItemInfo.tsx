import type { Locale } from "../../src/lib/i18n";
import { Localized, useT } from "../lib/ui/i18n";
import { type Item, useItem } from "./item-store";
import "./item-info.css";

const chips = (values: string[]) =>
  values.length ? (
    <ul className="docv-chips">
      {values.map((value) => (
        <li key={value} className="badge">
          {value}
        </li>
      ))}
    </ul>
  ) : (
    "—"
  );

function Info({ item }: { item: Item }) {
  const { t, locale } = useT();
  const shown = useItem(item);
  const created = new Date(shown.creationDate);
  return (
    <dl className="docv-info">
      {!shown.isActive && <dd className="badge badge--off">{t("docs.view.removedItem")}</dd>}
      <dt>{t("docs.view.description")}</dt>
      <dd className="docv-info__text">{shown.description || "—"}</dd>
      <dt>{t("docs.view.provider")}</dt>
      <dd>{shown.provider?.name || "—"}</dd>
      <dt>{t("docs.view.keywords")}</dt>
      <dd>{chips(shown.keywords.map((k) => k.value))}</dd>
      <dt>{t("docs.view.categories")}</dt>
      <dd>{chips(shown.categoryList.filter((c) => !c.isDefault).map((c) => c.name))}</dd>
      <dt>{t("docs.view.status")}</dt>
      <dd>{t(`docs.view.status${shown.status}`)}</dd>
      <dt>{t("docs.view.owner")}</dt>
      <dd>{shown.owner ? `${shown.owner.firstName} ${shown.owner.lastName}` : "—"}</dd>
      <dt>{t("docs.view.created")}</dt>
      <dd>
        <time dateTime={created.toISOString()}>{new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(created)}</time>
      </dd>
    </dl>
  );
}

/** A data item's info panel (description, provider, keywords, categories, status, owner, date); it follows edits. */
export default function ItemInfo({ locale, item }: { locale: Locale; item: Item }) {
  return (
    <Localized locale={locale}>
      <Info item={item} />
    </Localized>
  );
}
