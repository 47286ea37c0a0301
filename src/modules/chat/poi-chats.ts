import { eq } from "drizzle-orm";
import { chats, type User } from "../../../db/schema";
import type { AppContext } from "../../lib/context";
import { requireObject } from "../poi/policy";
import { joinChat } from "./membership";

/**
 * The comment chat of a map object, made the first time a reader of its layer opens it, and joined: its card's comments.
 * Who may enter it is decided again at every read (policy.ts, POI), so it follows the layer's readers.
 */
export function chatForPoi(ctx: AppContext, actor: User, lpId: number) {
  const object = requireObject(ctx.db, actor, lpId);
  return ctx.db.transaction((tx) => {
    const chat =
      tx.select().from(chats).where(eq(chats.poiObjectId, object.id)).get() ??
      tx.insert(chats).values({ name: `poi:${object.id}`, description: object.name, type: "POI", poiObjectId: object.id, ownerId: actor.id }).returning().get();
    joinChat(ctx.db, actor, chat.id);
    return { id: chat.id };
  });
}
