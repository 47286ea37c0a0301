import { api } from "../lib/api";
import { errorText } from "../lib/failures";
import { t } from "../lib/i18n";
import { message, type Version, type Viewer } from "../docs/common";
import { showVersion } from "../docs/version-view";
import type { MountedViewer, ViewerContext } from "./registry";

/**
 * The DOC viewer of the registry (split screen): the document's newest version, shown as the document page
 * shows it (islands/docs/version-view.ts): Word as structured text, PDF in the pdf.js viewer, a picture or a
 * download. The page mounting it embeds the "docs." strings and pages/_components/docs/doc-viewer.css.
 */
export function mount(host: HTMLElement, { dataId }: ViewerContext): MountedViewer {
  const controller = new AbortController();
  let shown: Viewer | undefined;
  host.classList.add("doc-viewer");
  host.replaceChildren(message(t("common.loading")));
  void (async () => {
    try {
      const [newest] = await api<Version[]>(`docs/get-all-versions/${dataId}`, { signal: controller.signal });
      if (controller.signal.aborted) return;
      if (!newest) return host.replaceChildren(message(t("docs.emptyList")));
      shown = await showVersion(host, newest, undefined, controller.signal);
      if (controller.signal.aborted) shown?.dispose();
    } catch (error) {
      if (!controller.signal.aborted) host.replaceChildren(message(errorText(error), "error"));
    }
  })();
  return {
    destroy() {
      controller.abort();
      shown?.dispose();
    },
  };
}
