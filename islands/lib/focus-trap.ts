import type { KeyboardEvent } from "react";

const FOCUSABLE = "a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex='-1'])";

/** Tab and Shift+Tab go round inside `box`, never into the page behind it (a modal panel that is not a <dialog>). */
export function keepFocusIn(box: HTMLElement, event: KeyboardEvent) {
  if (event.key !== "Tab") return;
  const inside = [...box.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
  if (!inside.length) return;
  const first = inside[0]!;
  const last = inside[inside.length - 1]!;
  const at = document.activeElement;
  if (event.shiftKey && (at === first || at === box)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && at === last) {
    event.preventDefault();
    first.focus();
  }
}

/** Whether a key went to something above a panel that takes Escape itself (an open dialog, a viewer, a menu). */
export const keyTakenAbove = (event: Event, above: string) => !!(event.target as Element | null)?.closest?.(above);
