import type { DataType } from "../../db/schema";
import type { CategoryChoice } from "../lib/ui/CategoryChecks";

/** What a type's creator (its browser plugin's `creator`, islands/data/plugin.ts) is given by a list or category page. */
export interface CreateOptions {
  projectId: number;
  /** The list's type (one dialog makes both CALC and REPORT items). */
  dataType: DataType;
  /** The project's categories to choose from (never the default ones). */
  categories: CategoryChoice[];
  /** Runs after a save. */
  onSaved: () => void;
  /** The reader is an administrator (a map's inheriting view, a layer's templates). */
  canAdmin?: boolean;
  /** Categories chosen from the start (the category page's own). */
  categoryIds?: number[];
}

/** A creator's props: its host renders it while the dialog is open and drops it on `onClose`. */
export interface CreatorProps {
  options: CreateOptions;
  onClose: () => void;
}
