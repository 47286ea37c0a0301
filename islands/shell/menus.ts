/**
 * The shell's menus (the rail's language menu, the profile menus of the rail and the bottom bar),
 * each its own island: one open at a time, and Escape or a click outside every menu closes it.
 */
import { signal } from "@preact/signals-react";

/** The open menu's id, or null. */
export const openMenu = signal<string | null>(null);

let listening = false;

/** Listens, once per page, for what closes the open menu. */
export function watchMenus() {
  if (listening) return;
  listening = true;
  document.addEventListener("click", (event) => {
    if (!(event.target instanceof Element && event.target.closest("details.menu"))) openMenu.value = null;
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") openMenu.value = null;
  });
}
