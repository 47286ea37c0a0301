import { and, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Executor } from "../../../db/client";
import { docVersions } from "../../../db/schema";

// What the full-text index (src/modules/search/fulltext-index.ts) reads of documents.

const other = alias(docVersions, "other");

/**
 * The text of each of the documents `ids` as it is now: the newest active version's converted body
 * (sanitised HTML). A document whose newest version has none, or that is gone, is absent.
 */
export function documentTextsForIndex(db: Executor, ids: number[]): { ref: number; html: string }[] {
  const newest = db
    .select({ id: other.id })
    .from(other)
    .where(and(eq(other.dataId, docVersions.dataId), eq(other.isActive, true)))
    .orderBy(desc(other.creationDate), desc(other.id))
    .limit(1);
  return db
    .select({ ref: docVersions.dataId, html: sql<string>`${docVersions.body}` })
    .from(docVersions)
    .where(and(inArray(docVersions.dataId, ids), eq(docVersions.id, sql`(${newest})`), isNotNull(docVersions.body)))
    .all();
}

/** Every document with a version, for a rebuild of the index. */
export const documentIdsForIndex = (db: Executor) => db.selectDistinct({ id: docVersions.dataId }).from(docVersions).all().map(({ id }) => id);
