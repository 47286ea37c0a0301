import { and, eq, inArray } from "drizzle-orm";
import type { Db, Executor } from "../../../db/client";
import { categories, type Category, type User } from "../../../db/schema";
import { forbidden, notFound } from "../../lib/errors";
import { hasRank, type Role } from "../../lib/roles";
import { categoryLimits, requireProjectRole, type CategoryLimits } from "../projects/policy";

const findCategory = (db: Executor, id: number) => db.select().from(categories).where(eq(categories.id, id)).get();

/**
 * Whether a reader with these limits (categoryLimits) sees a category: every one of a project where
 * they are not limited, else only those they were given.
 */
export const seesCategory = (limits: CategoryLimits, category: Pick<Category, "id" | "projectId">): boolean =>
  limits.get(category.projectId)?.includes(category.id) ?? true;

/** The categories of `list` the actor sees. */
export function visibleCategories<C extends Pick<Category, "id" | "projectId">>(db: Db, actor: User, list: C[]): C[] {
  const limits = categoryLimits(db, actor);
  return list.filter((category) => seesCategory(limits, category));
}

/**
 * The category, if the actor has `needed` in its project and sees it. A category of a project the
 * actor cannot see, or one they are not given where they are limited, is reported as missing, so
 * its id gives away nothing.
 */
export function requireCategory(db: Db, actor: User, id: number, needed: Role): Category {
  const category = findCategory(db, id);
  if (!category) throw notFound("category");
  const { role } = requireProjectRole(db, actor, category.projectId, "USER", "category");
  if (!visibleCategories(db, actor, [category]).length) throw notFound("category");
  if (!hasRank(role, needed)) throw forbidden();
  return category;
}

/**
 * Which of `ids` a data item or a member of the project may be given: the project's own
 * categories, and for members (`nonDefault`) not its hidden default one.
 */
export function projectCategoryIds(db: Executor, projectId: number, ids: number[], nonDefault = false): number[] {
  if (!ids.length) return [];
  return db
    .select({ id: categories.id })
    .from(categories)
    .where(and(inArray(categories.id, ids), eq(categories.projectId, projectId), nonDefault ? eq(categories.isDefault, false) : undefined))
    .all()
    .map((row) => row.id);
}
