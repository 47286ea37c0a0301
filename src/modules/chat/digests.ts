import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { chatMembers, chatMessages, chats, users, type Chat, type User } from "../../../db/schema";
import { chatTitle, nameFor } from "./naming";
import { canEnterChat } from "./policy";
import { companionsOf } from "./service";
import { UNREAD } from "./statements";

/**
 * Who is due a NEW_MESSAGE mail about which chat: active subscribed members who allow e-mail, have
 * unread messages (written, not system records) newer than their last such mail, were not mailed
 * about the chat since `since`, are `away` (not connected), and may still enter it (not a DATA chat
 * of a project they left). Each comes with the chat's title as that member reads it.
 */
export function dueForMail(db: Db, since: Date, away: (userId: number) => boolean): { chat: Chat; user: User; title: string }[] {
  const due = db
    .select({ chat: chats, user: users })
    .from(chatMembers)
    .innerJoin(users, eq(users.id, chatMembers.userId))
    .innerJoin(chats, eq(chats.id, chatMembers.chatId))
    .where(
      and(
        eq(users.isActive, true),
        eq(users.emailNotificationsAllowed, true),
        eq(chatMembers.subscribed, true),
        sql`(${chatMembers.lastMailedAt} is null or ${chatMembers.lastMailedAt} < ${since.getTime()})`,
        sql`exists (select 1 from ${chatMessages} x where ${UNREAD} and x.message_key = 'DEFAULT'
                    and (${chatMembers.lastMailedAt} is null or x.created_at > ${chatMembers.lastMailedAt}))`,
      ),
    )
    .all();
  // The job runs on the event loop: the cheap test first, and a companion only where a DIRECT chat is named after one.
  return due
    .filter(({ chat, user }) => away(user.id) && canEnterChat(db, user, chat.id))
    .map(({ chat, user }) => {
      const companion = chat.type === "DIRECT" ? companionsOf(db, [chat.id], user.id).get(chat.id) : undefined;
      return { chat, user, title: chatTitle({ ...chat, name: nameFor(chat, companion) }) };
    });
}

/** Notes that the member was mailed about the chat at `at`. */
export function markMailed(db: Db, chatId: number, userId: number, at: Date) {
  db.update(chatMembers).set({ lastMailedAt: at }).where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.userId, userId))).run();
}
