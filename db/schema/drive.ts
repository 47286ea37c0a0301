import { sql } from "drizzle-orm";
import { integer, sqliteTable, text, index } from "drizzle-orm/sqlite-core";
import { users } from "./users";

export const FILE_TYPES = ["doc", "jpg", "pdf", "png", "ppt", "txt", "xls", "zip"] as const;
export type FileType = (typeof FILE_TYPES)[number];

/**
 * A file in someone's personal drive. `token` names the file for its owner and for the members of
 * chats a message carries it into, signed in (never public). `shareToken` is the public link: set
 * anew on each share, cleared on withdrawal, so a withdrawn link never works again. A link may end
 * at `shareExpiresAt` and ask for a password (`sharePasswordHash`, argon2id like account passwords);
 * both go with the link on withdrawal.
 */
export const driveFiles = sqliteTable(
  "drive_files",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    ownerId: integer("owner_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    type: text("type", { enum: FILE_TYPES }).notNull(),
    size: integer("size").notNull(),
    mime: text("mime").notNull(),
    storedPath: text("stored_path").notNull(),
    token: text("token").notNull().unique(),
    shareToken: text("share_token").unique(),
    shareExpiresAt: integer("share_expires_at", { mode: "timestamp_ms" }),
    sharePasswordHash: text("share_password_hash"),
    creationDate: integer("creation_date", { mode: "timestamp_ms" }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [index("drive_files_owner").on(t.ownerId, t.creationDate)],
);

export type DriveFile = typeof driveFiles.$inferSelect;

/** An administrator's quota for one user's drive, in bytes; users without a row have DRIVE_QUOTA_MB. */
export const driveQuotas = sqliteTable("drive_quotas", {
  userId: integer("user_id").primaryKey().references(() => users.id, { onDelete: "cascade" }),
  quotaBytes: integer("quota_bytes").notNull(),
});
