import { sql } from "drizzle-orm";
import { integer, sqliteTable, text, index, primaryKey, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./users";
import { projects } from "./projects";
import { categories } from "./categories";

const now = sql`(unixepoch('subsec') * 1000)`;

import { DATA_STATUSES, DATA_TYPES } from "../../src/lib/data-kinds";

export { DATA_STATUSES, DATA_TYPES, type DataStatus, type DataType } from "../../src/lib/data-kinds";

/** Where a data item's content comes from; per project, created from free text. */
export const providers = sqliteTable(
  "providers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    projectId: integer("project_id").notNull().references(() => projects.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default("_"),
  },
  (t) => [uniqueIndex("providers_project_name").on(t.projectId, sql`lower(${t.name})`)],
);

export const keywords = sqliteTable(
  "keywords",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    projectId: integer("project_id").notNull().references(() => projects.id, { onDelete: "cascade" }),
    value: text("value").notNull(),
  },
  (t) => [uniqueIndex("keywords_project_value").on(t.projectId, sql`lower(${t.value})`)],
);

/**
 * The one model behind all eight data types. Type-specific content lives in `value` (JSON text:
 * a table, a chart's settings, a device's fields), `body` (a report's HTML) and `script`/`props`
 * (a calculation); documents keep their files in doc_versions.
 */
export const dataItems = sqliteTable(
  "data_items",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    projectId: integer("project_id").notNull().references(() => projects.id, { onDelete: "cascade" }),
    dataType: text("data_type", { enum: DATA_TYPES }).notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    shortDescription: text("short_description").notNull().default(""),
    providerId: integer("provider_id").references(() => providers.id, { onDelete: "set null" }),
    ownerId: integer("owner_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status", { enum: DATA_STATUSES }).notNull().default("NO_DATA"),
    icon: text("icon"),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    value: text("value"),
    body: text("body"),
    script: text("script"),
    props: text("props"),
    creationDate: integer("creation_date", { mode: "timestamp_ms" }).notNull().default(now),
  },
  (t) => [
    index("data_items_project_type").on(t.projectId, t.dataType, t.isActive),
    index("data_items_project_name").on(t.projectId, t.dataType, sql`lower(${t.name})`),
  ],
);

export const dataCategories = sqliteTable(
  "data_categories",
  {
    dataId: integer("data_id").notNull().references(() => dataItems.id, { onDelete: "cascade" }),
    categoryId: integer("category_id").notNull().references(() => categories.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.dataId, t.categoryId] }), index("data_categories_category").on(t.categoryId)],
);

export const dataKeywords = sqliteTable(
  "data_keywords",
  {
    dataId: integer("data_id").notNull().references(() => dataItems.id, { onDelete: "cascade" }),
    keywordId: integer("keyword_id").notNull().references(() => keywords.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.dataId, t.keywordId] }), index("data_keywords_keyword").on(t.keywordId)],
);

/** Linked data: an undirected pair stored once, lower id first. */
export const dataRelations = sqliteTable(
  "data_relations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    fromId: integer("from_id").notNull().references(() => dataItems.id, { onDelete: "cascade" }),
    toId: integer("to_id").notNull().references(() => dataItems.id, { onDelete: "cascade" }),
    /** Made because one item embeds the other (a report's [DATA-n]), so it goes with the embed; false once a user adds it. */
    byEmbed: integer("by_embed", { mode: "boolean" }).notNull().default(false),
  },
  (t) => [uniqueIndex("data_relations_pair").on(t.fromId, t.toId), index("data_relations_to").on(t.toId)],
);

export type DataItem = typeof dataItems.$inferSelect;
