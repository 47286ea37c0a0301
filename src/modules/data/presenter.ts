import { asc, eq } from "drizzle-orm";
import { t, type Static } from "elysia";
import type { Executor } from "../../../db/client";
import {
  categories, dataCategories, dataItems, dataKeywords, keywords, providers, users,
  DATA_STATUSES, DATA_TYPES, VERSION_TYPES, type DataItem, type DataStatus, type DataType,
} from "../../../db/schema";
import { isoDate } from "../../lib/responses";
import { seesCategory } from "../categories/policy";
import { dataTypeOf } from "../../data-types";
import type { CategoryLimits } from "../projects/policy";
import { integer, oneOf } from "../../lib/schema";

export const keywordSchema = t.Object({ id: integer(), value: t.String() });
type KeywordRef = Static<typeof keywordSchema>;
const categoryRefSchema = t.Object({ id: integer(), name: t.String(), type: t.Nullable(t.String()), isDefault: t.Boolean() });
type CategoryRef = Static<typeof categoryRefSchema>;
/** A data source of a project. */
export const providerSchema = t.Object({ id: integer(), name: t.String(), description: t.String() });
const dataTypeSchema = oneOf(DATA_TYPES);

/** The fields every presentation of a data item shares. */
const itemFields = {
  id: integer(),
  name: t.String(),
  description: t.String(),
  shortDescription: t.String(),
  dataType: dataTypeSchema,
  status: oneOf(DATA_STATUSES),
  icon: t.Nullable(t.String()),
  isActive: t.Boolean(),
  creationDate: isoDate(),
  keywords: t.Array(keywordSchema),
  categoryList: t.Array(categoryRefSchema),
};

/** The fields every data type's own page schema starts with (a map, a device unit). */
export const viewedItemFields = {
  id: integer(),
  name: t.String(),
  description: t.String(),
  icon: t.Nullable(t.String()),
  projectId: integer(),
  isActive: t.Boolean(),
};

export const summarySchema = t.Object({
  ...itemFields,
  provider: t.Nullable(t.Object({ id: integer(), name: t.Nullable(t.String()) })),
  owner: t.Nullable(t.Object({ id: integer(), firstName: t.Nullable(t.String()), lastName: t.Nullable(t.String()) })),
  project: t.Object({ id: integer() }),
  /** A document's newest active version's file name (its icon in lists); null for other types and empty documents. */
  fileName: t.Nullable(t.String()),
});
export type PresentedSummary = Static<typeof summarySchema>;

/** One page of a data list and how many items match (data/find-pageable-search-result). */
export const summaryPageSchema = t.Object({ content: t.Array(summarySchema), totalElements: integer() });

export const dataItemSchema = t.Object({
  ...itemFields,
  provider: t.Nullable(providerSchema),
  owner: t.Nullable(t.Object({ id: integer(), firstName: t.String(), lastName: t.String() })),
  project: t.Object({ id: integer(), name: t.String() }),
  value: t.Nullable(t.String()),
  body: t.Nullable(t.String()),
  script: t.Nullable(t.String()),
  props: t.Nullable(t.String()),
  firstVersion: t.Nullable(t.Object({ id: integer(), type: oneOf(VERSION_TYPES), fileName: t.String(), name: t.String() })),
});
export type PresentedDataItem = Static<typeof dataItemSchema>;

/** One row of a data list as the list query returns it (see `summaryColumns` in search.ts). */
export interface SummaryRow {
  id: number;
  projectId: number;
  dataType: DataType;
  name: string;
  description: string;
  shortDescription: string;
  status: DataStatus;
  icon: string | null;
  isActive: boolean;
  creationDate: Date;
  providerId: number | null;
  providerName: string | null;
  ownerId: number | null;
  ownerFirstName: string | null;
  ownerLastName: string | null;
  keywordsJson: string | null;
  categoriesJson: string | null;
  fileName: string | null;
}

const NO_LIMITS: CategoryLimits = new Map();

const byValue = (a: KeywordRef, b: KeywordRef) => a.value.localeCompare(b.value);
const parseList = <T>(json: string | null): T[] => (json ? (JSON.parse(json) as (T | null)[]).filter((x): x is T => x !== null) : []);

