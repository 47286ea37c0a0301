import { sql } from "drizzle-orm";
import { integer, sqliteTable, text, index } from "drizzle-orm/sqlite-core";
import { users } from "./users";
import { dataItems } from "./data";

const now = sql`(unixepoch('subsec') * 1000)`;

export const VERSION_TYPES = ["PDF", "MS_DOC", "OTHER"] as const;
export type VersionType = (typeof VERSION_TYPES)[number];

/** A document's versions; the file sits under DATA_DIR with a server-chosen name, `body` is sanitised HTML of a DOCX. */
export const docVersions = sqliteTable(
  "doc_versions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    dataId: integer("data_id").notNull().references(() => dataItems.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    type: text("type", { enum: VERSION_TYPES }).notNull(),
    fileName: text("file_name").notNull(),
    filePath: text("file_path").notNull(),
    mime: text("mime").notNull(),
    size: integer("size").notNull(),
    body: text("body"),
    /** A PDF's text for the full-text index (src/modules/docs/pdf-text.ts): null until read, '' when it has none or cannot be read. Never sent to clients. */
    text: text("text"),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    creationDate: integer("creation_date", { mode: "timestamp_ms" }).notNull().default(now),
  },
  (t) => [index("doc_versions_data").on(t.dataId, t.creationDate)],
);

export type DocVersion = typeof docVersions.$inferSelect;

/**
 * A file uploaded and checked but not yet attached to a document: the upload wizard and the
 * version dialog send files first and save items after. `path` is the opaque handle clients get.
 */
export const stagedFiles = sqliteTable(
  "staged_files",
  {
    path: text("path").primaryKey(),
    ownerId: integer("owner_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    fileName: text("file_name").notNull(),
    storedPath: text("stored_path").notNull(),
    mime: text("mime").notNull(),
    size: integer("size").notNull(),
    type: text("type", { enum: VERSION_TYPES }).notNull(),
    body: text("body"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(now),
  },
  (t) => [index("staged_files_created").on(t.createdAt)],
);
