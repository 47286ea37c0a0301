import { and, desc, eq, gt, lt, sql } from "drizzle-orm";
import { chatMembers, chatMessages, driveFiles, users, type User } from "../../../db/schema";
import type { AppContext } from "../../lib/context";
import { AppError, forbidden, invalid, notFound } from "../../lib/errors";
import { MESSAGE_MAX, type OutgoingMessage } from "./model";
import { presentMessage } from "./presenter";
import { chatStatements, insertMessage, publishMessage, requireMember, topicOf } from "./service";

const CLIENT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Saves and publishes a message. Text is trimmed and must not be empty or longer than 4000
 * characters; a file must be the sender's own drive file: the chat's members may read it while
 * the message stands (drive's viewableFile), and it is not shared by link for that. A repeated
 * clientId returns the message already saved, so an outbox may resend safely.
 */
export function sendMessage(ctx: AppContext, actor: User, chatId: number, input: OutgoingMessage) {
  const { chat, member } = requireMember(ctx.db, actor, chatId);
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
    const file = ctx.db.select().from(driveFiles).where(and(eq(driveFiles.id, input.file.id), eq(driveFiles.ownerId, actor.id))).get();
    if (!file) throw notFound("file");
    fileId = file.id;
    body = JSON.stringify({ file: { id: file.id, name: file.name, type: file.type, size: file.size, token: file.token } });
  } else {
    body = (input.text ?? "").trim();
    if (!body) throw invalid([{ path: "text", message: "chat.messageEmpty", code: "chat.messageEmpty" }]);
    if (body.length > MESSAGE_MAX) throw invalid([{ path: "text", message: "chat.messageTooLong", code: "chat.messageTooLong" }]);
  }
  const message = ctx.db.transaction(() => insertMessage(ctx, chat, actor.id, "DEFAULT", body, { fileId, clientId: input.clientId }));
  return publishMessage(ctx, message, actor);
}

/** Messages of a chat, oldest first: the latest page, older ones before an id, or what came after an id. */
export function messagesOf(ctx: AppContext, actor: User, chatId: number, options: { after?: number; before?: number; limit?: number }) {
  requireMember(ctx.db, actor, chatId);
  const limit = options.limit ?? 50;
  const where = and(
    eq(chatMessages.chatId, chatId),
    options.after !== undefined ? gt(chatMessages.id, options.after) : undefined,
    options.before !== undefined ? lt(chatMessages.id, options.before) : undefined,
  );
  const query = ctx.db
    .select({ message: chatMessages, author: users, file: driveFiles })
    .from(chatMessages)
    .leftJoin(users, eq(users.id, chatMessages.authorId))
    .leftJoin(driveFiles, eq(driveFiles.id, chatMessages.fileId))
    .where(where);
  // After an id: everything missed, in order (bounded); otherwise the newest page.
  const rows = options.after !== undefined ? query.orderBy(chatMessages.id).limit(1000).all() : query.orderBy(desc(chatMessages.id)).limit(limit).all().reverse();
  return rows.map((r) => presentMessage(ctx.box, r.message, r.author ?? undefined, r.file));
}

/** Records that the actor has seen a message and answers MESSAGE_READ with the chat's new unread count. */
export function markRead(ctx: AppContext, actor: User, chatId: number, messageId: number) {
  requireMember(ctx.db, actor, chatId);
  const message = ctx.db.select().from(chatMessages).where(and(eq(chatMessages.id, messageId), eq(chatMessages.chatId, chatId))).get();
  if (!message) throw notFound("message");
  ctx.db
    .update(chatMembers)
    .set({ lastReadMessageId: sql`max(${chatMembers.lastReadMessageId}, ${messageId})` })
    .where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.userId, actor.id)))
    .run();
  const member = ctx.db.select().from(chatMembers).where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.userId, actor.id))).get()!;
  const unread = ctx.db
    .select({ n: sql<number>`count(*)` })
    .from(chatMessages)
    .where(and(eq(chatMessages.chatId, chatId), gt(chatMessages.id, member.lastReadMessageId), sql`(${chatMessages.authorId} is null or ${chatMessages.authorId} <> ${actor.id})`, sql`${chatMessages.messageKey} <> 'DELETED'`))
    .get()!.n;
  return { type: "MESSAGE_READ", messageID: messageId, createdAt: message.createdAt, chatID: chatId, numberOfUnreadMessages: unread };
}

/** The author deletes their own DEFAULT message; everyone sees the deleted-message placeholder. */
export function removeMessage(ctx: AppContext, actor: User, chatId: number, messageId: number) {
  requireMember(ctx.db, actor, chatId);
  const message = ctx.db.select().from(chatMessages).where(and(eq(chatMessages.id, messageId), eq(chatMessages.chatId, chatId))).get();
  if (!message) throw notFound("message");
  if (message.authorId !== actor.id || message.messageKey !== "DEFAULT") throw forbidden();
  ctx.db.update(chatMessages).set({ messageKey: "DELETED", body: ctx.box.seal(""), encrypted: true, fileId: null }).where(eq(chatMessages.id, messageId)).run();
  ctx.live.publish(topicOf(chatId), { type: "MESSAGE_DELETED", id: messageId, chatId });
  return { id: messageId, messageKey: "DELETED" };
}

/** The administrators' maintenance action: seals message bodies still stored in plain text. */
export function encryptPlainMessages(ctx: AppContext) {
  const plain = ctx.db.select({ id: chatMessages.id, body: chatMessages.body }).from(chatMessages).where(eq(chatMessages.encrypted, false)).all();
  ctx.db.transaction((tx) => {
    for (const row of plain) tx.update(chatMessages).set({ body: ctx.box.seal(row.body), encrypted: true }).where(eq(chatMessages.id, row.id)).run();
  });
  return { encrypted: plain.length };
}
