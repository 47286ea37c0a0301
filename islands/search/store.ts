import { signal } from "@preact/signals-react";

/** Bumped by every request to open the search sheet (the shell's buttons, Ctrl+S): the sheet opens, or its box takes the focus. */
export const openRequests = signal(0);

/** Opens the search sheet; its chunk and strings load on the first open. */
export function openSearch() {
  openRequests.value++;
}
