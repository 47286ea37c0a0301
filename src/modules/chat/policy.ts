import { and, eq, ne } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { chatMembers, chatMessages, chats, type Chat, type ChatMember, type User } from "../../../db/schema";
import { forbidden, notFound } from "../../lib/errors";
import { requireDataItem } from "../data/policy";
import { requireIssue } from "../issues/policy";
import { requireObject } from "../poi/policy";
import { chatStatements } from "./statements";

/** Whether a guard that throws to refuse lets the actor through. */
function allows(guard: () => unknown): boolean {
  try {
    guard();
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether `actor` may enter `chat` now, given their member row (if any). Asked at every read,
 * every SUBSCRIBE and SEND, and again for live subscriptions when rights change: a row alone
 * proves nothing for chats that belong to something else.
 * - PUBLIC: everyone. PRIVATE and DIRECT: their members.
 * - DATA: whoever may see the data item now (its project's members and administrators; plain
 *   users not once the item is removed), whatever rows exist from earlier.
 * - ISSUE: whoever may see the task now (issues/policy.ts: its project's members under the category
 *   rule, its reporter and performer, administrators), whatever rows exist from earlier.
 * - POI: whoever may read the map object's layer now (poi/policy.ts); a removed object's chat, nobody.
 */
export function mayEnter(db: Db, actor: User, chat: Chat, member: ChatMember | undefined): boolean {
  switch (chat.type) {
    case "PUBLIC":
      return true;
    case "PRIVATE":
    case "DIRECT":
      return !!member;
    case "DATA":
      return !!chat.dataId && allows(() => requireDataItem(db, actor, chat.dataId!));
    case "ISSUE":
      return !!chat.issueId && allows(() => requireIssue(db, actor, chat.issueId!));
    case "POI":
      return !!chat.poiObjectId && allows(() => requireObject(db, actor, chat.poiObjectId!));
    default:
      return false;
  }
}

function lookup(db: Db, actor: User, chatId: number) {
  const statements = chatStatements(db);
  const chat = statements.chatById.get({ chatId }) as Chat | undefined;
  const member = chat && (statements.memberOf.get({ chatId, userId: actor.id }) as ChatMember | undefined);
  return { chat, member };
}

/**
 * The gate of every chat call: the chat and the actor's member row, which an open chat (PUBLIC,
 * or DATA of a visible item) may not have yet (see joinChat). Whoever may not enter gets 404, as
 * if the chat did not exist, also when an earlier member row remains. It writes nothing.
 */
export function enterChat(db: Db, actor: User, chatId: number): { chat: Chat; member: ChatMember | undefined } {
  const { chat, member } = lookup(db, actor, chatId);
  if (!chat || !mayEnter(db, actor, chat, member)) throw notFound("chat");
  return { chat, member };
}

/** Whether the user may enter the chat now (the live channel's topic rule, the mail job). */
export function canEnterChat(db: Db, user: User, chatId: number): boolean {
  const { chat, member } = lookup(db, user, chatId);
  return !!chat && mayEnter(db, user, chat, member);
}

/** A chat of one of `types` that the actor owns: what renaming and deleting need (403 otherwise). */
export function requireOwnedChat(db: Db, actor: User, chatId: number, types: Chat["type"][]): Chat {
  const { chat } = enterChat(db, actor, chatId);
  if (chat.ownerId !== actor.id || !types.includes(chat.type)) throw forbidden();
  return chat;
}

/**
 * Whether `actor` may read drive file `fileId` because a message in a chat they may enter carries
 * it. A deleted message no longer carries its file (removeMessage clears the reference).
 */
export function mayReadChatFile(db: Db, actor: User, fileId: number): boolean {
  const rows = db
    .selectDistinct({ chat: chats, member: chatMembers })
    .from(chatMessages)
    .innerJoin(chats, eq(chats.id, chatMessages.chatId))
    .leftJoin(chatMembers, and(eq(chatMembers.chatId, chats.id), eq(chatMembers.userId, actor.id)))
    .where(and(eq(chatMessages.fileId, fileId), ne(chatMessages.messageKey, "DELETED")))
    .all();
  return rows.some((row) => mayEnter(db, actor, row.chat, row.member ?? undefined));
}
