import { and, asc, count, desc, eq, inArray, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Db, Executor } from "../../../db/client";
import {
  categories, dataCategories, dataItems, dataKeywords, dataRelations, docVersions, keywords, providers, users,
  DATA_STATUSES, DATA_TYPES, type DataItem, type DataStatus, type DataType, type User,
} from "../../../db/schema";
import type { AppContext } from "../../lib/context";
import { conflict, forbidden, invalid, notFound, type ErrorDetail } from "../../lib/errors";
import { log } from "../../lib/log";
import { hasRank, type Role } from "../../lib/roles";
import { sanitize } from "../../lib/sanitize";
import { removeStored } from "../../lib/storage";
import { audit } from "../audit/service";
import { requireProjectRole, type ProjectAccess } from "../projects/policy";
import { CRITERIA, LIMITS, type CriterionName, type DataItemInput, type PageInput, type SaveInput, type SortField } from "./model";
import { presentDataItem, presentRelation, presentSummary, type SummaryRow } from "./presenter";

// ---------------------------------------------------------------------------------------------
// Access

export const findDataItem = (db: Executor, id: number): DataItem | undefined =>
  db.select().from(dataItems).where(eq(dataItems.id, id)).get();

const isModerator = (access: ProjectAccess) => hasRank(access.role, "MODERATOR");

/**
 * A data item the actor may act on with `needed` in its project. Whoever may not see it (not a
 * member; a plain user and a removed item) gets the same 404 as for an id that does not exist;
 * only someone who sees it learns, with 403, that they may not change it.
 */
export function requireDataItem(db: Db, actor: User, id: number, needed: Role = "USER"): { item: DataItem; access: ProjectAccess } {
  const item = findDataItem(db, id);
  if (!item) throw notFound("data");
  const access = requireProjectRole(db, actor, item.projectId, "USER", "data");
  if (!item.isActive && !isModerator(access)) throw notFound("data");
  if (!hasRank(access.role, needed)) throw forbidden();
  return { item, access };
}

// ---------------------------------------------------------------------------------------------
// Text matching

/** LIKE's pattern for `term` anywhere, with the user's `%`, `_` and the escape character taken literally. */
export const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const caseForms = (ch: string) => [...new Set([ch, ch.toLowerCase(), ch.toUpperCase()])].filter((v) => [...v].length === 1);
const globChar = (ch: string) => {
  if (ch === "*" || ch === "?" || ch === "[") return `[${ch}]`;
  const forms = caseForms(ch);
  return forms.length > 1 ? `[${forms.join("")}]` : ch;
};

/**
 * GLOB patterns that together find `term` anywhere, ignoring case in every script: each cased
 * letter becomes a class of its forms and GLOB's own `*`, `?` and `[` one-character classes.
 * The first letter is spelt out once per form instead, because a pattern whose first character
 * is literal lets SQLite skip ahead to it, about twice as fast as trying a class at every position.
 */
export function containsPatterns(term: string): string[] {
  const [first = "", ...rest] = [...term];
  const tail = `${rest.map(globChar).join("")}*`;
  const heads = first === "*" || first === "?" || first === "[" ? [globChar(first)] : caseForms(first);
  return heads.map((head) => `*${head}${tail}`);
}

/** Letters outside ASCII that have case (Cyrillic, accented Latin): SQLite's LIKE folds ASCII only. */
const hasNonAsciiCase = (term: string) => [...term].some((ch) => ch > "\x7f" && ch.toLowerCase() !== ch.toUpperCase());

/**
 * `column` contains `term`, ignoring case. LIKE with escaped wildcards serves ASCII terms (about
 * three times faster than GLOBs of letter classes); terms with letters of other scripts use the
 * GLOBs, so «кан» finds «Кандидат».
 */
function contains(column: SQLWrapper, term: string): SQL {
  if (!hasNonAsciiCase(term)) return sql`${column} LIKE ${likePattern(term)} ESCAPE '\\'`;
  return or(...containsPatterns(term).map((pattern) => sql`${column} GLOB ${pattern}`))!;
}

