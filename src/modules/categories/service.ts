import { and, asc, eq, gt, inArray, max, sql } from "drizzle-orm";
import type { Db, Executor } from "../../../db/client";
import type { AppContext } from "../../lib/context";
import { categories, type Category, type User } from "../../../db/schema";
import { AppError, conflict, invalid, notFound, type ErrorDetail } from "../../lib/errors";
import { cleanHtml } from "../../lib/clean-html";
import type { JobOptions } from "../../lib/untrusted-worker";
import { audit } from "../audit/service";
import { dataCountsByCategory, type DataCounts } from "../data/counts";
import { copyCategoryLinks } from "../data/service";
import { requireProjectRole, soleHoldersOf } from "../projects/policy";
import { CATEGORY_LIMITS } from "./limits";
import type { CategoryInput, CopyInput, OrderInput } from "./model";
import { requireCategory, visibleCategories } from "./policy";

/** A new project's hidden default category, inside the transaction that creates the project. */
export function createDefaultCategory(tx: Executor, projectId: number) {
  tx.insert(categories).values({ projectId, name: "Default", isDefault: true, number: 0 }).run();
}

/** The ids of the projects that have a default category. */
export const projectsWithDefaultCategory = (tx: Executor): Set<number> =>
  new Set(tx.select({ projectId: categories.projectId }).from(categories).where(eq(categories.isDefault, true)).all().map((row) => row.projectId));

const projectCategories = (db: Executor, projectId: number) =>
  db.select().from(categories).where(eq(categories.projectId, projectId)).orderBy(asc(categories.number), asc(categories.id)).all();

/** A project's categories in display order (number, then id), for its members: those the actor sees. */
export function listForProject(db: Db, actor: User, projectId: number): Category[] {
  requireProjectRole(db, actor, projectId);
  return visibleCategories(db, actor, projectCategories(db, projectId));
}

export function getCategory(db: Db, actor: User, id: number): Category {
  return requireCategory(db, actor, id, "USER");
}

/** Each category of a project the actor sees, with the number of its active data items per type they see. */
export function categoryDetailsList(db: Db, actor: User, projectId: number): { category: Category; numberOfDataByType: DataCounts }[] {
  const list = listForProject(db, actor, projectId);
  const counts = dataCountsByCategory(db, actor, list.map((category) => category.id));
  return list.map((category) => ({ category, numberOfDataByType: counts.get(category.id)! }));
}

const tooLong = (path: string): ErrorDetail => ({ path, message: "validation.tooLong", code: "validation.tooLong" });
const nameRequired = (path: string): ErrorDetail => ({ path, message: "category.nameRequired", code: "category.nameRequired" });

function checkName(path: string, raw: string | undefined): { name: string; details: ErrorDetail[] } {
  const name = raw?.trim() ?? "";
  if (!name) return { name, details: [nameRequired(path)] };
  if (name.length > CATEGORY_LIMITS.name) return { name, details: [tooLong(path)] };
  return { name, details: [] };
}

/**
 * Names are unique within a project, ignoring case in any script ("Фото" is "фото"); the hidden
 * default category does not count. Checked in the writing transaction, so two saves cannot both pass.
 */
function refuseTakenName(tx: Executor, projectId: number, name: string, path: string, exceptId?: number) {
  const wanted = name.toLowerCase();
  const taken = tx
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(and(eq(categories.projectId, projectId), eq(categories.isDefault, false)))
    .all()
    .some((other) => other.id !== exceptId && other.name.toLowerCase() === wanted);
  if (taken) {
    const code = "error.category_name_taken";
    throw new AppError(409, "category_name_taken", "A category with this name already exists in the project", [{ path, message: code, code }]);
  }
}

const nextNumber = (db: Executor, projectId: number) =>
  (db.select({ last: max(categories.number) }).from(categories).where(eq(categories.projectId, projectId)).get()?.last ?? 0) + 1;

/**
 * Creates a category (placed last) or updates one. ADMIN of the project only. An update names its
 * project too; a category of another project is not found, so a category never moves.
 */
