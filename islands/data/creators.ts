import type { DataType } from "../../db/schema";

export interface CreateOptions {
  /** Runs after a save. */
  onSaved: () => void;
  /** Categories chosen from the start (the category page's own). */
  categoryIds?: number[];
}

/**
 * How a data list's create button makes items of its type, loaded on the first click; the page
 * renders the matching dialog (CREATE_DIALOGS in pages/project/[projectId]/[dataType].astro).
 */
export const CREATORS: Partial<Record<DataType, () => Promise<(options: CreateOptions) => void>>> = {
  DOC: () => import("./upload-wizard").then((module) => module.openUploadWizard),
  REPORT: () => import("./new-item").then((module) => module.openNewItem),
  TABLE: () => import("../tables/import").then((module) => module.openTableImport),
  CHART: () => import("../charts/wizard").then((module) => module.openChartCreator),
  CALC: () => import("./new-item").then((module) => module.openNewItem),
};
