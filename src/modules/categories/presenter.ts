import { t, type Static } from "elysia";
import type { Category } from "../../../db/schema";
import { dataCountsSchema } from "../projects/presenter";
import { integer } from "../../lib/schema";

export const categorySchema = t.Object({
  id: integer(),
  name: t.String(),
  type: t.Nullable(t.String()),
  number: integer(),
  isDefault: t.Boolean(),
  isPublic: t.Boolean(),
  hasProcess: t.Boolean(),
  description: t.String(),
  project: t.Object({ id: integer() }),
});
export type PresentedCategory = Static<typeof categorySchema>;

/** A category in the API's shape: the project as `{ id }`. */
export function presentCategory(category: Category): PresentedCategory {
  return {
    id: category.id,
    name: category.name,
    type: category.type,
    number: category.number,
    isDefault: category.isDefault,
    isPublic: category.isPublic,
    hasProcess: category.hasProcess,
    description: category.description,
    project: { id: category.projectId },
  };
}

/** A category with its active data items per type (the project home's folders). */
export const categoryDetailsSchema = t.Object({ category: categorySchema, numberOfDataByType: dataCountsSchema });