const fold = (text: string) => text.trim().toLowerCase();
const hasNonAscii = (text: string) => /[^\x00-\x7f]/.test(text);

// ---------------------------------------------------------------------------------------------
// Providers and keywords: free text, found case-insensitively per project or created

/** Finds a project's provider by name ignoring case (the index folds ASCII; other scripts are compared here). */
export function findProviderByName(db: Executor, projectId: number, name: string) {
  const exact = db
    .select()
    .from(providers)
    .where(and(eq(providers.projectId, projectId), sql`lower(${providers.name}) = lower(${name.trim()})`))
    .get();
  if (exact || !hasNonAscii(name)) return exact;
  const wanted = fold(name);
  return db.select().from(providers).where(eq(providers.projectId, projectId)).all().find((p) => fold(p.name) === wanted);
}

export function findKeywordByValue(db: Executor, projectId: number, value: string) {
  const exact = db
    .select()
    .from(keywords)
    .where(and(eq(keywords.projectId, projectId), sql`lower(${keywords.value}) = lower(${value.trim()})`))
    .get();
  if (exact || !hasNonAscii(value)) return exact;
  const wanted = fold(value);
  return db.select().from(keywords).where(eq(keywords.projectId, projectId)).all().find((k) => fold(k.value) === wanted);
}

type ProviderInput = DataItemInput["provider"];

/** The provider a save names: by id (must be of the project), by name (created with description '_' if new), or none. */
export function resolveProvider(tx: Executor, projectId: number, input: ProviderInput, path = "body.provider"): number | null | undefined {
  if (input === undefined) return undefined;
  if (input === null) return null;
  if (typeof input === "object" && input.id != null) {
    const found = tx.select({ id: providers.id }).from(providers).where(and(eq(providers.id, input.id), eq(providers.projectId, projectId))).get();
    if (!found) throw invalid([{ path: `${path}.id`, message: "No such provider in this project" }]);
    return found.id;
  }
  const name = (typeof input === "string" ? input : input.name ?? "").trim();
  if (!name) return null;
  if (name.length > LIMITS.providerName) throw invalid([{ path, message: "validation.tooLong", code: "validation.tooLong" }]);
  const existing = findProviderByName(tx, projectId, name);
  if (existing) return existing.id;
  return tx.insert(providers).values({ projectId, name, description: "_" }).returning({ id: providers.id }).get().id;
}

type KeywordsInput = DataItemInput["keywords"];

/** Keyword ids for free-text values: existing ones reused ignoring case, new ones created; duplicates dropped. */
export function resolveKeywords(tx: Executor, projectId: number, input: KeywordsInput, path = "body.keywords"): number[] | undefined {
  if (input === undefined) return undefined;
  if (input === null) return [];
  const ids: number[] = [];
  const seen = new Set<string>();
  input.forEach((entry, i) => {
    const value = (typeof entry === "string" ? entry : entry.value).trim();
    if (!value || seen.has(fold(value))) return;
    if (value.length > LIMITS.keyword) throw invalid([{ path: `${path}.${i}`, message: "validation.tooLong", code: "validation.tooLong" }]);
    seen.add(fold(value));
    const id = findKeywordByValue(tx, projectId, value)?.id ?? tx.insert(keywords).values({ projectId, value }).returning({ id: keywords.id }).get().id;
    if (!ids.includes(id)) ids.push(id);
  });
  return ids;
}

/** Checks that every category is one of the project's; returns the distinct ids. */
function checkCategories(tx: Executor, projectId: number, input: DataItemInput["categoryList"]): number[] | undefined {
  if (input === undefined) return undefined;
  if (input === null) return [];
  const wanted = [...new Set(input.map((c) => c.id))];
  if (!wanted.length) return [];
  const found = tx
    .select({ id: categories.id })
    .from(categories)
    .where(and(inArray(categories.id, wanted), eq(categories.projectId, projectId)))
    .all();
  if (found.length !== wanted.length) {
    throw invalid([{ path: "body.categoryList", message: "Categories must belong to the data item's project" }]);
  }
  return wanted;
}

