import type { Category } from "../../../db/schema";

/** A category in the API's shape: the project as `{ id }`. */
export function presentCategory(category: Category) {
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

export type PresentedCategory = ReturnType<typeof presentCategory>;
