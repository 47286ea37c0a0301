import { sql } from "drizzle-orm";
import { integer, sqliteTable, text, index, primaryKey, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./users";
import { dataItems } from "./data";
import { driveFiles } from "./drive";

const now = sql`(unixepoch('subsec') * 1000)`;

export const CHAT_TYPES = ["PUBLIC", "PRIVATE", "DIRECT", "ISSUE", "DATA", "POI"] as const;
export type ChatType = (typeof CHAT_TYPES)[number];
export const MESSAGE_KEYS = ["DEFAULT", "DELETED", "JOINED", "LEFT", "RENAMED", "INVITED_BY", "REMOVED_BY", "ISSUE_HISTORY"] as const;
export type MessageKey = (typeof MESSAGE_KEYS)[number];

/** A chat. DATA chats belong to a data item, ISSUE chats to a task, POI chats to a map object; DIRECT chats have exactly two members. */
export const chats = sqliteTable(
  "chats",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    type: text("type", { enum: CHAT_TYPES }).notNull(),
    ownerId: integer("owner_id").references(() => users.id, { onDelete: "set null" }),
    dataId: integer("data_id").references(() => dataItems.id, { onDelete: "cascade" }),
    issueId: integer("issue_id"),
    // No foreign key, like issueId: a removed object's chat is left unreachable (its policy finds no object).
    poiObjectId: integer("poi_object_id"),
    lastMessageId: integer("last_message_id"),
    lastMessageTime: integer("last_message_time", { mode: "timestamp_ms" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(now),
  },
  (t) => [
    uniqueIndex("chats_named_unique").on(sql`lower(${t.name})`).where(sql`${t.type} in ('PUBLIC', 'PRIVATE')`),
    uniqueIndex("chats_data_unique").on(t.dataId),
    uniqueIndex("chats_poi_unique").on(t.poiObjectId),
  ],
);

/** A member's view of a chat: subscribed, archived, and how far they have read. */
export const chatMembers = sqliteTable(
  "chat_members",
  {
    chatId: integer("chat_id").notNull().references(() => chats.id, { onDelete: "cascade" }),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    subscribed: integer("subscribed", { mode: "boolean" }).notNull().default(true),
    archived: integer("archived", { mode: "boolean" }).notNull().default(false),
    lastReadMessageId: integer("last_read_message_id").notNull().default(0),
    lastMailedAt: integer("last_mailed_at", { mode: "timestamp_ms" }),
  },
  (t) => [primaryKey({ columns: [t.chatId, t.userId] }), index("chat_members_user").on(t.userId)],
);

/**
 * Messages in the order the server accepted them (the id). The body is encrypted at rest unless
 * `encrypted` is false (rows from before encryption, until the administrators' action runs).
 * `clientId` lets an outbox resend without duplicates. A file message's body is the file's JSON,
 * with the author's caption as `text` once they add one by editing.
 */
export const chatMessages = sqliteTable(
  "chat_messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    chatId: integer("chat_id").notNull().references(() => chats.id, { onDelete: "cascade" }),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    messageKey: text("message_key", { enum: MESSAGE_KEYS }).notNull().default("DEFAULT"),
    body: text("body").notNull(),
    encrypted: integer("encrypted", { mode: "boolean" }).notNull().default(true),
    fileId: integer("file_id").references(() => driveFiles.id, { onDelete: "set null" }),
    clientId: text("client_id"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(now),
    /** When the author last changed the text (null: never edited). */
    editedAt: integer("edited_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    index("chat_messages_chat").on(t.chatId, t.id),
    // Who may read a drive file depends on the messages that carry it.
    index("chat_messages_file").on(t.fileId),
    uniqueIndex("chat_messages_client").on(t.authorId, t.clientId).where(sql`${t.clientId} is not null`),
  ],
);

export type Chat = typeof chats.$inferSelect;
export type ChatMember = typeof chatMembers.$inferSelect;
export type ChatMessage = typeof chatMessages.$inferSelect;
