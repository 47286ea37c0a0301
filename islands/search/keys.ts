import type { KeyboardEvent } from "react";

/**
 * Arrow keys in the search sheet: Down from the query box goes to the first hit, Up and Down walk the
 * hits (the links shown, in order), Up from the first hit goes back to the box; Home and End jump.
 */
export function moveFocus(event: KeyboardEvent, input: HTMLInputElement, hits: HTMLElement[]) {
  if (!["ArrowDown", "ArrowUp", "Home", "End"].includes(event.key)) return;
  const at = hits.indexOf(document.activeElement as HTMLElement);
  let next: HTMLElement | undefined;
  if (document.activeElement === input) {
    if (event.key !== "ArrowDown") return;
    next = hits[0];
  } else if (at < 0) return;
  else if (event.key === "Home") next = hits[0];
  else if (event.key === "End") next = hits.at(-1);
  else if (event.key === "ArrowDown") next = hits[at + 1];
  else next = at === 0 ? input : hits[at - 1];
  if (!next) return;
  event.preventDefault();
  next.focus();
  next.scrollIntoView({ block: "nearest" });
}
