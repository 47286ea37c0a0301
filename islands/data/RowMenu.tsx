import { mdiDelete, mdiDeleteForever, mdiOpenInNew, mdiRestore } from "@mdi/js";
import { type KeyboardEvent, useEffect, useLayoutEffect, useRef, useState } from "react";
import { dataItemPath } from "../../src/lib/data-paths";
import { Icon } from "../lib/ui/Icon";
import { useT } from "../lib/ui/i18n";
import type { Summary } from "./list-store";

/** What a row's menu can do besides opening the item. */
export type RowAction = "remove" | "restore" | "forever";

interface RowMenuProps {
  item: Summary;
  /** The row's menu button: the menu opens beside it. */
  anchor: HTMLButtonElement;
  projectId: number;
  canModerate: boolean;
  canAdmin: boolean;
  onAction: (action: RowAction) => void;
  onClose: (returnFocus: boolean) => void;
}

/** Below the button if it fits, else above; never past the window's edges. */
function placeBeside(anchor: HTMLElement, menu: HTMLElement) {
  const box = anchor.getBoundingClientRect();
  const below = box.bottom + 4 + menu.offsetHeight <= innerHeight;
  return {
    top: below ? box.bottom + 4 : Math.max(4, box.top - 4 - menu.offsetHeight),
    left: Math.max(4, Math.min(box.right - menu.offsetWidth, innerWidth - menu.offsetWidth - 4)),
  };
}

const ACTION_ICONS: Record<RowAction, string> = { remove: mdiDelete, restore: mdiRestore, forever: mdiDeleteForever };

/**
 * A row's menu (open, remove, restore, delete forever): arrow keys, Home and End move, Escape
 * closes it back to its button, a click elsewhere, scrolling or resizing closes it.
 */
export function RowMenu({ item, anchor, projectId, canModerate, canAdmin, onAction, onClose }: RowMenuProps) {
  const { t } = useT();
  const menu = useRef<HTMLDivElement>(null);
  const entries = useRef<(HTMLElement | null)[]>([]);
  const [place, setPlace] = useState<{ top: number; left: number }>();
  const closing = useRef(onClose);
  closing.current = onClose;
  const actions = (
    [
      ["remove", canModerate && item.isActive, t("data.remove")],
      ["restore", canModerate && !item.isActive, t("data.restore")],
      ["forever", canAdmin && !item.isActive, t("data.removeForever")],
    ] as const
  ).filter(([, shown]) => shown);

  useLayoutEffect(() => setPlace(placeBeside(anchor, menu.current!)), [anchor]);
  useEffect(() => {
    entries.current[0]?.focus({ preventScroll: true });
    const away = (event: Event) => !menu.current?.contains(event.target as Node) && !anchor.contains(event.target as Node) && closing.current(false);
    const gone = () => closing.current(false);
    document.addEventListener("click", away);
    addEventListener("resize", gone);
    addEventListener("scroll", gone, { passive: true });
    return () => {
      document.removeEventListener("click", away);
      removeEventListener("resize", gone);
      removeEventListener("scroll", gone);
    };
  }, [anchor]);

  function keys(event: KeyboardEvent) {
    const shown = entries.current.slice(0, actions.length + 1);
    const at = shown.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: shown.length - 1 };
    if (event.key in moves) {
      event.preventDefault();
      shown[(moves[event.key]! + shown.length) % shown.length]?.focus();
    } else if (event.key === "Escape") {
      event.preventDefault();
      onClose(true);
    } else if (event.key === "Tab") onClose(false);
  }

  return (
    <div className="dl-menu" id="dl-row-menu" role="menu" aria-label={t("data.rowMenu")} ref={menu} style={place ?? { top: 0, left: 0 }} onKeyDown={keys}>
      <a role="menuitem" tabIndex={-1} data-action="open" href={dataItemPath(projectId, item.dataType, item.id)} ref={(el) => void (entries.current[0] = el)} onClick={() => onClose(false)}>
        <Icon path={mdiOpenInNew} />
        {t("data.open")}
      </a>
      {actions.map(([action, , label], at) => (
        <button key={action} role="menuitem" tabIndex={-1} type="button" data-action={action} ref={(el) => void (entries.current[at + 1] = el)} onClick={() => onAction(action)}>
          <Icon path={ACTION_ICONS[action]} />
          {label}
        </button>
      ))}
    </div>
  );
}
