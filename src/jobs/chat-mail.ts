import type { AppContext } from "../lib/context";
import { log } from "../lib/log";
import { dueForMail, markMailed } from "../modules/chat/digests";
import { settingValue } from "../modules/settings/service";

export const QUIET_PERIOD_MS = 15 * 60 * 1000;

/**
 * NEW_MESSAGE mails, batched: one mail per chat to each member who is offline, allows e-mail and
 * has unread messages newer than their last such mail, at most once per chat per quarter hour.
 * Never about a chat the member may no longer enter (a DATA chat of a project they left).
 */
export function mailUnreadChats(ctx: AppContext, now = Date.now()): number {
  if (settingValue(ctx.db, "NOTIFY_NEW_MESSAGE") === "false") return 0;
  let sent = 0;
  for (const { chat, user, title } of dueForMail(ctx.db, new Date(now - QUIET_PERIOD_MS), (userId) => !ctx.live.isOnline(userId))) {
    ctx.mailer.queue("NEW_MESSAGE", user, { firstName: user.firstName, chatName: title, url: `${ctx.config.publicUrl}/chats?chat=${chat.id}` });
    markMailed(ctx.db, chat.id, user.id, new Date(now));
    sent++;
  }
  return sent;
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
