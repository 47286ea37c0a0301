import { sql } from "drizzle-orm";
import { integer, sqliteTable, text, index, uniqueIndex, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { users } from "./users";
import { projects } from "./projects";

const now = sql`(unixepoch('subsec') * 1000)`;

/**
 * A wiki article: its place in the tree (parent, order among its siblings), its space (a project, whose
 * members read it and whose moderators write it, or null: the wiki everyone reads) shared by its whole
 * branch, and, copied from its newest version in the same transaction, the title and version number the
 * tree and search show.
 */
export const articles = sqliteTable(
  "articles",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    parentId: integer("parent_id").references((): AnySQLiteColumn => articles.id, { onDelete: "set null" }),
    indexNumber: integer("index_number").notNull().default(0),
    title: text("title").notNull(),
    version: integer("version").notNull().default(1),
    // No cascade: ALTER TABLE cannot add one; the wiki removes a project's articles and their pictures (lifecycle.ts).
    projectId: integer("project_id").references(() => projects.id),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(now),
  },
  (t) => [index("articles_parent").on(t.parentId, t.indexNumber), index("articles_project").on(t.projectId)],
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
    /** What the editor said changed (optional, short). */
    summary: text("summary").notNull().default(""),
    updatedById: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().default(now),
  },
  (t) => [uniqueIndex("article_versions_number").on(t.articleId, t.version)],
);

export type ArticleVersionRow = typeof articleVersions.$inferSelect;

/**
 * A picture stored with an article: uploaded while editing (`articleId` null, seen by its uploader alone) and
 * claimed by the article whose saved content first shows it; from then on it is read with the article's access.
 */
export const articleAttachments = sqliteTable(
  "article_attachments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    articleId: integer("article_id").references(() => articles.id, { onDelete: "cascade" }),
    uploadedById: integer("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    fileName: text("file_name").notNull(),
    storedPath: text("stored_path").notNull(),
    mime: text("mime").notNull(),
    size: integer("size").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(now),
  },
  (t) => [index("article_attachments_article").on(t.articleId), index("article_attachments_uploader").on(t.uploadedById)],
);

export type ArticleAttachmentRow = typeof articleAttachments.$inferSelect;
