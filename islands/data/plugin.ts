import type { DataType } from "../../db/schema/data";
import type { ViewerComponent } from "../viewers/registry";
import type { ComponentModule } from "../lib/ui/OnDemand";
import type { CreatorProps } from "./creators";

/**
 * The browser half of a data type, exported as `plugin.ts` by the type's island folder and listed once in
 * islands/data-types.ts. Loaders are functions so a type's code arrives only when an item of it is shown
 * or made. The server half is `DataTypePlugin` (src/modules/data/plugin.ts).
 */
export interface BrowserDataType {
  type: DataType;
  /** An @mdi/js path: lists, links, search hits, pickers, the project's counts. */
  icon: string;
  /** The viewer, a module's default export (data page, split screen, widgets, report blocks); without one the data page shows its placeholder. */
  viewer?: () => Promise<{ default: ViewerComponent }>;
  /** The dialog of a list's create button, a module's default export that the list renders; without one the list has no create button. */
  creator?: ComponentModule<CreatorProps>;
}