export async function saveCategory(db: Db, actor: User, input: CategoryInput, options: JobOptions = {}): Promise<Category> {
  const existing = input.id ? requireCategory(db, actor, input.id, "ADMIN") : undefined;
  if (existing && existing.projectId !== input.project.id) throw notFound("category");
  if (!existing) requireProjectRole(db, actor, input.project.id, "ADMIN");

  const { name, details } = checkName("body.name", input.name);
  const type = input.type?.trim() || null;
  if (type && type.length > CATEGORY_LIMITS.type) details.push(tooLong("body.type"));
  if (details.length) throw invalid(details);

  const fields = {
    name,
    type,
    isDefault: input.isDefault ?? existing?.isDefault ?? false,
    isPublic: input.isPublic ?? existing?.isPublic ?? false,
    hasProcess: input.hasProcess ?? existing?.hasProcess ?? false,
    description: input.description === undefined && existing ? existing.description : input.description ? await cleanHtml(input.description, "richText", "body.description", options) : "",
  };
  return db.transaction((tx) => {
    if (!fields.isDefault) refuseTakenName(tx, input.project.id, name, "body.name", existing?.id);
    if (existing) {
      const saved = tx
        .update(categories)
        .set({ ...fields, number: input.number ?? existing.number })
        .where(eq(categories.id, existing.id))
        .returning()
        .get();
      audit(tx, actor.id, "UPDATE", `category ${saved.id} "${saved.name}" in project ${saved.projectId}`);
      return saved;
    }
    const created = tx
      .insert(categories)
      .values({ ...fields, projectId: input.project.id, number: nextNumber(tx, input.project.id) })
      .returning()
      .get();
    audit(tx, actor.id, "CREATE", `category ${created.id} "${created.name}" in project ${created.projectId}`);
    return created;
  });
}

/**
 * Reorders categories: every id must exist and all must belong to one project, where the actor
 * is ADMIN. Returns the project's categories in their new order.
 */
export function saveOrder(db: Db, actor: User, input: OrderInput): Category[] {
  if (!input.length) return [];
  const ids = input.map((entry) => entry.id);
  const duplicates = input.flatMap((entry, i) => (ids.indexOf(entry.id) !== i ? [{ path: `body.${i}.id`, message: "Listed twice" }] : []));
  if (duplicates.length) throw invalid(duplicates);
  const found = db.select().from(categories).where(inArray(categories.id, ids)).all();
  if (found.length !== ids.length) throw notFound("category");
  const projectId = found[0].projectId;
  requireProjectRole(db, actor, projectId, "ADMIN", "category");
  const strangers = found.filter((c) => c.projectId !== projectId);
  if (strangers.length) {
    throw invalid(
      strangers.map((c) => ({ path: `body.${ids.indexOf(c.id)}.id`, message: "All categories must belong to one project" })),
      "All categories must belong to one project",
    );
  }
  return db.transaction((tx) => {
    for (const entry of input) tx.update(categories).set({ number: entry.number }).where(eq(categories.id, entry.id)).run();
    audit(tx, actor.id, "UPDATE", `order of ${input.length} categories in project ${projectId}`);
    return projectCategories(tx, projectId);
  });
}

/**
 * Deletes a non-default category and its links to data and members; the data items stay. Members
 * limited to it and others lose its items, and their live subscriptions to those items' comments.
 * A category that is the only one given to a member stays (409): without it they would have none
 * given, which means everything.
 */
export function deleteCategory(ctx: AppContext, actor: User, id: number): Category {
  const category = requireCategory(ctx.db, actor, id, "ADMIN");
  if (category.isDefault) throw new AppError(409, "category_default", "A default category cannot be deleted");
  ctx.db.transaction((tx) => {
    if (soleHoldersOf(tx, id)) throw conflict("category_only_given", "Some members are given only this category: give them another one first");
    tx.delete(categories).where(eq(categories.id, id)).run();
    audit(tx, actor.id, "DELETE", `category ${category.id} "${category.name}" in project ${category.projectId}`);
  });
  ctx.live.recheckAll();
  return category;
}

/**
 * Copies a category under a new name, right after the original: same type, description and
 * flags (never default), and the same data items linked.
 */
export function copyCategory(db: Db, actor: User, input: CopyInput): Category {
  if (!input.categoryId) throw invalid([{ path: "query.categoryId", message: "Required" }]);
  const original = requireCategory(db, actor, input.categoryId, "ADMIN");
  const { name, details } = checkName(`${input.nameFrom}.name`, input.name);
  if (details.length) throw invalid(details);
  return db.transaction((tx) => {
    refuseTakenName(tx, original.projectId, name, `${input.nameFrom}.name`);
    tx.update(categories)
      .set({ number: sql`${categories.number} + 1` })
      .where(and(eq(categories.projectId, original.projectId), gt(categories.number, original.number)))
      .run();
    const copy = tx
      .insert(categories)
      .values({
        projectId: original.projectId,
        name,
        type: original.type,
        number: original.number + 1,
        isDefault: false,
        isPublic: original.isPublic,
        hasProcess: original.hasProcess,
        description: original.description,
      })
      .returning()
      .get();
    copyCategoryLinks(tx, original.id, copy.id);
    audit(tx, actor.id, "CREATE", `category ${copy.id} "${copy.name}" copied from ${original.id} in project ${copy.projectId}`);
    return copy;
  });
}
