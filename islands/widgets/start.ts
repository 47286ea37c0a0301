import type { Widget } from "./grid";
import { mountWidgetBody } from "./registry";

/**
 * Starts the widget section a page drew (pages/_components/widgets/WidgetSection.astro): the server
 * laid the grid out with CSS, so reading it needs only the viewers; React and react-grid-layout load
 * when a moderator asks to edit, and then take the section over.
 */
export function startWidgets() {
  const host = document.getElementById("widget-grid");
  if (!host) return;
  const projectId = Number(host.dataset.projectId);
  const canModerate = host.dataset.moderator === "1";
  const widgets = JSON.parse(host.dataset.widgets!) as Widget[];
  const bodies = widgets.map((widget) => {
    const body = host.querySelector<HTMLElement>(`[data-widget-id="${widget.id}"] .widget__host`)!;
    return mountWidgetBody(body, widget.type, { dataId: widget.abstractData?.id ?? null, projectId, canModerate });
  });
  const edit = host.querySelector<HTMLButtonElement>("[data-widgets-edit]");
  edit?.addEventListener("click", async () => {
    edit.disabled = true;
    const [{ mountWidgetGrid }, ...downs] = await Promise.all([import("./grid"), ...bodies]);
    for (const down of downs) down();
    mountWidgetGrid(host, { projectId, canModerate, initial: widgets, editing: true });
  });
}
