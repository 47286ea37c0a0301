import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Db, Executor } from "../../../db/client";
import { pluginsWith } from "../../data-types";
import { categories, dataCategories, dataItems, dataKeywords, docVersions, keywords, providers, users, DATA_STATUSES, type DataStatus, type DataType, type User } from "../../../db/schema";
import { invalid } from "../../lib/errors";
import { requireCategory, seesCategory } from "../categories/policy";
import { categoryLimits, requireProjectRole, type CategoryLimits } from "../projects/policy";
import { nameContains } from "../search/name-index";
import { LIMITS } from "./limits";
import { CRITERIA, type CriterionName, type PageInput, type SortField } from "./model";
import { isModerator, reachableItems } from "./policy";
import { presentSummary, type SummaryRow } from "./presenter";
import { contains } from "./text-match";

// Lists of data items: a project's pages with filters, a category's items, and name search for pickers.

/** What a list row carries: the item without its content, plus provider, owner, keywords and categories. */
const summaryColumns = {
  id: dataItems.id,
  projectId: dataItems.projectId,
  dataType: dataItems.dataType,
  name: dataItems.name,
  description: dataItems.description,
  shortDescription: dataItems.shortDescription,
  status: dataItems.status,
  icon: dataItems.icon,
  isActive: dataItems.isActive,
  creationDate: dataItems.creationDate,
  providerId: providers.id,
  providerName: providers.name,
  ownerId: users.id,
  ownerFirstName: users.firstName,
  ownerLastName: users.lastName,
  keywordsJson: sql<string | null>`(select json_group_array(json_object('id', ${keywords.id}, 'value', ${keywords.value})) from ${dataKeywords} join ${keywords} on ${keywords.id} = ${dataKeywords.keywordId} where ${dataKeywords.dataId} = ${dataItems.id})`,
  categoriesJson: sql<string | null>`(select json_group_array(json_object('id', ${categories.id}, 'name', ${categories.name}, 'type', ${categories.type}, 'isDefault', ${categories.isDefault}, 'number', ${categories.number})) from ${dataCategories} join ${categories} on ${categories.id} = ${dataCategories.categoryId} where ${dataCategories.dataId} = ${dataItems.id})`,
  fileName: sql<string | null>`(select ${docVersions.fileName} from ${docVersions} where ${docVersions.dataId} = ${dataItems.id} and ${docVersions.isActive} order by ${docVersions.creationDate} desc, ${docVersions.id} desc limit 1)`,
};

/** Sort keys; `lower(name)` is the expression of the data_items_project_name index; id breaks ties. */
const SORT_COLUMNS: Record<SortField, SQL | typeof dataItems.id> = {
  name: sql`lower(${dataItems.name})`,
  creationDate: sql`${dataItems.creationDate}`,
  status: sql`${dataItems.status}`,
  dataType: sql`${dataItems.dataType}`,
  id: dataItems.id,
};

const orderFor = (sortBy: SortField, descending: boolean) => {
  const dir = descending ? desc : asc;
  return sortBy === "id" ? [dir(dataItems.id)] : [dir(SORT_COLUMNS[sortBy]), dir(dataItems.id)];
};

/**
 * One query for a page of summaries: the page's ids are chosen first (filters, order, limit and
 * offset, on data_items alone so the indexes serve it), then only those rows are joined with
 * provider and owner and get their keywords and categories. With `withTotal` every row also
 * carries the number of matching items, counted in the same pass.
 */
function selectSummaries(db: Executor, limits: CategoryLimits, where: SQL | undefined, order: SQL[], limit?: number, offset = 0, withTotal = false) {
  const ids = db
    .select({ id: dataItems.id, total: (withTotal ? sql<number>`count(*) over ()` : sql<number>`0`).as("total") })
    .from(dataItems)
    .where(where)
    .orderBy(...order);
  const page = (limit === undefined ? ids : ids.limit(limit).offset(offset)).as("page");
  const rows = db
    .select({ ...summaryColumns, total: page.total })
    .from(page)
    .innerJoin(dataItems, eq(dataItems.id, page.id))
    .leftJoin(providers, eq(providers.id, dataItems.providerId))
    .leftJoin(users, eq(users.id, dataItems.ownerId))
    .orderBy(...order)
    .all() as (SummaryRow & { total: number })[];
  return { content: rows.map((row) => presentSummary(row, limits)), total: rows[0]?.total ?? 0 };
}

const criterionError = (i: number, message: string) => invalid([{ path: `body.criteria.${i}.value`, message }]);

function positiveId(value: unknown, i: number): number {
  const n = typeof value === "number" ? value : typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n < 1) throw criterionError(i, "Must be an id");
  return n;
}

function booleanValue(value: unknown, i: number): boolean {
  if (value === true || value === "true") return true;
  if (value === false || value === "false") return false;
  throw criterionError(i, "Must be true or false");
}

