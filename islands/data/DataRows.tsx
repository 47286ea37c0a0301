import { useSignals } from "@preact/signals-react/runtime";
import { mdiDotsVertical } from "@mdi/js";
import { type MouseEvent, useEffect, useRef, useState } from "react";
import { Icon } from "../lib/ui/Icon";
import { useT } from "../lib/ui/i18n";
import { itemIcon } from "./item-icon";
import type { ListStore, Summary } from "./list-store";
import { type RowAction, RowMenu } from "./RowMenu";
import { useConfirm } from "../lib/ui/Confirm";
import { useScrollPager } from "./useScrollPager";

/** The spec's infinite-scroll distance is 10 px; a little more keeps scrolling smooth. */
const SCROLL_MARGIN = 120;

interface RowProps {
  item: Summary;
  store: ListStore;
  menuOpen: boolean;
  onMenu: (button: HTMLButtonElement) => void;
}

function DataRow({ item, store, menuOpen, onMenu }: RowProps) {
  useSignals();
  const { t, tf, locale } = useT();
  const select = useRef<HTMLButtonElement>(null);
  const created = new Date(item.creationDate);
  const focusHere = store.focusRow.value === item.id;
  useEffect(() => {
    if (!focusHere) return;
    select.current?.focus();
    store.focusRow.value = undefined;
  }, [focusHere, store]);
  // A keyboard "click" (Enter or Space) has detail 0: then focus moves into the panel.
  const choose = (event: MouseEvent) => store.select(item.id, event.detail === 0);
  return (
    <li className={item.isActive ? "dl-row" : "dl-row is-inactive"} data-id={item.id} aria-busy={store.busy.value.has(item.id) || undefined}>
      <button type="button" className="dl-row__main" data-select aria-current={store.selectedId.value === item.id ? "true" : "false"} ref={select} onClick={choose}>
        <span className="dl-row__icon" data-icon>
          <Icon path={itemIcon(item)} />
        </span>
        <span className="dl-row__text">
          <span className="dl-row__name" data-name>
            {item.name}
          </span>
          <span className="dl-row__meta">
            <span data-provider>{item.provider?.name ?? "—"}</span>
            <time data-date dateTime={created.toISOString()}>
              {new Intl.DateTimeFormat(locale, { dateStyle: "medium" }).format(created)}
            </time>
            <span className="badge badge--off" data-removed hidden={item.isActive}>
              {t("data.removedBadge")}
            </span>
          </span>
        </span>
        <span className={`dl-chip dl-chip--${item.status}`} data-status>
          {t(`dataStatus.${item.status}`)}
        </span>
      </button>
      <button
        type="button"
        className="dl-icon"
        data-row-menu
        aria-haspopup="menu"
        aria-expanded={menuOpen}
        aria-controls="dl-row-menu"
        aria-label={tf("data.actions", { name: item.name })}
        onClick={(event) => onMenu(event.currentTarget)}
      >
        <Icon path={mdiDotsVertical} />
      </button>
    </li>
  );
}

/** The rows, the empty and loading notes, the sentinel that loads the next page, and the row menu. */
export function DataRows({ store, title, projectId, canModerate, canAdmin }: { store: ListStore; title: string; projectId: number; canModerate: boolean; canAdmin: boolean }) {
  useSignals();
  const { t, tf } = useT();
  const [question, ask] = useConfirm();
  const sentinel = useScrollPager(store, SCROLL_MARGIN);
  const [menu, setMenu] = useState<{ item: Summary; button: HTMLButtonElement }>();
  const items = store.items.value;
  const toggleMenu = (item: Summary, button: HTMLButtonElement) => setMenu(menu?.button === button ? undefined : { item, button });
  const menuItem = menu && items.find((item) => item.id === menu.item.id);

  async function act(item: Summary, action: RowAction) {
    setMenu(undefined);
    menu?.button.focus();
    if (action === "remove") return store.remove(item.id);
    if (action === "restore") return store.restore(item.id);
    const yes = await ask({ title: t("data.confirmTitle"), text: tf("data.removeForeverConfirm", { name: item.name }), confirm: t("data.removeForever") });
    if (yes) await store.removeForever(item.id);
  }
  return (
    <section className="dl-main" aria-label={title}>
      <ul className="dl-list" id="dl-list" aria-label={title}>
        {items.map((item) => (
          <DataRow key={item.id} item={item} store={store} menuOpen={menu?.item.id === item.id} onMenu={(button) => toggleMenu(item, button)} />
        ))}
      </ul>
      <p className="dl-muted dl-note" id="dl-empty" hidden={items.length > 0 || store.loading.value}>
        {store.filtering.value ? t("data.noMatch") : t("data.empty")}
      </p>
      <p className="dl-muted dl-note" id="dl-loading" hidden={!store.loading.value}>
        {t("common.loading")}
      </p>
      <div className="dl-sentinel" id="dl-sentinel" aria-hidden="true" ref={sentinel} />
      {menu && menuItem && (
        <RowMenu
          item={menuItem}
          anchor={menu.button}
          projectId={projectId}
          canModerate={canModerate}
          canAdmin={canAdmin}
          onAction={(action) => void act(menuItem, action)}
          onClose={(returnFocus) => {
            setMenu(undefined);
            if (returnFocus) menu.button.focus();
          }}
        />
      )}
      {question}
    </section>
  );
}
