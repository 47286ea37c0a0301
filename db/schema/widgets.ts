import { integer, sqliteTable, text, index } from "drizzle-orm/sqlite-core";
import { projects } from "./projects";
import { dataItems } from "./data";
import { WIDGET_TYPES } from "../../src/modules/widgets/limits";

/**
 * A dashboard widget: what it shows (a data item of its project; none for a SENSOR without a unit) and
 * where it sits on the project's 12-column grid. A data item deleted forever takes its widgets with it.
 */
export const widgets = sqliteTable(
  "widgets",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    projectId: integer("project_id").notNull().references(() => projects.id, { onDelete: "cascade" }),
    type: text("type", { enum: WIDGET_TYPES }).notNull(),
    dataId: integer("data_id").references(() => dataItems.id, { onDelete: "cascade" }),
    x: integer("x").notNull(),
    y: integer("y").notNull(),
    w: integer("w").notNull(),
    h: integer("h").notNull(),
  },
  (t) => [index("widgets_project").on(t.projectId), index("widgets_data").on(t.dataId)],
);

export type Widget = typeof widgets.$inferSelect;
