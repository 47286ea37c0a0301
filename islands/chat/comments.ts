import { errorText } from "../lib/failures";
import { snack } from "../lib/snackbar";
import { openComments } from "./core";

/**
 * A data item's comment chat in a side-panel tab: the panel (and React) load the first time the
 * tab panel is shown, not with the page. The panel names the item with data-data-id.
 */
export function watchComments(panel: HTMLElement) {
  const dataId = Number(panel.dataset.dataId);
  if (!dataId) return;
  let started = false;
  const start = () => {
    if (started || panel.hidden) return;
    started = true;
    observer.disconnect();
    panel.setAttribute("aria-busy", "true");
    openComments(panel, dataId)
      .catch((error: { code?: string; message?: string }) => {
        started = false;
        observer.observe(panel, { attributes: true, attributeFilter: ["hidden"] });
        snack(errorText(error?.code ? error : { code: "network" }), "error");
      })
      .finally(() => panel.removeAttribute("aria-busy"));
  };
  const observer = new MutationObserver(start);
  observer.observe(panel, { attributes: true, attributeFilter: ["hidden"] });
  start();
}
