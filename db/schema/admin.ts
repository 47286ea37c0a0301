import { sql } from "drizzle-orm";
import { integer, sqliteTable, text, index } from "drizzle-orm/sqlite-core";
import { users } from "./users";

export const SETTING_TYPES = ["GENERAL", "MAIL", "GIS", "ACTIVE_DIRECTORY", "FTP", "NOTIFICATION"] as const;
export type SettingType = (typeof SETTING_TYPES)[number];

export const ACTIVITY_TYPES = [
  "LOGIN", "LOGOUT", "CREATE", "READ", "DELETE", "DELETE_FOREVER", "RESTORE", "UPDATE", "ADD_VERSION",
  "UPDATE_VERSION", "REMOVE_VERSION", "DOWNLOAD", "USER_REGISTRATION", "USER_ACTIVATION", "USER_DEACTIVATION",
  "FTP_DOWNLOAD", "EMAIL_CHANGE", "MAIL_SENT",
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export const MAIL_TEMPLATE_TYPES = [
  "USER_ACTIVATION", "NEW_USER", "RESET_PASSWORD", "NEW_MESSAGE", "NEW_ISSUE", "TEST_MESSAGE", "ISSUE_REMINDER",
  "EMAIL_CHANGED", "MENTION",
] as const;
export type MailTemplateType = (typeof MAIL_TEMPLATE_TYPES)[number];

/** Named configuration values; secured ones are only ever shown to administrators. */
export const settings = sqliteTable("settings", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  label: text("label").notNull().unique(),
  body: text("body").notNull().default(""),
  isSecured: integer("is_secured", { mode: "boolean" }).notNull().default(false),
  type: text("type", { enum: SETTING_TYPES }).notNull(),
});

/** The audit trail. dataId points at a data item once those exist (no foreign key: rows outlive items). */
export const activityLog = sqliteTable(
  "activity_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    dataId: integer("data_id"),
    /** The data item's name when the event happened: shown, without a link, once the item is deleted. */
    dataName: text("data_name"),
    description: text("description").notNull().default(""),
    activityType: text("activity_type", { enum: ACTIVITY_TYPES }).notNull(),
    date: integer("date", { mode: "timestamp_ms" }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
  },
  // Each index also orders by id (SQLite keeps the rowid in it), so every sort of the log's page is an index walk.
  (t) => [
    index("activity_log_date_idx").on(t.date),
    index("activity_log_user_idx").on(t.userId),
    index("activity_log_type_idx").on(t.activityType),
    index("activity_log_description_idx").on(t.description),
  ],
);

/** An administrator's edited mail template; without a row the built-in text in the recipient's language is used. */
export const mailTemplates = sqliteTable("mail_templates", {
  type: text("type", { enum: MAIL_TEMPLATE_TYPES }).primaryKey(),
  subject: text("subject").notNull().default(""),
  value: text("value").notNull(),
  disabled: integer("disabled", { mode: "boolean" }).notNull().default(false),
});

export type Setting = typeof settings.$inferSelect;
