import type { Widget } from "./grid";

/**
 * Starts the widget section a page drew (pages/_components/widgets/WidgetSection.astro): React and the
 * grid load on demand, then replace the server-drawn list of the widgets' names.
 */
export async function startWidgets() {
  const host = document.getElementById("widget-grid");
  if (!host) return;
  const { mountWidgetGrid } = await import("./grid");
  const initial = JSON.parse(host.dataset.widgets!) as Widget[];
  mountWidgetGrid(host, { projectId: Number(host.dataset.projectId), canModerate: host.dataset.moderator === "1", initial });
}