// ---------------------------------------------------------------------------------------------
// Create and update

const JSON_VALUE_TYPES: DataType[] = ["TABLE", "CHART", "MODBUS_UNIT"];

const isJson = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

const tooLong = (path: string): ErrorDetail => ({ path, message: "validation.tooLong", code: "validation.tooLong" });

/** Field checks the body schema cannot express (trimmed name, JSON content); also guards callers that skip the schema. */
function checkFields(input: Partial<DataItemInput>, dataType: DataType, creating: boolean): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  if (creating || input.name !== undefined) {
    const name = input.name?.trim() ?? "";
    if (!name) details.push({ path: "body.name", message: "A name is required" });
    else if (name.length > LIMITS.name) details.push(tooLong("body.name"));
  }
  if (!DATA_TYPES.includes(dataType)) details.push({ path: "body.dataType", message: "Unknown data type" });
  if (input.status !== undefined && !DATA_STATUSES.includes(input.status)) details.push({ path: "body.status", message: "Unknown status" });
  if ((input.description?.length ?? 0) > LIMITS.description) details.push(tooLong("body.description"));
  if ((input.shortDescription?.length ?? 0) > LIMITS.shortDescription) details.push(tooLong("body.shortDescription"));
  if (input.value && JSON_VALUE_TYPES.includes(dataType) && !isJson(input.value)) details.push({ path: "body.value", message: "Must be JSON text" });
  if (input.props && !isJson(input.props)) details.push({ path: "body.props", message: "Must be JSON text" });
  return details;
}

const optionalText = (value: string | null | undefined) => (value === undefined ? undefined : value?.trim() ?? "");
const optionalContent = (value: string | null | undefined) => (value === undefined ? undefined : value);

function replaceLinks(tx: Executor, dataId: number, keywordIds: number[] | undefined, categoryIds: number[] | undefined) {
  if (keywordIds) {
    tx.delete(dataKeywords).where(eq(dataKeywords.dataId, dataId)).run();
    if (keywordIds.length) tx.insert(dataKeywords).values(keywordIds.map((keywordId) => ({ dataId, keywordId }))).run();
  }
  if (categoryIds) {
    tx.delete(dataCategories).where(eq(dataCategories.dataId, dataId)).run();
    if (categoryIds.length) tx.insert(dataCategories).values(categoryIds.map((categoryId) => ({ dataId, categoryId }))).run();
  }
}

/**
 * Creates a data item of any type inside the caller's transaction (documents' save-all uses it).
 * It does not authorise: callers check MODERATOR in the project first (saveDataItem does).
 * Invalid input throws (field and category checks before any write), and the caller's
 * transaction then rolls back whole, providers or keywords made on the way included.
 */
export function createDataItem(tx: Executor, actor: User, projectId: number, input: DataItemInput): DataItem {
  const details = checkFields(input, input.dataType, true);
  if (details.length) throw invalid(details);
  const categoryIds = checkCategories(tx, projectId, input.categoryList);
  const providerId = resolveProvider(tx, projectId, input.provider);
  const keywordIds = resolveKeywords(tx, projectId, input.keywords);
  const item = tx
    .insert(dataItems)
    .values({
      projectId,
      dataType: input.dataType,
      name: input.name.trim(),
      description: optionalText(input.description) ?? "",
      shortDescription: optionalText(input.shortDescription) ?? "",
      providerId: providerId ?? null,
      ownerId: actor.id,
      status: input.status ?? "NO_DATA",
      icon: input.icon ?? null,
      value: input.value ?? null,
      body: input.body ? sanitize(input.body, "richText") : null,
      script: input.script ?? null,
      props: input.props ?? null,
    })
    .returning()
    .get();
  replaceLinks(tx, item.id, keywordIds, categoryIds);
  audit(tx, actor.id, "CREATE", `${item.dataType} ${item.name}`, item.id);
  return item;
}

