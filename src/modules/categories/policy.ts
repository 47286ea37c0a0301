import { and, eq, inArray } from "drizzle-orm";
import type { Db, Executor } from "../../../db/client";
import { categories, type Category, type User } from "../../../db/schema";
import { notFound } from "../../lib/errors";
import type { Role } from "../../lib/roles";
import { requireProjectRole } from "../projects/policy";

const findCategory = (db: Executor, id: number) => db.select().from(categories).where(eq(categories.id, id)).get();

/**
 * The category, if the actor has `needed` in its project. A category of a project the actor
 * cannot see is reported as missing, so ids of other projects give away nothing.
 */
export function requireCategory(db: Db, actor: User, id: number, needed: Role): Category {
  const category = findCategory(db, id);
  if (!category) throw notFound("category");
  requireProjectRole(db, actor, category.projectId, needed, "category");
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
