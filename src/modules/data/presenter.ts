import { and, asc, desc, eq } from "drizzle-orm";
import type { Executor } from "../../../db/client";
import {
  categories, dataCategories, dataKeywords, docVersions, keywords, projects, providers, users,
  type DataItem, type DataStatus, type DataType,
} from "../../../db/schema";

export interface KeywordRef {
  id: number;
  value: string;
}
export interface CategoryRef {
  id: number;
  name: string;
  type: string | null;
  isDefault: boolean;
}

/** One row of a data list as the list query returns it (see `summaryColumns` in service.ts). */
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
}

const byValue = (a: KeywordRef, b: KeywordRef) => a.value.localeCompare(b.value);
const parseList = <T>(json: string | null): T[] => (json ? (JSON.parse(json) as (T | null)[]).filter((x): x is T => x !== null) : []);

/**
 * A data item in lists: everything but the type-specific content (value, body, script, props),
 * which can be large and is read with data/get.
 */
export function presentSummary(row: SummaryRow) {
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
      .sort((a, b) => a.number - b.number || a.id - b.id)
      .map((c) => ({ id: c.id, name: c.name, type: c.type, isDefault: Boolean(c.isDefault) })),
    project: { id: row.projectId },
  };
}

export type PresentedSummary = ReturnType<typeof presentSummary>;

/**
 * A data item with everything data/get shows: provider, owner, keywords, categories, project,
 * the type-specific content and, for documents, the newest active version. Works on a
 * transaction too, so callers can present what they just saved.
 */
export function presentDataItem(db: Executor, item: DataItem) {
  const provider = item.providerId
    ? db.select({ id: providers.id, name: providers.name, description: providers.description }).from(providers).where(eq(providers.id, item.providerId)).get() ?? null
    : null;
  const owner = item.ownerId
    ? db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, item.ownerId)).get() ?? null
    : null;
  const project = db.select({ id: projects.id, name: projects.name }).from(projects).where(eq(projects.id, item.projectId)).get() ?? null;
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
  const firstVersion =
    item.dataType === "DOC"
      ? db
          .select({ id: docVersions.id, type: docVersions.type, fileName: docVersions.fileName, name: docVersions.name })
          .from(docVersions)
          .where(and(eq(docVersions.dataId, item.id), eq(docVersions.isActive, true)))
          .orderBy(desc(docVersions.creationDate), desc(docVersions.id))
          .limit(1)
          .get() ?? null
      : null;
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
    categoryList,
    project,
    value: item.value,
    body: item.body,
    script: item.script,
    props: item.props,
    firstVersion,
  };
}

export type PresentedDataItem = ReturnType<typeof presentDataItem>;

/** A linked item as relations-data/get lists it. */
export const presentRelation = (row: { relationId: number; id: number; name: string; dataType: DataType; isActive: boolean }) => ({
  relationId: row.relationId,
  id: row.id,
  name: row.name,
  dataType: row.dataType,
  isActive: row.isActive,
});
