import { sql } from "drizzle-orm";
import { integer, sqliteTable, text, index, uniqueIndex, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { users } from "./users";

const now = sql`(unixepoch('subsec') * 1000)`;

/**
 * A wiki article: its place in the tree (parent, order among its siblings) and, copied from its newest
 * version in the same transaction, the title and version number the tree and search show.
 */
export const articles = sqliteTable(
  "articles",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    parentId: integer("parent_id").references((): AnySQLiteColumn => articles.id, { onDelete: "set null" }),
    indexNumber: integer("index_number").notNull().default(0),
    title: text("title").notNull(),
    version: integer("version").notNull().default(1),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(now),
  },
  (t) => [index("articles_parent").on(t.parentId, t.indexNumber)],
);

export type ArticleRow = typeof articles.$inferSelect;

/** Every saved state of an article; `content` is HTML already sanitised (src/lib/sanitize.ts, `wiki`). */
export const articleVersions = sqliteTable(
  "article_versions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    articleId: integer("article_id").notNull().references(() => articles.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    title: text("title").notNull(),
    content: text("content").notNull(),
    updatedById: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().default(now),
  },
  (t) => [uniqueIndex("article_versions_number").on(t.articleId, t.version)],
);

export type ArticleVersionRow = typeof articleVersions.$inferSelect;
