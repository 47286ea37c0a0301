import { eq, sql } from "drizzle-orm";
import type { Db, Executor } from "../../../db/client";
import { dataCategories, dataItems, dataKeywords, DATA_STATUSES, DATA_TYPES, type DataItem, type DataType, type User } from "../../../db/schema";
import { dataTypeOf } from "../../data-types";
import type { AppContext } from "../../lib/context";
import { conflict, invalid, type ErrorDetail } from "../../lib/errors";
import { audit } from "../audit/service";
import { recheckLiveAll } from "../presence/service";
import { projectCategoryIds } from "../categories/policy";
import { categoryLimits, requireProjectRole } from "../projects/policy";
import type { CleanDataItemInput, CleanSaveInput, DataItemInput } from "./model";
import { LIMITS } from "./limits";
import { requireDataItem, type DataItemHeader } from "./policy";
import { presentDataItem } from "./presenter";
import { resolveKeywords, resolveProvider } from "./vocabulary";

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
  if (input.value && dataTypeOf(dataType).jsonValue && !isJson(input.value)) details.push({ path: "body.value", message: "Must be JSON text" });
  if (input.props && !isJson(input.props)) details.push({ path: "body.props", message: "Must be JSON text" });
  return details;
}

const optionalText = (value: string | null | undefined) => (value === undefined ? undefined : value?.trim() ?? "");
const optionalContent = (value: string | null | undefined) => (value === undefined ? undefined : value);