/**
 * Updates a data item inside the caller's transaction; fields left out keep their values,
 * keywords and categories given replace the old ones. Type and project never change. No authorisation.
 */
export function updateDataItem(tx: Executor, actor: User, item: DataItem, input: Partial<DataItemInput>): DataItem {
  const details = checkFields(input, item.dataType, false);
  if (input.dataType !== undefined && input.dataType !== item.dataType) details.push({ path: "body.dataType", message: "The data type cannot change" });
  if (details.length) throw invalid(details);
  const categoryIds = checkCategories(tx, item.projectId, input.categoryList);
  const providerId = resolveProvider(tx, item.projectId, input.provider);
  const keywordIds = resolveKeywords(tx, item.projectId, input.keywords);
  const changes = Object.fromEntries(
    Object.entries({
      name: input.name?.trim(),
      description: optionalText(input.description),
      shortDescription: optionalText(input.shortDescription),
      providerId,
      status: input.status,
      icon: optionalContent(input.icon),
      value: optionalContent(input.value),
      body: input.body === undefined ? undefined : input.body === null ? null : sanitize(input.body, "richText"),
      script: optionalContent(input.script),
      props: optionalContent(input.props),
    }).filter(([, v]) => v !== undefined),
  ) as Partial<DataItem>;
  const saved = Object.keys(changes).length
    ? tx.update(dataItems).set(changes).where(eq(dataItems.id, item.id)).returning().get()
    : item;
  replaceLinks(tx, item.id, keywordIds, categoryIds);
  audit(tx, actor.id, "UPDATE", `${saved.dataType} ${saved.name}`, item.id);
  return saved;
}

/** data/save: creates, or updates the item with `id`; MODERATOR in the project. */
export function saveDataItem(db: Db, actor: User, input: SaveInput) {
  const { id, project, ...fields } = input;
  if (id) {
    const { item } = requireDataItem(db, actor, id, "MODERATOR");
    if (project.id !== item.projectId) throw invalid([{ path: "body.project.id", message: "A data item cannot move to another project" }]);
    return db.transaction((tx) => presentDataItem(tx, updateDataItem(tx, actor, item, fields)));
  }
  requireProjectRole(db, actor, project.id, "MODERATOR");
  return db.transaction((tx) => presentDataItem(tx, createDataItem(tx, actor, project.id, fields)));
}

export function getDataItem(db: Db, actor: User, id: number) {
  return presentDataItem(db, requireDataItem(db, actor, id).item);
}

// ---------------------------------------------------------------------------------------------
// Remove, restore, remove forever

function setActive(db: Db, actor: User, id: number, active: boolean) {
  const { item } = requireDataItem(db, actor, id, "MODERATOR");
  if (item.isActive !== active) {
    db.transaction((tx) => {
      tx.update(dataItems).set({ isActive: active }).where(eq(dataItems.id, id)).run();
      audit(tx, actor.id, active ? "RESTORE" : "DELETE", `${item.dataType} ${item.name}`, id);
    });
  }
  return { id, isActive: active };
}

/** data/remove: soft delete (the item becomes inactive and disappears for plain users). */
export const removeDataItem = (db: Db, actor: User, id: number) => setActive(db, actor, id, false);
export const restoreDataItem = (db: Db, actor: User, id: number) => setActive(db, actor, id, true);

/**
 * Deletes a data item row inside the caller's transaction (links, relations and versions cascade)
 * and returns its documents' stored file paths, for the caller to remove after commit.
 */
