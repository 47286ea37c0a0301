import type { DataType } from "../../db/schema/data";

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

interface ViewerModule {
  mount(host: HTMLElement, context: ViewerContext): MountedViewer | Promise<MountedViewer>;
}

/**
 * One viewer per data type, loaded only when an item of that type is shown (the data page, split
 * screen, dashboard widgets, report blocks). A type without an entry shows the generic page. MAP,
 * LAYER and MODBUS_UNIT arrive with their own issues: they add a line here.
 */
const VIEWERS: Partial<Record<DataType, () => Promise<ViewerModule>>> = {
  DOC: () => import("./doc"),
  REPORT: () => import("../reports/viewer"),
  TABLE: () => import("../tables/viewer"),
  CHART: () => import("../charts/viewer"),
  CALC: () => import("../calc/viewer"),
};

export const hasViewer = (type: DataType) => type in VIEWERS;

/** Mounts the viewer of `type` into `host`; undefined when the type has none yet. */
export async function mountViewer(type: DataType, host: HTMLElement, context: ViewerContext) {
  const load = VIEWERS[type];
  if (!load) return undefined;
  return (await load()).mount(host, context);
}
