import { loadStrings } from "./strings";

type Panel = typeof import("./panel");
let panel: Promise<Panel> | undefined;

/** The chat panel (its own chunk, with its styles) and its strings, imported on first use; a failed import is tried again next time. */
export function loadPanel(): Promise<Panel> {
  panel ??= Promise.all([import("./panel"), loadStrings()]).then(([module]) => module);
  panel.catch(() => {
    panel = undefined;
  });
  return panel;
}
