import { type KeyboardEvent, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useT } from "../lib/ui/i18n";
import { STATUSES, type IssueSummary, type Status } from "./types";

interface Props {
  issue: IssueSummary;
  /** The card's move button: the menu opens beside it and is named like it. */
  anchor: HTMLButtonElement;
  /** Escape and Tab give the focus back to the button; a click elsewhere does not. */
  onClose: (focusBack: boolean) => void;
  onMove: (status: Status) => void;
}

/** A card's move menu: the other columns, walked with the arrow keys. */
export function MoveMenu({ issue, anchor, onClose, onMove }: Props) {
  const { t, tf } = useT();
  const menu = useRef<HTMLDivElement>(null);
  const items = useRef<HTMLButtonElement[]>([]);
  const [place, setPlace] = useState({ top: 0, left: 0 });
  const others = STATUSES.filter((status) => status !== issue.status);

  useLayoutEffect(() => {
    const rect = anchor.getBoundingClientRect();
    const { offsetHeight, offsetWidth } = menu.current!;
    setPlace({
      top: Math.min(rect.bottom + 4, innerHeight - offsetHeight - 8),
      left: Math.max(8, Math.min(rect.right - offsetWidth, innerWidth - offsetWidth - 8)),
    });
    items.current[0]?.focus();
  }, [anchor]);

  useEffect(() => {
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !anchor.contains(target)) onClose(false);
    };
    document.addEventListener("pointerdown", outside);
    return () => document.removeEventListener("pointerdown", outside);
  }, [anchor, onClose]);

  const keys = (event: KeyboardEvent) => {
    const list = items.current.filter(Boolean);
    const at = list.indexOf(document.activeElement as HTMLButtonElement);
    if (event.key === "Escape" || event.key === "Tab") onClose(true);
    else if (event.key === "ArrowDown") list[(at + 1) % list.length]?.focus();
    else if (event.key === "ArrowUp") list[(at - 1 + list.length) % list.length]?.focus();
    else return;
    event.preventDefault();
  };

  return (
    <div className="tb-menu" role="menu" aria-label={anchor.getAttribute("aria-label") ?? ""} ref={menu} style={place} onKeyDown={keys}>
      {others.map((status, index) => (
        <button
          key={status}
          type="button"
          role="menuitem"
          tabIndex={-1}
          aria-label={tf("issue.moveTo", { status: t(`issueStatus.${status}`) })}
          ref={(button) => {
            if (button) items.current[index] = button;
          }}
          onClick={() => onMove(status)}
        >
          <span className={`td-dot td-dot--${status}`} aria-hidden="true" />
          {t(`issueStatus.${status}`)}
        </button>
      ))}
    </div>
  );
}
