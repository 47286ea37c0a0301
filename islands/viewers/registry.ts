import type { ComponentType } from "react";
import type { DataType } from "../../db/schema/data";
import { browserType } from "../data-types";

/**
 * What a viewer is given: the item, what the reader may do, and where it sits. `compact` is set where the
 * viewer is a dashboard widget, a report's embedded block or one half of split screen: no side actions that
 * need the whole page, a height the host decides.
 */
export interface ViewerContext {
  dataId: number;
  projectId: number;
  canModerate: boolean;
  compact: boolean;
  /** What the data page loaded for its viewer with the page (a table's first rows), so it shows them without asking again. */
  initial?: unknown;
}

/** A type's viewer: a component, in a module of its own that comes when an item of the type is first shown. */
export type ViewerComponent = ComponentType<ViewerContext>;

/** The viewer of `type` (its browser plugin's, islands/data-types.ts); undefined when the type has none yet. */
export async function loadViewer(type: DataType): Promise<ViewerComponent | undefined> {
  const load = browserType(type).viewer;
  return load ? (await load()).default : undefined;
}
