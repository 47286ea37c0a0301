import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { chatMembers, type Chat, type ChatMessage, type User } from "../../../db/schema";
import type { AppContext } from "../../lib/context";
import { requireDataItemHeader } from "../data/policy";
import { requireIssue } from "../issues/policy";
import { memberIdsOf } from "../projects/policy";
import { findActiveUsers } from "../users/service";
import { canonicalLogin } from "../users/validation";
import { mentionsIn } from "./mention-syntax";
import { chatTitle, fullName } from "./naming";
import { canEnterChat, enterChat } from "./policy";
import { presentUserChoice } from "./presenter";
import { requireObjectInProject } from "../poi/attachments/access";

// `@login` in a message mentions someone who may be mentioned there: in a task's or a data item's
// comments a member of its project who may read them, elsewhere a member of the chat. The server
// resolves the logins itself; whatever list a page offered, nobody else hears of it.

/** The logins a text mentions, as logins are compared. */
export const mentionedLogins = (text: string): Set<string> => new Set(mentionsIn(text).map((m) => canonicalLogin(m.login)));

/** The project a task's, data item's or map object's chat belongs to (the actor may enter the chat, so may see its subject). */
function projectOf(db: Db, actor: User, chat: Chat): number | null {
  if (chat.type === "ISSUE" && chat.issueId) return requireIssue(db, actor, chat.issueId).issue.projectId;
  if (chat.type === "DATA" && chat.dataId) return requireDataItemHeader(db, actor, chat.dataId).item.projectId;
  if (chat.type === "POI" && chat.poiObjectId) return requireObjectInProject(db, actor, chat.poiObjectId).projectId;
  return null;
}

/** Active people other than the actor who may be mentioned in the chat and may read it, by name. */
function candidates(db: Db, actor: User, chat: Chat): User[] {
  const projectId = projectOf(db, actor, chat);
  const ids = projectId !== null ? memberIdsOf(db, projectId) : db.select({ userId: chatMembers.userId }).from(chatMembers).where(eq(chatMembers.chatId, chat.id)).all().map((m) => m.userId);
  return findActiveUsers(db, ids.filter((id) => id !== actor.id))
    .filter((user) => canEnterChat(db, user, chat.id))
    .sort((a, b) => fullName(a).localeCompare(fullName(b)));
}

/** /chats/mentionable: whom the actor may mention in a chat they may enter (the message box's suggestions). */
export function mentionable(db: Db, actor: User, chatId: number) {
  const { chat } = enterChat(db, actor, chatId);
  return candidates(db, actor, chat).map(presentUserChoice);
}

/**
 * After a message is saved (or edited from `before`: only those it did not mention yet): each person it mentions who may be mentioned hears MENTIONED on their own
 * channel, gets the task's or item's chat in their list (a member row from this message on) and, if
 * they allow e-mail, a MENTION mail. Answers whom it notified.
 */
export function notifyMentions(ctx: AppContext, actor: User, chat: Chat, message: ChatMessage, text: string, before = ""): number[] {
  const earlier = mentionedLogins(before);
  const logins = new Set([...mentionedLogins(text)].filter((login) => !earlier.has(login)));
  if (!logins.size) return [];
  const people = candidates(ctx.db, actor, chat).filter((user) => logins.has(canonicalLogin(user.login)));
  const title = chatTitle(chat);
  const url = chat.type === "ISSUE" && chat.issueId ? `${ctx.config.publicUrl}/project/${projectOf(ctx.db, actor, chat)}/issue/${chat.issueId}` : `${ctx.config.publicUrl}/chats?chat=${chat.id}`;
  for (const user of people) {
    ctx.db.insert(chatMembers).values({ chatId: chat.id, userId: user.id, lastReadMessageId: message.id - 1 }).onConflictDoNothing().run();
    ctx.live.publishToUser(user.id, { type: "MENTIONED", chatId: chat.id, messageId: message.id, author: fullName(actor), chatName: title });
    if (user.emailNotificationsAllowed) ctx.mailer.queue("MENTION", user, { firstName: user.firstName, authorName: fullName(actor), chatName: title, url });
  }
  return people.map((user) => user.id);
}
