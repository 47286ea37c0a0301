import { sql } from "drizzle-orm";
import { integer, sqliteTable, text, uniqueIndex, index, primaryKey } from "drizzle-orm/sqlite-core";
import { users } from "./users";
import { categories } from "./categories";

const now = sql`(unixepoch('subsec') * 1000)`;

/** A project. `timeline` is the roadmap as JSON text: { description, steps: [{ title, description, color, tag, tooltip }] }. */
export const projects = sqliteTable("projects", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  category: text("category").notNull().default(""),
  timeline: text("timeline").notNull().default('{"description":"","steps":[]}'),
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(now),
});

/** Membership: a user in a project, with a moderator flag, a favourite star and the categories they may see. */
export const userProjects = sqliteTable(
  "user_projects",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    projectId: integer("project_id").notNull().references(() => projects.id, { onDelete: "cascade" }),
    moderator: integer("moderator", { mode: "boolean" }).notNull().default(false),
    favorite: integer("favorite", { mode: "boolean" }).notNull().default(false),
  },
  (t) => [uniqueIndex("user_projects_user_project").on(t.userId, t.projectId), index("user_projects_project").on(t.projectId)],
);

/** The categories a member is given in a project (the edit dialog's tree). */
export const userProjectCategories = sqliteTable(
  "user_project_categories",
  {
    userProjectId: integer("user_project_id").notNull().references(() => userProjects.id, { onDelete: "cascade" }),
    categoryId: integer("category_id").notNull().references(() => categories.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.userProjectId, t.categoryId] })],
);

export type Project = typeof projects.$inferSelect;
export type UserProject = typeof userProjects.$inferSelect;
