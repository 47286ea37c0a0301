import { and, eq, inArray, notInArray, or, sql, type SQL } from "drizzle-orm";
import type { Db, Executor } from "../../../db/client";
import { categories, dataCategories, dataItems, type DataItem, type DataType, type User } from "../../../db/schema";
import { dataTypeOf } from "../../data-types";
import { forbidden, notFound } from "../../lib/errors";
import { hasRank, type Role } from "../../lib/roles";
import { categoryLimits, requireProjectRole, type CategoryLimits, type ProjectAccess } from "../projects/policy";

export const findDataItem = (db: Executor, id: number): DataItem | undefined =>
  db.select().from(dataItems).where(eq(dataItems.id, id)).get();

/**
 * An active item in at least one category marked public (the public data page): anyone may read it. One
 * query by primary key whatever the answer, so a private, removed or missing id costs the same.
 */
export function findPublicDataItem(db: Executor, id: number): DataItem | undefined {
  const inPublic = sql`exists (select 1 from ${dataCategories} join ${categories} on ${categories.id} = ${dataCategories.categoryId}
    where ${dataCategories.dataId} = ${dataItems.id} and ${categories.isPublic} = 1)`;
  return db.select().from(dataItems).where(and(eq(dataItems.id, id), eq(dataItems.isActive, true), inPublic)).get();
}

/** Moderators (and a member with the moderator flag) see removed items and change items. */
export const isModerator = (access: ProjectAccess) => hasRank(access.role, "MODERATOR");

/**
 * The category rule, as a condition on data_items for every list, search and count: in a project
 * where the actor is limited to some categories (see categoryLimits) an item is there only when it
 * is in at least one of them; elsewhere every item is. Undefined when nothing is limited. With
 * `projectId` (a query of one project) only that project's limit is written, so SQLite can start
 * from the given categories' items instead of testing every row.
 */
export function reachableItems(limits: CategoryLimits, projectId?: number): SQL | undefined {
  const limited = projectId === undefined ? [...limits.keys()] : limits.has(projectId) ? [projectId] : [];
  if (!limited.length) return undefined;
  const given = limited.flatMap((id) => limits.get(id)!);
  const inGiven = inArray(dataItems.id, sql`(select ${dataCategories.dataId} from ${dataCategories} where ${inArray(dataCategories.categoryId, given)})`);
  return projectId === undefined ? or(notInArray(dataItems.projectId, limited), inGiven) : inGiven;
}

/** The same rule for one item (the single-item reads): one primary-key lookup. */
function mayReach(db: Db, limits: CategoryLimits, item: DataItemHeader): boolean {
  const given = limits.get(item.projectId);
  if (!given) return true;
  return !!db
    .select({ id: dataCategories.dataId })
    .from(dataCategories)
    .where(and(eq(dataCategories.dataId, item.id), inArray(dataCategories.categoryId, [...given])))
    .get();
}

/** The columns every access check reads; never the content ones (body, value, script, props), which may hold megabytes. */
const HEADER = { id: dataItems.id, projectId: dataItems.projectId, dataType: dataItems.dataType, name: dataItems.name, isActive: dataItems.isActive };
export type DataItemHeader = Pick<DataItem, keyof typeof HEADER>;

/** What a caller of requireDataItem asks for; every field is optional. */
export interface DataItemNeeds {
  /** Only an item of this type: any other answers as an id that does not exist (the same 404). */
  type?: DataType;
  /** The role needed in the item's project (USER: whoever sees it). */
  needed?: Role;
  /** The object asked for, when it was reached through the item (a document's version): its 404 is `<hiddenAs>_not_found`. */
  hiddenAs?: string;
}

/**
 * A data item the actor may act on with `needed` in its project, of `type` when one is given: the one guard of
 * every data type. Whoever may not see it (not a member; a plain user and a removed item; a member limited to
 * categories it is in none of), or asks for another type, gets the same 404 (data_not_found) as for an id that
 * does not exist; only someone who sees it learns, with 403, that they may not change it.
 */
export function requireDataItem(db: Db, actor: User, id: number, needs: DataItemNeeds = {}): { item: DataItem; access: ProjectAccess } {
  const item = findDataItem(db, id);
  return { item: item!, access: checkAccess(db, actor, item, needs) };
}

/**
 * The same check as requireDataItem, answering the item's header only: for callers that act on an item
 * without reading its content (a report's save reads a megabyte body no more than it must).
 */
export function requireDataItemHeader(db: Db, actor: User, id: number, needs: DataItemNeeds = {}): { item: DataItemHeader; access: ProjectAccess } {
  const item = db.select(HEADER).from(dataItems).where(eq(dataItems.id, id)).get();
  return { item: item!, access: checkAccess(db, actor, item, needs) };
}

/** Whether `actor` may open item `id` (requireDataItemHeader's rules), for the live channel's rules, which answer yes or no. */
export function mayOpenDataItem(db: Db, actor: User, id: number, needs: DataItemNeeds = {}): boolean {
  try {
    requireDataItemHeader(db, actor, id, needs);
    return true;
  } catch {
    return false;
  }
}

function checkAccess(db: Db, actor: User, item: DataItemHeader | undefined, { type, needed = "USER", hiddenAs = "data" }: DataItemNeeds): ProjectAccess {
  if (!item || (type && item.dataType !== type)) throw notFound(hiddenAs);
  const access = requireProjectRole(db, actor, item.projectId, "USER", hiddenAs);
  if (!item.isActive && !isModerator(access)) throw notFound(hiddenAs);
  // An item its feature is still writing (a table's import) does not exist yet, for moderators too (not listed, not restorable).
  if (!item.isActive && isUnfinished(db, item)) throw notFound(hiddenAs);
  if (!mayReach(db, categoryLimits(db, actor), item)) throw notFound(hiddenAs);
  if (!hasRank(access.role, needed)) throw forbidden();
  return access;
}

function isUnfinished(db: Db, item: DataItemHeader): boolean {
  const unfinished = dataTypeOf(item.dataType).unfinished;
  return !!unfinished && !!db.all<{ yes: number }>(sql`select ${unfinished(sql`${item.id}`)} as yes`)[0]!.yes;
}
