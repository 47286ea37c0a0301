import { mdiClose, mdiOpenInNew } from "@mdi/js";
import { dataItemPath } from "../../src/lib/data-paths";
import { errorText } from "../lib/failures";
import { t, tf } from "../lib/i18n";
import { mountViewer, type MountedViewer } from "../viewers/registry";
import { picker } from "./picker";
import type { SplitItem, SplitState } from "./types";

const PARAMS = ["dataId", "secondDataId"] as const;

const iconLink = <K extends "a" | "button">(tag: K, label: string, path: string) => {
  const node = document.createElement(tag);
  node.className = "docv-icon";
  node.title = label;
  node.setAttribute("aria-label", label);
  node.innerHTML = `<svg viewBox="0 0 24 24" aria-hidden="true"><path d="${path}"/></svg>`;
  return node;
};

/**
 * Split screen's two sides. Each shows its item in the viewer of its type (islands/viewers/registry.ts,
 * compact) or, empty, the picker; the second side's picker lists the first item's related data. Opening
 * or closing an item keeps the address in step (dataId, secondDataId), so a reload shows the same.
 */
export function startSplitScreen(root: HTMLElement) {
  const state = JSON.parse(document.getElementById("split-state")!.textContent!) as SplitState;
  const panes = [...root.querySelectorAll<HTMLElement>("[data-side]")];
  const items: (SplitItem | null)[] = state.sides.map((side) => side.item);
  const mounted: (MountedViewer | undefined)[] = [undefined, undefined];
  const running: (AbortController | undefined)[] = [undefined, undefined];
  const labels = [t("viewer.split.first"), t("viewer.split.second")];

  function remember() {
    const url = new URL(location.href);
    PARAMS.forEach((param, i) => (items[i] ? url.searchParams.set(param, String(items[i]!.id)) : url.searchParams.delete(param)));
    history.replaceState(null, "", url);
  }

  async function render(side: number, notice?: string) {
    running[side]?.abort();
    const controller = (running[side] = new AbortController());
    mounted[side]?.destroy();
    mounted[side] = undefined;
    const pane = panes[side];
    const bar = pane.querySelector<HTMLElement>(".split__bar")!;
    const title = pane.querySelector<HTMLElement>("[data-title]")!;
    const stage = pane.querySelector<HTMLElement>("[data-stage]")!;
    const item = items[side];
    bar.querySelectorAll(".docv-icon").forEach((node) => node.remove());
    if (!item) {
      title.textContent = labels[side];
      if (state.projectId === null) {
        const line = document.createElement("p");
        line.className = "docv-message split-empty";
        line.textContent = notice ? `${notice} ${t("viewer.split.noProject")}` : t("viewer.split.noProject");
        return stage.replaceChildren(line);
      }
      const other = items[0];
      stage.replaceChildren(
        picker({
          projectId: state.projectId,
          relatedTo: side === 1 && other ? other : undefined,
          notice,
          signal: controller.signal,
          open: (hit) => {
            items[side] = { id: hit.id, name: hit.name, dataType: hit.dataType, projectId: state.projectId! };
            remember();
            void render(side);
            if (side === 0 && !items[1]) void render(1);
            pane.querySelector<HTMLElement>("[data-title]")!.focus();
          },
        }),
      );
      return;
    }
    title.textContent = item.name;
    title.tabIndex = -1;
    const page = iconLink("a", tf("viewer.split.openPage", { name: item.name }), mdiOpenInNew);
    page.href = dataItemPath(item.projectId, item.dataType, item.id);
    const close = iconLink("button", tf("viewer.split.close", { name: item.name }), mdiClose);
    close.type = "button";
    close.addEventListener("click", () => {
      items[side] = null;
      remember();
      void render(side);
      // The second side's picker lists the first item's related data: it follows the first side.
      if (side === 0 && !items[1]) void render(1);
    });
    bar.append(page, close);
    const host = document.createElement("div");
    host.className = "viewer__host";
    stage.replaceChildren(host);
    try {
      const context = { dataId: item.id, projectId: item.projectId, canModerate: state.canModerate, compact: true };
      const viewer = await mountViewer(item.dataType, host, context);
      if (controller.signal.aborted) return viewer?.destroy();
      mounted[side] = viewer;
      if (!viewer) {
        const line = document.createElement("p");
        line.className = "docv-message split-empty";
        line.textContent = t("viewer.split.noViewer");
        host.replaceChildren(line);
      }
    } catch (error) {
      if (controller.signal.aborted) return;
      const line = document.createElement("p");
      line.className = "docv-message docv-message--error split-empty";
      line.setAttribute("role", "alert");
      line.textContent = errorText(error);
      host.replaceChildren(line);
    }
  }

  state.sides.forEach((side, i) => void render(i, side.refused ? t("viewer.split.unavailable") : undefined));
  remember();
}
