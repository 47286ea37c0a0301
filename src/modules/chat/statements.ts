import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { chatMembers, chatMessages, chats } from "../../../db/schema";

/**
 * The one rule of what a member has not read, over a chat_members row of the surrounding query:
 * messages of the chat after the last one they read, by someone else (or nobody), not deleted.
 * Messages are `x`, so callers may add conditions of their own.
 */
export const UNREAD = sql`x.chat_id = ${chatMembers.chatId} and x.id > ${chatMembers.lastReadMessageId}
  and (x.author_id is null or x.author_id <> ${chatMembers.userId}) and x.message_key <> 'DELETED'`;

/** How many messages the member row has not read. */
export const unreadCount = sql<number>`(select count(*) from ${chatMessages} x where ${UNREAD})`;

// Every message and subscription goes through these, so they are prepared once per database:
// drizzle otherwise rebuilds and re-prepares the SQL on each call (bench/chat-load.ts: 5-7x per SEND).
const statements = new WeakMap<Db, ReturnType<typeof prepare>>();
function prepare(db: Db) {
  const P = sql.placeholder;
  const member = and(eq(chatMembers.chatId, P("chatId")), eq(chatMembers.userId, P("userId")));
  return {
    chatById: db.select().from(chats).where(eq(chats.id, P("chatId"))).prepare(),
    memberOf: db.select().from(chatMembers).where(member).prepare(),
    unreadOf: db.select({ unread: unreadCount }).from(chatMembers).where(member).prepare(),
    insertMsg: db.insert(chatMessages).values({ chatId: P("chatId"), authorId: P("authorId"), messageKey: P("messageKey") as never, body: P("body"), encrypted: true, fileId: P("fileId"), clientId: P("clientId") }).returning().prepare(),
    touchChat: db.update(chats).set({ lastMessageId: sql`${P("id")}`, lastMessageTime: sql`${P("at")}` }).where(eq(chats.id, P("chatId"))).prepare(),
    readOwn: db.update(chatMembers).set({ lastReadMessageId: sql`${P("id")}` }).where(member).prepare(),
    earlier: db.select({ id: chatMessages.id }).from(chatMessages).where(and(eq(chatMessages.authorId, P("authorId")), eq(chatMessages.clientId, P("clientId")))).prepare(),
  };
}

export function chatStatements(db: Db) {
  let found = statements.get(db);
  if (!found) {
    found = prepare(db);
    statements.set(db, found);
  }
  return found;
}
