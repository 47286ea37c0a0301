import type { Locale } from "../../src/lib/i18n";
import { Localized, useT } from "../lib/ui/i18n";
import { type Item, useItem } from "./item-store";
import { ItemFacts } from "./ItemFacts";

function Info({ item }: { item: Item }) {
  const { t } = useT();
  const shown = useItem(item);
  return <ItemFacts item={shown}>{!shown.isActive && <dd className="badge badge--off">{t("docs.view.removedItem")}</dd>}</ItemFacts>;
}

/** A data item's info panel (description, provider, keywords, categories, status, owner, date); it follows edits. */
export default function ItemInfo({ locale, item }: { locale: Locale; item: Item }) {
  return (
    <Localized locale={locale}>
      <Info item={item} />
    </Localized>
  );
}
