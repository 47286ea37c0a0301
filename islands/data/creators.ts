import type { DataType } from "../../db/schema";
import type { CategoryChoice } from "./CategoryChecks";

export interface CreateOptions {
  projectId: number;
  /** The list's type (one dialog makes both CALC and REPORT items). */
  dataType: DataType;
  /** The project's categories to choose from (never the default ones). */
  categories: CategoryChoice[];
  /** Runs after a save. */
  onSaved: () => void;
  /** Categories chosen from the start (the category page's own). */
  categoryIds?: number[];
}

/**
 * How a data list's create button makes items of its type, loaded on the first click. TABLE and
 * CHART still open dialogs their pages render (pages/project/[projectId]/[dataType].astro).
 */
export const CREATORS: Partial<Record<DataType, () => Promise<(options: CreateOptions) => void>>> = {
  DOC: () => import("./upload-wizard").then((module) => module.openUploadWizard),
  REPORT: () => import("./new-item").then((module) => module.openNewItem),
  TABLE: () => import("../tables/import").then((module) => module.openTableImport),
  CHART: () => import("../charts/wizard").then((module) => module.openChartCreator),
  CALC: () => import("./new-item").then((module) => module.openNewItem),
};
