import type { DataType } from "../../db/schema/data";
import { mountViewer } from "./registry";

/**
 * Mounts the viewer of the item a page's stage names (data-type, data-data-id, data-project-id,
 * data-moderator) in place of its placeholder; a type without a viewer keeps the placeholder.
 */
export async function startViewer(stage: HTMLElement) {
  const { type, dataId, projectId, moderator } = stage.dataset;
  const host = document.createElement("div");
  host.className = "viewer__host";
  const context = { dataId: Number(dataId), projectId: Number(projectId), canModerate: moderator === "1", compact: false };
  const placeholders = [...stage.children];
  stage.append(host);
  const mounted = await mountViewer(type as DataType, host, context);
  for (const child of mounted ? placeholders : [host]) child.remove();
  return mounted;
}
