import { eq } from "drizzle-orm";
import { chats, type User } from "../../../db/schema";
import type { AppContext } from "../../lib/context";
import { notFound } from "../../lib/errors";
import { findDataItem, requireDataItem } from "../data/policy";
import { joinChat } from "./membership";
import { sendMessage } from "./messages";
import { enterChat } from "./policy";
import { presentChatData } from "./presenter";
import { getChat, insertMessage, publishMessage } from "./service";

/**
 * The comment chat of a data item, made on first use and joined, with the first comment if given.
 * One transaction: a comment that is refused (empty, too long) leaves no chat and no member behind.
 */
export function chatForData(ctx: AppContext, actor: User, dataId: number, text?: string) {
  const { item } = requireDataItem(ctx.db, actor, dataId);
  return ctx.db.transaction(() => {
    const chat =
      ctx.db.select().from(chats).where(eq(chats.dataId, item.id)).get() ??
      ctx.db.insert(chats).values({ name: `data:${item.id}`, description: item.name, type: "DATA", dataId: item.id, ownerId: actor.id }).onConflictDoNothing().returning().get() ??
      ctx.db.select().from(chats).where(eq(chats.dataId, item.id)).get()!;
    joinChat(ctx.db, actor, chat.id);
    if (text !== undefined) sendMessage(ctx, actor, chat.id, { text });
    return { id: chat.id };
  });
}

/**
 * The comment chat of a data item the actor may see, as they would see it, or null before its first
 * comment. It writes nothing: the first comment makes the chat (chatForData), writing joins it.
 */
export function commentChatOf(ctx: AppContext, actor: User, dataId: number) {
  const { item } = requireDataItem(ctx.db, actor, dataId);
  const found = ctx.db.select({ id: chats.id }).from(chats).where(eq(chats.dataId, item.id)).get();
  if (!found) return { chat: null, joined: false };
  return { chat: getChat(ctx, actor, found.id), joined: !!enterChat(ctx.db, actor, found.id).member };
}

/** What a DATA chat is about, for its header link: the item and its project as the data feature shows them to the actor. */
export function dataOfChat(ctx: AppContext, actor: User, chatId: number) {
  const { chat } = enterChat(ctx.db, actor, chatId);
  if (chat.type !== "DATA" || !chat.dataId) throw notFound("data");
  const { item, access } = requireDataItem(ctx.db, actor, chat.dataId);
  return presentChatData(item, access.project);
}

/**
 * Posts `text` into a data item's comment chat as Plexus itself (no author), making the chat on first use (owned by
 * the item's owner): a device unit's alarms. Runs inside the caller's transaction; the answer publishes the message
 * once that has committed.
 */
export function postToDataChat(ctx: AppContext, dataId: number, text: string): () => void {
  const item = findDataItem(ctx.db, dataId);
  if (!item) return () => undefined;
  const chat =
    ctx.db.select().from(chats).where(eq(chats.dataId, item.id)).get() ??
    ctx.db.insert(chats).values({ name: `data:${item.id}`, description: item.name, type: "DATA", dataId: item.id, ownerId: item.ownerId }).returning().get();
  const message = insertMessage(ctx, chat, null, "DEFAULT", text);
  return () => void publishMessage(ctx, message, undefined);
}
