import { and, eq, sql } from "drizzle-orm";
import { chatMembers, chats, users } from "../../db/schema";
import type { AppContext } from "../lib/context";
import { log } from "../lib/log";
import { canEnterChat } from "../modules/chat/service";
import { settingValue } from "../modules/settings/service";

export const QUIET_PERIOD_MS = 15 * 60 * 1000;

/**
 * NEW_MESSAGE mails, batched: one mail per chat to each member who is offline, allows e-mail and
 * has unread messages newer than their last such mail, at most once per chat per quarter hour.
 * Never about a chat the member may no longer enter (a DATA chat of a project they left).
 */
export function mailUnreadChats(ctx: AppContext, now = Date.now()): number {
  if (settingValue(ctx.db, "NOTIFY_NEW_MESSAGE") === "false") return 0;
  const since = new Date(now - QUIET_PERIOD_MS);
  const due = ctx.db
    .select({ chat: chats, user: users, lastMailedAt: chatMembers.lastMailedAt })
    .from(chatMembers)
    .innerJoin(users, eq(users.id, chatMembers.userId))
    .innerJoin(chats, eq(chats.id, chatMembers.chatId))
    .where(
      and(
        eq(users.isActive, true),
        eq(users.emailNotificationsAllowed, true),
        eq(chatMembers.subscribed, true),
        sql`(${chatMembers.lastMailedAt} is null or ${chatMembers.lastMailedAt} < ${since.getTime()})`,
        sql`exists (select 1 from chat_messages x where x.chat_id = ${chatMembers.chatId} and x.id > ${chatMembers.lastReadMessageId}
                    and x.message_key = 'DEFAULT' and (x.author_id is null or x.author_id <> ${chatMembers.userId})
                    and (${chatMembers.lastMailedAt} is null or x.created_at > ${chatMembers.lastMailedAt}))`,
      ),
    )
    .all();
  let sent = 0;
  for (const { chat, user } of due) {
    if (ctx.live.isOnline(user.id) || !canEnterChat(ctx.db, user, chat.id)) continue;
    ctx.mailer.queue("NEW_MESSAGE", user, {
      firstName: user.firstName,
      chatName: chatTitle(ctx, chat, user.id),
      url: `${ctx.config.publicUrl}/chats?chat=${chat.id}`,
    });
    ctx.db.update(chatMembers).set({ lastMailedAt: new Date(now) }).where(and(eq(chatMembers.chatId, chat.id), eq(chatMembers.userId, user.id))).run();
    sent++;
  }
  return sent;
}

/** What a reader calls the chat: the other person for a DIRECT chat, the item for a DATA chat. */
function chatTitle(ctx: AppContext, chat: typeof chats.$inferSelect, readerId: number): string {
  if (chat.type === "DATA") return chat.description || chat.name;
  if (chat.type !== "DIRECT") return chat.name;
  const other = ctx.db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(chatMembers)
    .innerJoin(users, eq(users.id, chatMembers.userId))
    .where(and(eq(chatMembers.chatId, chat.id), sql`${chatMembers.userId} <> ${readerId}`))
    .get();
  return other ? `${other.firstName} ${other.lastName}` : chat.name;
}

/** Runs the batch every minute in the background; returns a stop function. */
export function startChatMailJob(ctx: AppContext, intervalMs = 60_000): () => void {
  const timer = setInterval(() => {
    try {
      mailUnreadChats(ctx);
    } catch (error) {
      log.error("job.chat_mail_failed", { error: String(error) });
    }
  }, intervalMs);
  return () => clearInterval(timer);
}
