import { eq } from "drizzle-orm";
import { chats, dataItems, projects, type User } from "../../../db/schema";
import type { AppContext } from "../../lib/context";
import { notFound } from "../../lib/errors";
import { requireDataItem } from "../data/service";
import { sendMessage } from "./messages";
import { requireMember } from "./service";

/** The comment chat of a data item, made on first use, with an optional first message. */
export function chatForData(ctx: AppContext, actor: User, dataId: number, text?: string) {
  const { item } = requireDataItem(ctx.db, actor, dataId);
  let chat = ctx.db.select().from(chats).where(eq(chats.dataId, item.id)).get();
  if (!chat) {
    chat = ctx.db.insert(chats).values({ name: `data:${item.id}`, description: item.name, type: "DATA", dataId: item.id, ownerId: actor.id }).onConflictDoNothing().returning().get()
      ?? ctx.db.select().from(chats).where(eq(chats.dataId, item.id)).get()!;
  }
  requireMember(ctx.db, actor, chat.id);
  if (text?.trim()) sendMessage(ctx, actor, chat.id, { text });
  return { id: chat.id };
}

/** What a DATA chat is about, for its header link. */
export function dataOfChat(ctx: AppContext, actor: User, chatId: number) {
  const { chat } = requireMember(ctx.db, actor, chatId);
  if (chat.type !== "DATA" || !chat.dataId) throw notFound("data");
  const row = ctx.db
    .select({ item: dataItems, project: { id: projects.id, name: projects.name } })
    .from(dataItems)
    .innerJoin(projects, eq(projects.id, dataItems.projectId))
    .where(eq(dataItems.id, chat.dataId))
    .get();
  if (!row) throw notFound("data");
  return { id: row.item.id, name: row.item.name, dataType: row.item.dataType, project: row.project, owner: { id: row.item.ownerId } };
}