/**
 * The filter of a list call. Different criteria narrow together; the same criterion given more
 * than once matches any of its values (several statuses, keywords or categories). Empty values
 * are ignored, as a cleared filter sends them.
 */
function criteriaFilter(criteria: PageInput["criteria"], moderator: boolean, seen: (categoryId: number) => boolean): { conditions: SQL[]; empty: boolean; textScan: boolean } {
  const values = new Map<CriterionName, unknown[]>();
  (criteria ?? []).forEach((criterion, i) => {
    if (!CRITERIA.includes(criterion.name as CriterionName)) {
      throw invalid([{ path: `body.criteria.${i}.name`, message: `Unknown criterion; use one of ${CRITERIA.join(", ")}` }]);
    }
    const v = criterion.value;
    if (v === null || (typeof v === "string" && !v.trim())) return;
    const name = criterion.name as CriterionName;
    const list = values.get(name) ?? [];
    if (name === "status") {
      if (!DATA_STATUSES.includes(v as DataStatus)) throw criterionError(i, `Use one of ${DATA_STATUSES.join(", ")}`);
      list.push(v);
    } else if (name === "provider" || name === "keyword" || name === "category" || name === "owner") list.push(positiveId(v, i));
    else if (name === "isActive") list.push(booleanValue(v, i));
    else list.push(String(v).trim());
    values.set(name, list);
  });

  const conditions: SQL[] = [];
  const any = <T>(name: CriterionName) => values.get(name) as T[] | undefined;
  const textScan = values.has("name") || values.has("search");
  for (const term of any<string>("name") ?? []) conditions.push(contains(dataItems.name, term));
  for (const term of any<string>("search") ?? []) {
    conditions.push(or(contains(dataItems.name, term), contains(dataItems.description, term), contains(dataItems.shortDescription, term))!);
  }
  const statuses = any<DataStatus>("status");
  if (statuses) conditions.push(inArray(dataItems.status, statuses));
  const providerIds = any<number>("provider");
  if (providerIds) conditions.push(inArray(dataItems.providerId, providerIds));
  const ownerIds = any<number>("owner");
  if (ownerIds) conditions.push(inArray(dataItems.ownerId, ownerIds));
  const keywordIds = any<number>("keyword");
  if (keywordIds) {
    conditions.push(inArray(dataItems.id, sql`(select ${dataKeywords.dataId} from ${dataKeywords} where ${inArray(dataKeywords.keywordId, keywordIds)})`));
  }
  // A category the reader does not see matches nothing, as an unknown one does.
  const categoryIds = any<number>("category")?.filter(seen);
  if (categoryIds?.length === 0) return { conditions, empty: true, textScan };
  if (categoryIds) {
    conditions.push(inArray(dataItems.id, sql`(select ${dataCategories.dataId} from ${dataCategories} where ${inArray(dataCategories.categoryId, categoryIds)})`));
  }

  // Moderators see removed items unless they ask for one state; plain users only ever see active ones.
  const active = new Set(any<boolean>("isActive") ?? (moderator ? [true, false] : [true]));
  if (!moderator && !active.has(true)) return { conditions, empty: true, textScan };
  if (!moderator || active.size === 1) conditions.push(eq(dataItems.isActive, moderator ? [...active][0]! : true));
  // An item hidden only while its feature writes it (a table's import) was never removed: it shows once that is done.
  const unfinished = pluginsWith("unfinished").map((plugin) => plugin.unfinished(dataItems.id));
  if (moderator && active.has(false) && unfinished.length) conditions.push(or(eq(dataItems.isActive, true), sql`not ${or(...unfinished)}`)!);
  return { conditions, empty: false, textScan };
}

/**
 * data/find-pageable-search-result: one page of a project's items of a type, and how many match.
 * Usually a count and a page query, which the indexes serve (a page in name or id order stops after
 * its rows). When a text filter must read every row and the order needs a sort anyway, one query
 * does both in a single pass: with Cyrillic text that halves the time.
 */
export function findPage(db: Db, actor: User, query: { projectId: number; type?: DataType }, input: PageInput) {
  const access = requireProjectRole(db, actor, query.projectId);
  const limits = categoryLimits(db, actor);
  const seen = (id: number) => seesCategory(limits, { id, projectId: query.projectId });
  const { conditions, empty, textScan } = criteriaFilter(input.criteria, isModerator(access), seen);
  if (empty) return { content: [], totalElements: 0 };
  const where = and(
    eq(dataItems.projectId, query.projectId),
    query.type ? eq(dataItems.dataType, query.type) : undefined,
    reachableItems(limits, query.projectId),
    ...conditions,
  );
  const rowsPerPage = input.rowsPerPage ?? 10;
  const sortBy = input.sortBy ?? "name";
  const order = orderFor(sortBy, input.desc ?? false);
  const offset = (input.page ?? 0) * rowsPerPage;
  const indexOrdered = sortBy === "id" || (sortBy === "name" && query.type !== undefined);
  if (textScan && !indexOrdered) {
    const { content, total } = selectSummaries(db, limits, where, order, rowsPerPage, offset, true);
    if (content.length || offset === 0) return { content, totalElements: total };
  }
  const totalElements = db.select({ n: count() }).from(dataItems).where(where).get()!.n;
  const content = offset < totalElements ? selectSummaries(db, limits, where, order, rowsPerPage, offset).content : [];
  return { content, totalElements };
}

