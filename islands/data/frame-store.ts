/**
 * The data item page's frame, shared by its islands (the header's tools, the viewer and side panel):
 * whether the side panel shows and on which tab, and full screen. Only the browser changes it; until
 * then every island renders as the page did.
 */
import { batch, signal } from "@preact/signals-react";

export type SideTab = "versions" | "info" | "comments";

export const sideOpen = signal(true);
export const sideTab = signal<SideTab>("info");
export const fullScreen = signal(false);
/** Someone used the frame: the tools follow these signals, not the page's first state. */
export const touched = signal(false);
/** The full-screen button takes the focus back (the viewer's own exit button was used). */
export const focusFullToggle = signal(false);

/** The page's first tab, once hydrated (the document page opens on its versions). */
export function startAt(tab: SideTab) {
  if (!touched.value) sideTab.value = tab;
}

export function showTab(tab: SideTab) {
  batch(() => {
    touched.value = true;
    sideTab.value = tab;
  });
}

/** The info button: hides the panel if it shows the info tab, else shows it there. */
export function toggleInfo() {
  batch(() => {
    touched.value = true;
    const hide = sideOpen.value && sideTab.value === "info";
    sideOpen.value = !hide;
    if (!hide) sideTab.value = "info";
  });
}

export function setFullScreen(on: boolean, { returnFocus = false } = {}) {
  batch(() => {
    touched.value = true;
    fullScreen.value = on;
    focusFullToggle.value = returnFocus;
  });
}
