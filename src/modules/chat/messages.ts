import { and, desc, eq, gt, lt, sql } from "drizzle-orm";
import { chatMembers, chatMessages, users, type User } from "../../../db/schema";
import type { AppContext } from "../../lib/context";
import { AppError, forbidden, invalid, notFound } from "../../lib/errors";
import { filesById, requireOwnFiles } from "../drive/service";
import { topicOf } from "./destinations";
import { MESSAGE_MAX } from "./limits";
import { joinChat } from "./membership";
import { notifyMentions } from "./mentions";
import type { OutgoingMessage } from "./model";
import { enterChat } from "./policy";
import { bodyOf, presentMessage } from "./presenter";
import { insertMessage, publishMessage } from "./service";
import { chatStatements } from "./statements";

const CLIENT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Saves and publishes a message; writing in an open chat joins it. Text is trimmed and must not be
 * empty or longer than MESSAGE_MAX characters; a file must be the sender's own drive file (drive's
 * requireOwnFiles): the chat's members may read it while the message stands (drive's viewableFile),
 * and it is not shared by link for that. A repeated clientId returns the message already saved,
 * so an outbox may resend safely.
 */
export function sendMessage(ctx: AppContext, actor: User, chatId: number, input: OutgoingMessage) {
  const { chat, member } = joinChat(ctx.db, actor, chatId);
  if (!member.subscribed && chat.type !== "DIRECT") throw new AppError(403, "chat_unsubscribed", "Subscribe to the chat to write in it");
  if (input.clientId !== undefined && !CLIENT_ID.test(input.clientId)) throw invalid([{ path: "clientId", message: "Client ids are 1-64 letters, digits, - or _" }]);
  if (input.clientId && chatStatements(ctx.db).earlier.get({ authorId: actor.id, clientId: input.clientId })) {
    const earlier = ctx.db
      .select({ message: chatMessages, author: users })
      .from(chatMessages)
      .leftJoin(users, eq(users.id, chatMessages.authorId))
      .where(and(eq(chatMessages.authorId, actor.id), eq(chatMessages.clientId, input.clientId)))
      .get();
    if (earlier) {
      if (earlier.message.chatId !== chatId) throw invalid([{ path: "clientId", message: "This client id was used in another chat" }]);
      return presentMessage(ctx.box, earlier.message, earlier.author ?? undefined);
    }
  }
  let body: string;
  let fileId: number | undefined;
  if (input.file) {
    const [file] = requireOwnFiles(ctx.db, actor, [input.file.id]);
    fileId = file.id;
    body = JSON.stringify({ file: { id: file.id, name: file.name, type: file.type, size: file.size, token: file.token } });
  } else {
    body = (input.text ?? "").trim();
    if (!body) throw invalid([{ path: "text", message: "chat.messageEmpty", code: "chat.messageEmpty" }]);
    if (body.length > MESSAGE_MAX) throw invalid([{ path: "text", message: "chat.messageTooLong", code: "chat.messageTooLong" }]);
  }
  const message = ctx.db.transaction(() => insertMessage(ctx, chat, actor.id, "DEFAULT", body, { fileId, clientId: input.clientId }));
  const presented = publishMessage(ctx, message, actor);
  if (!fileId) notifyMentions(ctx, actor, chat, message, body);
  return presented;
}

/** Messages of a chat, oldest first: the latest page, older ones before an id, or what came after an id. */
export function messagesOf(ctx: AppContext, actor: User, chatId: number, options: { after?: number; before?: number; limit?: number }) {
  enterChat(ctx.db, actor, chatId);
  const limit = options.limit ?? 50;
  const where = and(
    eq(chatMessages.chatId, chatId),
    options.after !== undefined ? gt(chatMessages.id, options.after) : undefined,
    options.before !== undefined ? lt(chatMessages.id, options.before) : undefined,
  );
  const query = ctx.db.select({ message: chatMessages, author: users }).from(chatMessages).leftJoin(users, eq(users.id, chatMessages.authorId)).where(where);
  // After an id: everything missed, in order (bounded); otherwise the newest page.
  const rows = options.after !== undefined ? query.orderBy(chatMessages.id).limit(1000).all() : query.orderBy(desc(chatMessages.id)).limit(limit).all().reverse();
  const files = filesById(ctx.db, rows.map((r) => r.message.fileId).filter((id): id is number => id !== null));
  return rows.map((r) => presentMessage(ctx.box, r.message, r.author ?? undefined, r.message.fileId ? files.get(r.message.fileId) : null));
}

