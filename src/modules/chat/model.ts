import { t, type Static } from "elysia";
import { Id, Whole } from "../../lib/ids";
import { oneOf, trimmedText } from "../../lib/schema";
import { CHAT_DESCRIPTION_MAX, CHAT_NAME_MAX, MESSAGE_MAX, USER_SEARCH_MAX } from "./limits";

const positive = Id();
const text = (max: number) => t.String({ maxLength: max });

export const newChatBody = t.Object({
  name: t.Optional(trimmedText(CHAT_NAME_MAX)),
  description: t.Optional(text(CHAT_DESCRIPTION_MAX)),
  type: oneOf(["PUBLIC", "PRIVATE"] as const),
  members: t.Optional(t.Array(t.Object({ id: t.Integer({ minimum: 1 }) }), { maxItems: 1000 })),
});
export type NewChatInput = Static<typeof newChatBody>;

export const chatIdQuery = t.Object({ chatId: positive });
export const chatQuery = t.Object({ chat: positive });
export const chatIDQuery = t.Object({ chatID: positive });
export const renameQuery = t.Object({ chatID: positive, name: trimmedText(CHAT_NAME_MAX) });
export const userIdQuery = t.Object({ userId: positive });
export const searchQuery = t.Object({ str: t.Optional(text(USER_SEARCH_MAX)) });
export const notMembersQuery = t.Object({ str: t.Optional(text(USER_SEARCH_MAX)), chat: positive });
export const detachQuery = t.Object({ member: positive, chat: positive });
export const inviteBody = t.Array(t.Integer({ minimum: 1 }), { minItems: 1, maxItems: 500 });
export const messagesQuery = t.Object({
  chatId: positive,
  /** Only messages after this id: what a reconnecting client missed. */
  after: t.Optional(Whole()),
  /** Only messages before this id: older history, page by page. */
  before: t.Optional(positive),
  limit: t.Optional(Whole(200, 1)),
});
export const dataIdQuery = t.Object({ dataId: positive });
export const listQuery = t.Object({ archived: t.Optional(t.BooleanString()) });
export const dataChatBody = t.Object({ dataId: t.Integer({ minimum: 1 }), message: t.Optional(trimmedText(MESSAGE_MAX)) });
/** The map object whose comment chat is opened. */
export const poiChatBody = t.Object({ lpId: t.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) });

/** What a SEND to /ws-prefix/notify/{chatId} carries: text, or a drive file, and the outbox's id. */
export interface OutgoingMessage {
  text?: string;
  file?: { id: number };
  clientId?: string;
}
