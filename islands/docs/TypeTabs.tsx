import { arrowTabs } from "../data/arrow-tabs";
import { useT } from "../lib/ui/i18n";
import type { VersionType } from "./common";

/** Tabs that filter the versions by type, shown when there is more than one; arrow keys move between them. */
export function TypeTabs({ types, active, onChoose }: { types: VersionType[]; active: VersionType | undefined; onChoose: (type: VersionType) => void }) {
  const { t } = useT();
  const choose = (type: VersionType, tablist: HTMLElement) => {
    if (type !== active) onChoose(type);
    (tablist.children[types.indexOf(type)] as HTMLElement | undefined)?.focus();
  };
  return (
    <div
      className="side__types"
      role="tablist"
      id="type-tabs"
      aria-label={t("docs.view.typeTabs")}
      hidden={types.length < 2}
      onKeyDown={(event) => arrowTabs(event.nativeEvent, types, active, (type) => choose(type, event.currentTarget))}
    >
      {types.length > 1 &&
        types.map((type) => (
          <button key={type} type="button" role="tab" aria-controls="version-list" aria-selected={type === active} tabIndex={type === active ? 0 : -1} data-type={type} onClick={() => type !== active && onChoose(type)}>
            {t(`docs.view.type${type}`)}
          </button>
        ))}
    </div>
  );
}
