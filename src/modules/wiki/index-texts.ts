import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Executor } from "../../../db/client";
import { articles, articleVersions } from "../../../db/schema";

// What the full-text index (src/modules/search/fulltext-index.ts) reads of the wiki.

/** The text of each of the articles `ids` as it is now (the current version's title and HTML); a removed article is absent. */
export function articleTextsForIndex(db: Executor, ids: number[]): { ref: number; html: string }[] {
  return db
    .select({ ref: articles.id, title: articleVersions.title, content: articleVersions.content })
    .from(articles)
    .innerJoin(articleVersions, and(eq(articleVersions.articleId, articles.id), eq(articleVersions.version, articles.version)))
    .where(inArray(articles.id, ids))
    .all()
    .map(({ ref, title, content }) => ({ ref, html: `${title} ${content}` }));
}

/** Every article, for a rebuild of the index. */
export const articleIdsForIndex = (db: Executor) => db.select({ id: articles.id }).from(articles).all().map(({ id }) => id);

/** Whether index row `id` (an SQL expression) is an article that still exists in the shared wiki or the space of one of `projectIds`. */
export const readableArticle = (projectIds: number[], id: SQL) =>
  sql`exists (select 1 from ${articles} where ${articles.id} = ${id} and (${articles.projectId} is null or ${articles.projectId} in (select value from json_each(${JSON.stringify(projectIds)}))))`;

/** The titles of the articles `ids`, for their search cards. */
export const articleTitles = (db: Executor, ids: number[]) =>
  new Map(ids.length ? db.select({ id: articles.id, title: articles.title }).from(articles).where(inArray(articles.id, ids)).all().map(({ id, title }) => [id, title]) : []);
