import { and, count, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { dataCategories, dataItems, DATA_TYPES, type DataType, type User } from "../../../db/schema";
import { requireCategory } from "../categories/policy";
import { categoryLimits } from "../projects/policy";
import { reachableItems } from "./policy";

// How many active data items projects and categories hold, for their cards and progress bars:
// only the items the actor sees (data/policy's category rule), so counts give nothing hidden away.

export type DataCounts = Record<DataType, number>;

const emptyCounts = (): DataCounts => Object.fromEntries(DATA_TYPES.map((type) => [type, 0])) as DataCounts;

/** Counts per id (every id present, zeros where nothing matched) from grouped rows. */
function byId(ids: number[], grouped: () => { id: number; dataType: DataType; n: number }[]): Map<number, DataCounts> {
  const result = new Map(ids.map((id) => [id, emptyCounts()]));
  if (ids.length) for (const row of grouped()) result.get(row.id)![row.dataType] = row.n;
  return result;
}

const projectCounts = (db: Db, limit: SQL | undefined) =>
  db
    .select({ id: dataItems.projectId, dataType: dataItems.dataType, n: count() })
    .from(dataItems)
    // The ids as one JSON parameter: the same SQL for any number of projects, so it is prepared once.
    .where(and(sql`${dataItems.projectId} in (select value from json_each(${sql.placeholder("ids")}))`, eq(dataItems.isActive, true), limit))
    .groupBy(dataItems.projectId, dataItems.dataType);

const unlimitedCounts = new WeakMap<Db, ReturnType<ReturnType<typeof projectCounts>["prepare"]>>();

/** Active data items the actor sees per type for each project, in one grouped query (prepared once for actors without category limits). */
export const dataCountsByProject = (db: Db, actor: User, projectIds: number[]) =>
  byId(projectIds, () => {
    const ids = JSON.stringify(projectIds);
    const limit = reachableItems(categoryLimits(db, actor));
    if (limit) return projectCounts(db, limit).all({ ids });
    let prepared = unlimitedCounts.get(db);
    if (!prepared) unlimitedCounts.set(db, (prepared = projectCounts(db, undefined).prepare()));
    return prepared.all({ ids });
  });

/** Active data items the actor sees per type for each category, in one grouped query. */
export const dataCountsByCategory = (db: Db, actor: User, categoryIds: number[]) =>
  byId(categoryIds, () =>
    db
      .select({ id: dataCategories.categoryId, dataType: dataItems.dataType, n: count() })
      .from(dataCategories)
      .innerJoin(dataItems, eq(dataItems.id, dataCategories.dataId))
      .where(and(inArray(dataCategories.categoryId, categoryIds), eq(dataItems.isActive, true), reachableItems(categoryLimits(db, actor))))
      .groupBy(dataCategories.categoryId, dataItems.dataType)
      .all(),
  );

/**
 * Share of the category's active data items whose status is CHECKED, in percent with one decimal;
 * 0 when empty. A category the actor sees holds only items they see, and the rule is applied anyway.
 */
export function categoryProgress(db: Db, actor: User, categoryId: number): number {
  const { projectId } = requireCategory(db, actor, categoryId, "USER");
  const row = db
    .select({ total: sql<number>`count(*)`, checked: sql<number>`coalesce(sum(${dataItems.status} = 'CHECKED'), 0)` })
    .from(dataCategories)
    .innerJoin(dataItems, eq(dataItems.id, dataCategories.dataId))
    .where(and(eq(dataCategories.categoryId, categoryId), eq(dataItems.isActive, true), reachableItems(categoryLimits(db, actor), projectId)))
    .get();
  if (!row?.total) return 0;
  return Math.round((row.checked * 1000) / row.total) / 10;
}
