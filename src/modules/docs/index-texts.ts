import { and, desc, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Executor } from "../../../db/client";
import { docVersions } from "../../../db/schema";

// What the full-text index (src/modules/search/fulltext-index.ts) reads of documents.

const other = alias(docVersions, "other");

/** The id of the newest active version of the outer query's document (a correlated subquery on doc_versions). */
const newestVersion = (db: Executor) =>
  db
    .select({ id: other.id })
    .from(other)
    .where(and(eq(other.dataId, docVersions.dataId), eq(other.isActive, true)))
    .orderBy(desc(other.creationDate), desc(other.id))
    .limit(1);

/** A PDF's plain text as HTML for the index, which reads it with textOfHtml: only & and < mean anything there. */
const asHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;");

/**
 * The text of each of the documents `ids` as it is now: the newest active version's converted body
 * (a DOCX's sanitised HTML) or its text (a PDF's, read by pdf-text.ts). A document whose newest
 * version has neither, or that is gone, is absent.
 */
export function documentTextsForIndex(db: Executor, ids: number[]): { ref: number; html: string }[] {
  const newest = newestVersion(db);
  return db
    .select({ ref: docVersions.dataId, body: docVersions.body, text: docVersions.text })
    .from(docVersions)
    .where(and(inArray(docVersions.dataId, ids), eq(docVersions.id, sql`(${newest})`), or(isNotNull(docVersions.body), isNotNull(docVersions.text))))
    .all()
    .map((row) => ({ ref: row.ref, html: row.body ?? asHtml(row.text ?? "") }));
}

/** Every document with a version, for a rebuild of the index. */
export const documentIdsForIndex = (db: Executor) => db.select({ id: docVersions.dataId }).from(docVersions).groupBy(docVersions.dataId).all().map(({ id }) => id);

/** The newest active version (id and name) of each of the documents `ids`, for their search cards. */
export function newestVersions(db: Executor, ids: number[]): Map<number, { id: number; name: string }> {
  if (!ids.length) return new Map();
  const newest = newestVersion(db);
  const rows = db
    .select({ dataId: docVersions.dataId, id: docVersions.id, name: docVersions.name })
    .from(docVersions)
    .where(and(inArray(docVersions.dataId, ids), eq(docVersions.id, sql`(${newest})`)))
    .all();
  return new Map(rows.map(({ dataId, id, name }) => [dataId, { id, name }]));
}