/** data/get-all-for-category: the category's active items, by name. */
export function itemsOfCategory(db: Db, actor: User, categoryId: number) {
  const category = requireCategory(db, actor, categoryId, "USER");
  const limits = categoryLimits(db, actor);
  const where = and(
    eq(dataItems.projectId, category.projectId),
    eq(dataItems.isActive, true),
    reachableItems(limits, category.projectId),
    inArray(dataItems.id, sql`(select ${dataCategories.dataId} from ${dataCategories} where ${eq(dataCategories.categoryId, categoryId)})`),
  );
  return selectSummaries(db, limits, where, orderFor("name", false)).content;
}

/** data/search and data/search-by-type: active items whose name holds every word of `str` in any order, for pickers. */
export function searchByName(db: Db, actor: User, projectId: number, str = "", dataType?: DataType) {
  requireProjectRole(db, actor, projectId);
  return itemsNamed(db, actor, [projectId], str, LIMITS.searchResults, dataType);
}

/**
 * Active items of `projectIds` (projects the caller checked the actor sees) whose name holds every word of
 * `str`, that the actor's category limits let them reach, by name: the pickers and global search.
 */
export function itemsNamed(db: Db, actor: User, projectIds: number[], str: string, limit: number, dataType?: DataType) {
  if (!projectIds.length) return [];
  const term = str.trim();
  return db
    .select({ id: dataItems.id, name: dataItems.name, dataType: dataItems.dataType, projectId: dataItems.projectId })
    .from(dataItems)
    .where(
      and(
        projectIds.length === 1 ? eq(dataItems.projectId, projectIds[0]!) : inArray(dataItems.projectId, projectIds),
        dataType ? eq(dataItems.dataType, dataType) : undefined,
        eq(dataItems.isActive, true),
        reachableItems(categoryLimits(db, actor), projectIds.length === 1 ? projectIds[0] : undefined),
        term ? nameContains(dataItems.id, dataItems.name, term) : undefined,
      ),
    )
    .orderBy(...orderFor("name", false))
    .limit(limit)
    .all();
}

interface CategoryDataItem {
  id: number;
  name: string;
  dataType: DataType;
  status: string;
  shortDescription: string;
  keywords: { id: number; value: string }[];
  fileName: string | null;
}

/**
 * The active data items of a category, for its page, by name. A keyword keeps the items whose
 * name or any keyword contains it, ignoring case (in any script, so it is done here, not in SQLite).
 */
export function categoryData(db: Db, actor: User, categoryId: number, keyword?: string): CategoryDataItem[] {
  const { projectId } = requireCategory(db, actor, categoryId, "USER");
  const items = db
    .select({
      id: dataItems.id,
      name: dataItems.name,
      dataType: dataItems.dataType,
      status: dataItems.status,
      shortDescription: dataItems.shortDescription,
      fileName: summaryColumns.fileName,
    })
    .from(dataCategories)
    .innerJoin(dataItems, eq(dataItems.id, dataCategories.dataId))
    .where(and(eq(dataCategories.categoryId, categoryId), eq(dataItems.isActive, true), reachableItems(categoryLimits(db, actor), projectId)))
    .orderBy(asc(dataItems.name), asc(dataItems.id))
    .all();
  const byItem = new Map<number, { id: number; value: string }[]>(items.map((item) => [item.id, []]));
  if (items.length) {
    const rows = db
      .select({ dataId: dataKeywords.dataId, id: keywords.id, value: keywords.value })
      .from(dataKeywords)
      .innerJoin(keywords, eq(keywords.id, dataKeywords.keywordId))
      .innerJoin(dataCategories, and(eq(dataCategories.dataId, dataKeywords.dataId), eq(dataCategories.categoryId, categoryId)))
      .orderBy(asc(keywords.value))
      .all();
    for (const row of rows) byItem.get(row.dataId)?.push({ id: row.id, value: row.value });
  }
  const list = items.map((item) => ({ ...item, keywords: byItem.get(item.id)! }));
  const needle = keyword?.trim().toLocaleLowerCase();
  if (!needle) return list;
  const has = (text: string) => text.toLocaleLowerCase().includes(needle);
  return list.filter((item) => has(item.name) || item.keywords.some((k) => has(k.value)));
}
