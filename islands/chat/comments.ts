import { snack } from "../lib/snackbar";
import { openComments } from "./core";
import { errorText } from "./strings";

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
        snack(error?.code ? errorText(error.code, error.message) : errorText("network"), "error");
      })
      .finally(() => panel.removeAttribute("aria-busy"));
  };
  const observer = new MutationObserver(start);
  observer.observe(panel, { attributes: true, attributeFilter: ["hidden"] });
  start();
}
