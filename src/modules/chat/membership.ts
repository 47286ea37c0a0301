import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { chatMembers, chats, users, type Chat, type ChatMember, type User } from "../../../db/schema";
import { enterChat } from "./policy";

/**
 * The actor's member row of a chat they may enter, made now if it is an open chat they have not
 * joined (PUBLIC, or DATA of a visible item), with everything before it counted as read. Only calls
 * that keep something per member join: writing, marking read, (un)subscribing, archiving, opening
 * a data item's comments. Reads go through enterChat and write nothing.
 */
export function joinChat(db: Db, actor: User, chatId: number): { chat: Chat; member: ChatMember } {
  const { chat, member } = enterChat(db, actor, chatId);
  return { chat, member: member ?? db.insert(chatMembers).values({ chatId, userId: actor.id, lastReadMessageId: chat.lastMessageId ?? 0 }).returning().get() };
}

/**
 * PUBLIC chats are everybody's: a user becoming active joins those that exist (what came before
 * counts as read), and a new PUBLIC chat is joined by every active user (joinPublicChat).
 */
export function joinPublicChats(db: Pick<Db, "run">, userId: number) {
  db.run(sql`insert or ignore into ${chatMembers} (chat_id, user_id, last_read_message_id)
             select id, ${userId}, coalesce(last_message_id, 0) from ${chats} where type = 'PUBLIC'`);
}

/** Every active user joins a new PUBLIC chat (a read-only join on users: who is active). */
export function joinPublicChat(db: Pick<Db, "run">, chatId: number) {
  db.run(sql`insert or ignore into ${chatMembers} (chat_id, user_id) select ${chatId}, id from ${users} where is_active = 1`);
}
