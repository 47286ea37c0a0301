import type { DataType } from "../../db/schema/data";
import { browserType } from "../data-types";

/**
 * What a viewer is told when it is mounted: the item, what the reader may do, and where it sits.
 * `compact` is set where the viewer is a dashboard widget, a report's embedded block or one half of
 * split screen: no side actions that need the whole page, a height the host decides.
 */
export interface ViewerContext {
  dataId: number;
  projectId: number;
  canModerate: boolean;
  compact: boolean;
}

/** A mounted viewer; destroy() releases its listeners, charts and timers before its element is reused. */
export interface MountedViewer {
  destroy(): void;
}

export const hasViewer = (type: DataType) => browserType(type).viewer !== undefined;

/** Mounts the viewer of `type` (its browser plugin's, islands/data-types.ts) into `host`; undefined when the type has none yet. */
export async function mountViewer(type: DataType, host: HTMLElement, context: ViewerContext) {
  const load = browserType(type).viewer;
  if (!load) return undefined;
  return (await load()).mount(host, context);
}
