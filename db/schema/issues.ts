import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./users";
import { projects } from "./projects";
import { categories } from "./categories";
import { dataItems } from "./data";
import { chats } from "./chat";
import { driveFiles } from "./drive";

const now = sql`(unixepoch('subsec') * 1000)`;

/** Task statuses in the spec's order: the position is the status id (BACKLOG 0 … DONE 3). */
export const ISSUE_STATUSES = ["BACKLOG", "OPEN", "IN_PROGRESS", "DONE"] as const;
export type IssueStatus = (typeof ISSUE_STATUSES)[number];
export const TEMPLATE_FIELD_TYPES = ["STRING", "BOOLEAN", "DATE", "LIST", "NUMBER", "USER"] as const;
export type TemplateFieldType = (typeof TEMPLATE_FIELD_TYPES)[number];

/**
 * A kind of task with its own fields; `fields` is JSON text (a list of TemplateField, in the order the
 * creation dialog shows them). Global templates (no project) are kept by system administrators and
 * offered in every project; a project's own are kept by its moderators and offered there only.
 */
export const issueTemplates = sqliteTable(
  "issue_templates",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    projectId: integer("project_id").references(() => projects.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    icon: text("icon").notNull().default(""),
    fields: text("fields").notNull().default("[]"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(now),
  },
  (t) => [index("issue_templates_project").on(t.projectId)],
);

/**
 * A task of a project. `description` is Editor.js block JSON as the editor saved it, `descriptionHtml`
 * the server's rendering of it, already sanitised (src/lib/sanitize.ts, `issue`). `additionalFields`
 * holds the template's values (JSON text, by field name). The map fields (map, layer, sys, layerPoi,
 * coordinates as GeoJSON point text) wait for maps. The ISSUE chat is made with the task.
 */
export const issues = sqliteTable(
  "issues",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    projectId: integer("project_id").notNull().references(() => projects.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull(),
    descriptionHtml: text("description_html").notNull().default(""),
    status: text("status", { enum: ISSUE_STATUSES }).notNull().default("OPEN"),
    dueDate: integer("due_date", { mode: "timestamp_ms" }),
    performerId: integer("performer_id").references(() => users.id, { onDelete: "set null" }),
    reporterId: integer("reporter_id").references(() => users.id, { onDelete: "set null" }),
    templateId: integer("template_id").references(() => issueTemplates.id, { onDelete: "set null" }),
    additionalFields: text("additional_fields"),
    layerPoi: text("layer_poi"),
    layerId: integer("layer_id").references(() => dataItems.id, { onDelete: "set null" }),
    sys: text("sys"),
    mapId: integer("map_id").references(() => dataItems.id, { onDelete: "set null" }),
    coordinates: text("coordinates"),
    chatId: integer("chat_id").references(() => chats.id, { onDelete: "set null" }),
    /** The day (YYYY-MM-DD, server time) the performer was last reminded: at most one ISSUE_REMINDER a day. */
    remindedOn: text("reminded_on"),
    creationDate: integer("creation_date", { mode: "timestamp_ms" }).notNull().default(now),
  },
  (t) => [
    index("issues_project").on(t.projectId, t.id),
    index("issues_project_status").on(t.projectId, t.status),
    index("issues_project_name").on(t.projectId, sql`lower(${t.name})`),
    index("issues_project_created").on(t.projectId, t.creationDate),
    index("issues_performer").on(t.performerId, t.status),
    index("issues_due").on(t.dueDate),
    index("issues_map").on(t.mapId),
  ],
);

export const issueCategories = sqliteTable(
  "issue_categories",
  {
    issueId: integer("issue_id").notNull().references(() => issues.id, { onDelete: "cascade" }),
    categoryId: integer("category_id").notNull().references(() => categories.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.issueId, t.categoryId] }), index("issue_categories_category").on(t.categoryId)],
);

/**
 * Pictures in a task's description: drive files its editors uploaded for it (their own, counted in their
 * quota), which everyone who may read the task may read while the row stands.
 */
export const issuePictures = sqliteTable(
  "issue_pictures",
  {
    issueId: integer("issue_id").notNull().references(() => issues.id, { onDelete: "cascade" }),
    fileId: integer("file_id").notNull().references(() => driveFiles.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.issueId, t.fileId] }), index("issue_pictures_file").on(t.fileId)],
);

export type Issue = typeof issues.$inferSelect;
export type IssueTemplate = typeof issueTemplates.$inferSelect;