/**
 * A data item in lists: everything but the type-specific content (value, body, script, props),
 * which can be large and is read with data/get. Its categories are those the reader sees (`limits`).
 */
export function presentSummary(row: SummaryRow, limits: CategoryLimits = NO_LIMITS): PresentedSummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    shortDescription: row.shortDescription,
    dataType: row.dataType,
    status: row.status,
    icon: row.icon,
    isActive: row.isActive,
    creationDate: row.creationDate,
    provider: row.providerId === null ? null : { id: row.providerId, name: row.providerName },
    owner: row.ownerId === null ? null : { id: row.ownerId, firstName: row.ownerFirstName, lastName: row.ownerLastName },
    keywords: parseList<KeywordRef>(row.keywordsJson).sort(byValue),
    categoryList: parseList<CategoryRef & { number: number }>(row.categoriesJson)
      .filter((c) => seesCategory(limits, { id: c.id, projectId: row.projectId }))
      .sort((a, b) => a.number - b.number || a.id - b.id)
      .map((c) => ({ id: c.id, name: c.name, type: c.type, isDefault: Boolean(c.isDefault) })),
    project: { id: row.projectId },
    fileName: row.fileName,
  };
}

/**
 * A data item with everything data/get shows: provider, owner, keywords, categories (those the
 * reader sees: see `limits`), its project (as the caller's access check found it), the
 * type-specific content and, for documents, the newest active version. Works on a transaction
 * too, so callers can present what they just saved.
 */
export function presentDataItem(db: Executor, item: DataItem, project: { id: number; name: string }, limits: CategoryLimits = NO_LIMITS): PresentedDataItem {
  const { provider, owner } = db
    .select({
      provider: { id: providers.id, name: providers.name, description: providers.description },
      owner: { id: users.id, firstName: users.firstName, lastName: users.lastName },
    })
    .from(dataItems)
    .leftJoin(providers, eq(providers.id, dataItems.providerId))
    .leftJoin(users, eq(users.id, dataItems.ownerId))
    .where(eq(dataItems.id, item.id))
    .get()!;
  const keywordList = db
    .select({ id: keywords.id, value: keywords.value })
    .from(dataKeywords)
    .innerJoin(keywords, eq(keywords.id, dataKeywords.keywordId))
    .where(eq(dataKeywords.dataId, item.id))
    .all()
    .sort(byValue);
  const categoryList = db
    .select({ id: categories.id, name: categories.name, type: categories.type, isDefault: categories.isDefault })
    .from(dataCategories)
    .innerJoin(categories, eq(categories.id, dataCategories.categoryId))
    .where(eq(dataCategories.dataId, item.id))
    .orderBy(asc(categories.number), asc(categories.id))
    .all();
  return {
    id: item.id,
    name: item.name,
    description: item.description,
    shortDescription: item.shortDescription,
    dataType: item.dataType,
    status: item.status,
    icon: item.icon,
    isActive: item.isActive,
    creationDate: item.creationDate,
    provider,
    owner,
    keywords: keywordList,
    categoryList: categoryList.filter((c) => seesCategory(limits, { id: c.id, projectId: item.projectId })),
    project: { id: project.id, name: project.name },
    value: item.value,
    body: item.body,
    script: item.script,
    props: item.props,
    firstVersion: dataTypeOf(item.dataType).firstVersion?.(db, item.id) ?? null,
  };
}

/** A linked item as relations-data/get lists it. */
export const relationSchema = t.Object({ relationId: integer(), id: integer(), name: t.String(), dataType: dataTypeSchema, isActive: t.Boolean() });
export type PresentedRelation = Static<typeof relationSchema>;

export const presentRelation = (row: PresentedRelation): PresentedRelation => ({
  relationId: row.relationId,
  id: row.id,
  name: row.name,
  dataType: row.dataType,
  isActive: row.isActive,
});

/** An item as the pickers' name search finds it (data/search, search-by-type). */
export const searchHitSchema = t.Object({ id: integer(), name: t.String(), dataType: dataTypeSchema });
export type PresentedSearchHit = Static<typeof searchHitSchema>;

export const activeSchema = t.Object({ id: integer(), isActive: t.Boolean() });
export const removedForeverSchema = t.Object({ id: integer(), removedFiles: integer() });
