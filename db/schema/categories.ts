import { integer, sqliteTable, text, index } from "drizzle-orm/sqlite-core";
import { projects } from "./projects";

/** A project's categories. Typed ones are folders in the project view; a default one is hidden from pickers. */
export const categories = sqliteTable(
  "categories",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    projectId: integer("project_id").notNull().references(() => projects.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    type: text("type"),
    number: integer("number").notNull().default(0),
    isDefault: integer("is_default", { mode: "boolean" }).notNull().default(false),
    isPublic: integer("is_public", { mode: "boolean" }).notNull().default(false),
    hasProcess: integer("has_process", { mode: "boolean" }).notNull().default(false),
    description: text("description").notNull().default(""),
  },
  (t) => [index("categories_project").on(t.projectId, t.number)],
);

export type Category = typeof categories.$inferSelect;
