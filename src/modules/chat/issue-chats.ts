import { eq } from "drizzle-orm";
import type { Db, Executor } from "../../../db/client";
import { chatMembers, chats, type ChatMessage, type User } from "../../../db/schema";
import type { AppContext } from "../../lib/context";
import { notFound } from "../../lib/errors";
import { topicOf } from "./destinations";
import { enterChat } from "./policy";
import { insertMessage, publishMessage } from "./service";

// A task's ISSUE chat: its comments and its history. The tasks feature makes, names, writes and
// deletes it through these; who may enter it is the task's rule (chat/policy.ts, mayEnter).

/**
 * Makes a new task's chat inside the caller's transaction, named after the task (its description,
 * as DATA chats keep their item's name); `memberIds` (reporter, performer) join it at once.
 */
export function createIssueChat(tx: Executor, issue: { id: number; name: string }, ownerId: number, memberIds: number[]): number {
  const chat = tx.insert(chats).values({ name: `issue:${issue.id}`, description: issue.name, type: "ISSUE", issueId: issue.id, ownerId }).returning({ id: chats.id }).get();
  addIssueChatMember(tx, chat.id, memberIds);
  return chat.id;
}

/** Members join a task's chat (the performer on assignment); nothing happens for those already in it. */
export function addIssueChatMember(tx: Executor, chatId: number, userIds: number[]) {
  const unique = [...new Set(userIds)];
  if (unique.length) tx.insert(chatMembers).values(unique.map((userId) => ({ chatId, userId }))).onConflictDoNothing().run();
}

/** A renamed task's chat is called after it. */
export function renameIssueChat(tx: Executor, chatId: number, name: string) {
  tx.update(chats).set({ description: name }).where(eq(chats.id, chatId)).run();
}

/**
 * Writes a history line into a task's chat inside the caller's transaction: an ISSUE_HISTORY record
 * whose body is the event as JSON ({ event, ...values }), so each reader's page words it in their
 * language. Publish it with publishIssueHistory once the transaction has committed.
 */
export function insertIssueHistory(ctx: AppContext, chatId: number, actorId: number, event: Record<string, unknown>): ChatMessage {
  const chat = ctx.db.select().from(chats).where(eq(chats.id, chatId)).get()!;
  return insertMessage(ctx, chat, actorId, "ISSUE_HISTORY", JSON.stringify(event));
}

/** Sends committed history lines to everyone watching the chat's topic. */
export function publishIssueHistory(ctx: AppContext, messages: ChatMessage[], actor: User) {
  for (const message of messages) publishMessage(ctx, message, actor);
}

/**
 * Removed tasks' chats go with them, inside the caller's transaction; the answer tells whoever watched a chat's
 * topic or had it in their list (DELETED), to be called once the transaction has committed.
 */
export function deleteIssueChats(ctx: AppContext, tx: Executor, chatIds: number[]): () => void {
  const gone = chatIds.map((chatId) => {
    const members = tx.select({ userId: chatMembers.userId }).from(chatMembers).where(eq(chatMembers.chatId, chatId)).all();
    tx.delete(chats).where(eq(chats.id, chatId)).run();
    return { chatId, members };
  });
  return () => {
    for (const { chatId, members } of gone) {
      ctx.live.publish(topicOf(chatId), { type: "DELETED", chatId });
      for (const m of members) {
        ctx.live.unsubscribeUser(m.userId, topicOf(chatId));
        ctx.live.publishToUser(m.userId, { type: "DELETED", chatId });
      }
    }
  };
}

/** A removed task's chat goes with it (after the task's removal has committed). */
export const deleteIssueChat = (ctx: AppContext, chatId: number) => deleteIssueChats(ctx, ctx.db, [chatId])();

/** The task of an ISSUE chat the actor may enter (issue/get-by-chat); 404 for any other chat. */
export function issueIdOfChat(db: Db, actor: User, chatId: number): number {
  const { chat } = enterChat(db, actor, chatId);
  if (chat.type !== "ISSUE" || !chat.issueId) throw notFound("issue");
  return chat.issueId;
}