/** Checks that every category is one of the project's; returns the distinct ids. */
function checkCategories(tx: Executor, projectId: number, input: DataItemInput["categoryList"]): number[] | undefined {
  if (input === undefined) return undefined;
  if (input === null) return [];
  const wanted = [...new Set(input.map((c) => c.id))];
  if (!wanted.length) return [];
  if (projectCategoryIds(tx, projectId, wanted).length !== wanted.length) {
    throw invalid([{ path: "body.categoryList", message: "Categories must belong to the data item's project" }]);
  }
  return wanted;
}

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
export function createDataItem(tx: Executor, actor: User, projectId: number, input: CleanDataItemInput): DataItem {
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
      body: input.body || null,
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
function updateDataItem(tx: Executor, actor: User, item: DataItem, input: Partial<CleanDataItemInput>): DataItem {
  const details = checkFields(input, item.dataType, false);
  if (input.dataType !== undefined && input.dataType !== item.dataType) details.push({ path: "body.dataType", message: "The data type cannot change" });
  if (details.length) throw invalid(details);
  const categoryIds = checkCategories(tx, item.projectId, input.categoryList);
  const providerId = resolveProvider(tx, item.projectId, input.provider);
  // Every document needs a data source (as the upload says): an edit may change it, not clear it.
  if (dataTypeOf(item.dataType).needsProvider && providerId === null) throw invalid([{ path: "body.provider", message: "data.wizard.providerRequired", code: "data.wizard.providerRequired" }]);
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
      body: input.body,
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

/**
 * data/save: creates, or updates the item with `id`; MODERATOR in the project. `alongside` writes the type's own
 * rows in the same transaction (a map's layers), given the saved item.
 */
export function saveDataItem(db: Db, actor: User, input: CleanSaveInput, alongside?: (tx: Executor, item: DataItem) => void) {
  const { id, project, ...fields } = input;
  const saveWith = (tx: Executor, item: DataItem) => {
    alongside?.(tx, item);
    return item;
  };
  if (id) {
    const { item, access } = requireDataItem(db, actor, id, { needed: "MODERATOR" });
    if (project.id !== item.projectId) throw invalid([{ path: "body.project.id", message: "A data item cannot move to another project" }]);
    const saved = db.transaction((tx) => presentDataItem(tx, saveWith(tx, updateDataItem(tx, actor, item, fields)), access.project));
    // Members limited to categories the item left no longer see it, nor its comments live.
    if (fields.categoryList !== undefined) recheckLiveAll(db);
    return saved;
  }
  const access = requireProjectRole(db, actor, project.id, "MODERATOR");
  return db.transaction((tx) => presentDataItem(tx, saveWith(tx, createDataItem(tx, actor, project.id, fields)), access.project));
}

/**
 * Replaces the body of an item whose feature cleaned it (a report's save) with its UTF-8 `body`, and logs the
 * change, never reading the item's content: a megabyte body costs the event loop 10-20 ms each way it is read or
 * converted, and SQLite takes the bytes as they are (the cast makes them text). No authorisation: the caller
 * checked MODERATOR in the item's project.
 */
export function replaceDataItemBody(db: Db, actor: User, item: DataItemHeader, body: Uint8Array) {
  db.transaction((tx) => {
    tx.update(dataItems).set({ body: sql`cast(${body} as text)` }).where(eq(dataItems.id, item.id)).run();
    audit(tx, actor.id, "UPDATE", `${item.dataType} ${item.name}`, item.id);
  });
}

export function getDataItem(db: Db, actor: User, id: number) {
  const { item, access } = requireDataItem(db, actor, id);
  return presentDataItem(db, item, access.project, categoryLimits(db, actor));
}

function setActive(ctx: AppContext, actor: User, id: number, active: boolean) {
  const { item } = requireDataItem(ctx.db, actor, id, { needed: "MODERATOR" });
  if (item.isActive !== active) {
    ctx.db.transaction((tx) => {
      tx.update(dataItems).set({ isActive: active }).where(eq(dataItems.id, id)).run();
      audit(tx, actor.id, active ? "RESTORE" : "DELETE", `${item.dataType} ${item.name}`, id);
    });
    // Plain members lose a removed item, and with it their live subscription to its comments.
    if (!active) ctx.live.recheckAll();
  }
  return { id, isActive: active };
}

/**
 * Shows or hides an item whose content its own feature is still writing (a table's import keeps it
 * hidden until its last rows commit), inside the caller's transaction; no authorisation, no audit.
 */
export function setDataItemShown(tx: Executor, id: number, shown: boolean) {
  tx.update(dataItems).set({ isActive: shown }).where(eq(dataItems.id, id)).run();
}

/** Deletes an item that never became visible (a failed table import), inside the caller's transaction; no authorisation. */
export function dropUnfinishedDataItem(tx: Executor, id: number) {
  tx.delete(dataItems).where(eq(dataItems.id, id)).run();
}

/** data/remove: soft delete (the item becomes inactive and disappears for plain users). */
export const removeDataItem = (ctx: AppContext, actor: User, id: number) => setActive(ctx, actor, id, false);
export const restoreDataItem = (ctx: AppContext, actor: User, id: number) => setActive(ctx, actor, id, true);

/** data/remove-forever: ADMIN, inactive items only; the type's own leftovers (a document's files) go once the deletion has committed. */
export function removeDataItemForever(ctx: AppContext, actor: User, id: number) {
  const { item } = requireDataItem(ctx.db, actor, id, { needed: "ADMIN" });
  if (item.isActive) throw conflict("data_active", "Remove the data item before deleting it forever");
  const removed = ctx.db.transaction((tx) => {
    const own = dataTypeOf(item.dataType).removeForever?.(ctx, tx, item);
    audit(tx, actor.id, "DELETE_FOREVER", `${item.dataType} ${item.name}`, item.id); // first, so the log keeps the item's name
    tx.delete(dataItems).where(eq(dataItems.id, item.id)).run(); // links, relations and versions cascade
    return own;
  });
  removed?.afterCommit();
  return { id, removedFiles: removed?.files ?? 0 };
}

/** A category's copy is given the same data items (categories' make-copy), inside the caller's transaction. */
export function copyCategoryLinks(tx: Executor, fromCategoryId: number, toCategoryId: number) {
  tx.insert(dataCategories)
    .select(
      tx
        .select({ dataId: dataCategories.dataId, categoryId: sql<number>`${toCategoryId}`.as("category_id") })
        .from(dataCategories)
        .where(eq(dataCategories.categoryId, fromCategoryId)),
    )
    .run();
}