export function deleteDataItemRow(tx: Executor, actor: User, item: DataItem): string[] {
  const files = tx.select({ path: docVersions.filePath }).from(docVersions).where(eq(docVersions.dataId, item.id)).all();
  tx.delete(dataItems).where(eq(dataItems.id, item.id)).run();
  audit(tx, actor.id, "DELETE_FOREVER", `${item.dataType} ${item.name}`, item.id);
  return files.map((f) => f.path);
}

/** data/remove-forever: ADMIN, inactive items only; files go once the deletion has committed. */
export function removeDataItemForever(ctx: AppContext, actor: User, id: number) {
  const { item } = requireDataItem(ctx.db, actor, id, "ADMIN");
  if (item.isActive) throw conflict("data_active", "Remove the data item before deleting it forever");
  const files = ctx.db.transaction((tx) => deleteDataItemRow(tx, actor, item));
  for (const path of files) {
    try {
      removeStored(ctx.config.dataDir, path);
    } catch (error) {
      log.error("data.file_remove_failed", { dataId: id, error: String(error) });
    }
  }
  return { id, removedFiles: files.length };
}

// ---------------------------------------------------------------------------------------------
// Lists

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
function selectSummaries(db: Executor, where: SQL | undefined, order: SQL[], limit?: number, offset = 0, withTotal = false) {
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
  return { content: rows.map(presentSummary), total: rows[0]?.total ?? 0 };
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
function criteriaFilter(criteria: PageInput["criteria"], moderator: boolean): { conditions: SQL[]; empty: boolean; textScan: boolean } {
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
  const categoryIds = any<number>("category");
  if (categoryIds) {
    conditions.push(inArray(dataItems.id, sql`(select ${dataCategories.dataId} from ${dataCategories} where ${inArray(dataCategories.categoryId, categoryIds)})`));
  }

  // Moderators see removed items unless they ask for one state; plain users only ever see active ones.
  const active = new Set(any<boolean>("isActive") ?? (moderator ? [true, false] : [true]));
  if (!moderator && !active.has(true)) return { conditions, empty: true, textScan };
  if (!moderator || active.size === 1) conditions.push(eq(dataItems.isActive, moderator ? [...active][0]! : true));
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
  const { conditions, empty, textScan } = criteriaFilter(input.criteria, isModerator(access));
  if (empty) return { content: [], totalElements: 0 };
  const where = and(eq(dataItems.projectId, query.projectId), query.type ? eq(dataItems.dataType, query.type) : undefined, ...conditions);
  const rowsPerPage = input.rowsPerPage ?? 10;
  const sortBy = input.sortBy ?? "name";
  const order = orderFor(sortBy, input.desc ?? false);
  const offset = (input.page ?? 0) * rowsPerPage;
  const indexOrdered = sortBy === "id" || (sortBy === "name" && query.type !== undefined);
  if (textScan && !indexOrdered) {
    const { content, total } = selectSummaries(db, where, order, rowsPerPage, offset, true);
    if (content.length || offset === 0) return { content, totalElements: total };
  }
  const totalElements = db.select({ n: count() }).from(dataItems).where(where).get()!.n;
  const content = offset < totalElements ? selectSummaries(db, where, order, rowsPerPage, offset).content : [];
  return { content, totalElements };
}

/** data/get-all-for-category: the category's active items, by name. */
export function itemsOfCategory(db: Db, actor: User, categoryId: number) {
  const category = db.select({ projectId: categories.projectId }).from(categories).where(eq(categories.id, categoryId)).get();
  if (!category) throw notFound("category");
  requireProjectRole(db, actor, category.projectId, "USER", "category");
  const where = and(
    eq(dataItems.projectId, category.projectId),
    eq(dataItems.isActive, true),
    inArray(dataItems.id, sql`(select ${dataCategories.dataId} from ${dataCategories} where ${eq(dataCategories.categoryId, categoryId)})`),
  );
  return selectSummaries(db, where, orderFor("name", false)).content;
}

/** data/search and data/search-by-type: active items whose name contains `str`, for pickers. */
export function searchByName(db: Db, actor: User, projectId: number, str = "", dataType?: DataType) {
  requireProjectRole(db, actor, projectId);
  const term = str.trim();
  return db
    .select({ id: dataItems.id, name: dataItems.name, dataType: dataItems.dataType })
    .from(dataItems)
    .where(
      and(
        eq(dataItems.projectId, projectId),
        dataType ? eq(dataItems.dataType, dataType) : undefined,
        eq(dataItems.isActive, true),
        term ? contains(dataItems.name, term) : undefined,
      ),
    )
    .orderBy(...orderFor("name", false))
    .limit(LIMITS.searchResults)
    .all();
}

// ---------------------------------------------------------------------------------------------
// Relations

/** relations-data/get: the items linked to one, either way round; plain users see active ones only. */
export function relationsOf(db: Db, actor: User, id: number) {
  const { access } = requireDataItem(db, actor, id);
  const other = sql`case when ${dataRelations.fromId} = ${id} then ${dataRelations.toId} else ${dataRelations.fromId} end`;
  return db
    .select({ relationId: dataRelations.id, id: dataItems.id, name: dataItems.name, dataType: dataItems.dataType, isActive: dataItems.isActive })
    .from(dataRelations)
    .innerJoin(dataItems, eq(dataItems.id, other))
    .where(and(or(eq(dataRelations.fromId, id), eq(dataRelations.toId, id)), isModerator(access) ? undefined : eq(dataItems.isActive, true)))
    .orderBy(sql`lower(${dataItems.name})`, dataItems.id)
    .all()
    .map(presentRelation);
}

/** relations-data/add: links two items of one project (stored once, lower id first); adding again changes nothing. */
export function addRelation(db: Db, actor: User, idNode: number, id: number) {
  const { item } = requireDataItem(db, actor, idNode, "MODERATOR");
  const target = findDataItem(db, id);
  if (!target) throw notFound("data");
  if (target.id === item.id) throw invalid([{ path: "query.id", message: "An item cannot be linked to itself" }]);
  if (target.projectId !== item.projectId) throw invalid([{ path: "query.id", message: "Linked items must be in the same project" }]);
  const [fromId, toId] = item.id < target.id ? [item.id, target.id] : [target.id, item.id];
  const relation = db.transaction((tx) => {
    const existing = tx.select().from(dataRelations).where(and(eq(dataRelations.fromId, fromId), eq(dataRelations.toId, toId))).get();
    return existing ?? tx.insert(dataRelations).values({ fromId, toId }).returning().get();
  });
  return presentRelation({ relationId: relation.id, id: target.id, name: target.name, dataType: target.dataType, isActive: target.isActive });
}

/** relations-data/remove: by relation id, MODERATOR in the items' project. */
export function removeRelation(db: Db, actor: User, relationId: number) {
  const relation = db.select().from(dataRelations).where(eq(dataRelations.id, relationId)).get();
  if (!relation) throw notFound("relation");
  const item = findDataItem(db, relation.fromId)!;
  requireProjectRole(db, actor, item.projectId, "MODERATOR", "relation");
  db.delete(dataRelations).where(eq(dataRelations.id, relationId)).run();
  return { id: relationId };
}

// ---------------------------------------------------------------------------------------------
// Providers and keywords of a project

export function providersOfProject(db: Db, actor: User, projectId: number) {
  requireProjectRole(db, actor, projectId);
  return db
    .select({ id: providers.id, name: providers.name, description: providers.description })
    .from(providers)
    .where(eq(providers.projectId, projectId))
    .orderBy(sql`lower(${providers.name})`, providers.id)
    .all();
}

export function keywordsOfProject(db: Db, actor: User, projectId: number) {
  requireProjectRole(db, actor, projectId);
  return db
    .select({ id: keywords.id, value: keywords.value })
    .from(keywords)
    .where(eq(keywords.projectId, projectId))
    .orderBy(sql`lower(${keywords.value})`, keywords.id)
    .all();
}