/** Records that the actor (joining an open chat) has seen a message and answers MESSAGE_READ with the chat's new unread count. */
export function markRead(ctx: AppContext, actor: User, chatId: number, messageId: number) {
  joinChat(ctx.db, actor, chatId);
  const message = ctx.db.select().from(chatMessages).where(and(eq(chatMessages.id, messageId), eq(chatMessages.chatId, chatId))).get();
  if (!message) throw notFound("message");
  ctx.db
    .update(chatMembers)
    .set({ lastReadMessageId: sql`max(${chatMembers.lastReadMessageId}, ${messageId})` })
    .where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.userId, actor.id)))
    .run();
  const { unread } = chatStatements(ctx.db).unreadOf.get({ chatId, userId: actor.id })!;
  return { type: "MESSAGE_READ", messageID: messageId, createdAt: message.createdAt, chatID: chatId, numberOfUnreadMessages: unread };
}

/** The author deletes their own DEFAULT message; everyone sees the deleted-message placeholder. */
export function removeMessage(ctx: AppContext, actor: User, chatId: number, messageId: number) {
  enterChat(ctx.db, actor, chatId);
  const message = ctx.db.select().from(chatMessages).where(and(eq(chatMessages.id, messageId), eq(chatMessages.chatId, chatId))).get();
  if (!message) throw notFound("message");
  if (message.authorId !== actor.id || message.messageKey !== "DEFAULT") throw forbidden();
  ctx.db.update(chatMessages).set({ messageKey: "DELETED", body: ctx.box.seal(""), encrypted: true, fileId: null }).where(eq(chatMessages.id, messageId)).run();
  ctx.live.publish(topicOf(chatId), { type: "MESSAGE_DELETED", id: messageId, chatId });
  return { id: messageId, messageKey: "DELETED" };
}

/**
 * The file a file message's body carries ({file: {..., token}, text?}), as the islands read it too;
 * undefined for a text message. The file stays when its drive file is gone (fileId is then null).
 */
function fileOfBody(body: string): unknown {
  if (!body.startsWith("{")) return undefined;
  try {
    const { file } = JSON.parse(body) as { file?: { token?: unknown } };
    return file && typeof file.token === "string" ? file : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The author changes the text of their own message, under the rules of sending: a member still
 * (not after leaving), subscribed unless DIRECT, trimmed, not empty, at most MESSAGE_MAX characters.
 * A file message keeps its file: the text becomes its caption, which may be empty. The new text is
 * sealed like any body, `editedAt` marks it, and the chat's topic hears MESSAGE_EDITED. The same text
 * again changes nothing.
 */
export function editMessage(ctx: AppContext, actor: User, chatId: number, messageId: number, raw: string | undefined) {
  const { chat, member } = enterChat(ctx.db, actor, chatId);
  if (!member) throw forbidden();
  if (!member.subscribed && chat.type !== "DIRECT") throw new AppError(403, "chat_unsubscribed", "Subscribe to the chat to write in it");
  const message = ctx.db.select().from(chatMessages).where(and(eq(chatMessages.id, messageId), eq(chatMessages.chatId, chatId))).get();
  if (!message) throw notFound("message");
  if (message.authorId !== actor.id || message.messageKey !== "DEFAULT") throw forbidden();
  const text = (raw ?? "").trim();
  if (text.length > MESSAGE_MAX) throw invalid([{ path: "text", message: "chat.messageTooLong", code: "chat.messageTooLong" }]);
  const before = bodyOf(ctx.box, message);
  const file = fileOfBody(before);
  let body = text;
  if (file) body = JSON.stringify(text ? { file, text } : { file });
  else if (!text) throw invalid([{ path: "text", message: "chat.messageEmpty", code: "chat.messageEmpty" }]);
  if (body === before) return;
  const edited = ctx.db
    .update(chatMessages)
    .set({ body: ctx.box.seal(body), encrypted: true, editedAt: new Date() })
    .where(eq(chatMessages.id, messageId))
    .returning()
    .get();
  const presented = presentMessage(ctx.box, edited, actor, edited.fileId ? filesById(ctx.db, [edited.fileId]).get(edited.fileId) : null);
  ctx.live.publish(topicOf(chatId), { type: "MESSAGE_EDITED", message: presented });
  notifyMentions(ctx, actor, chat, edited, text, file ? ((JSON.parse(before) as { text?: string }).text ?? "") : before);
}

/** The administrators' maintenance action: seals message bodies still stored in plain text. */
export function encryptPlainMessages(ctx: AppContext) {
  const plain = ctx.db.select({ id: chatMessages.id, body: chatMessages.body }).from(chatMessages).where(eq(chatMessages.encrypted, false)).all();
  ctx.db.transaction((tx) => {
    for (const row of plain) tx.update(chatMessages).set({ body: ctx.box.seal(row.body), encrypted: true }).where(eq(chatMessages.id, row.id)).run();
  });
  return { encrypted: plain.length };
}
