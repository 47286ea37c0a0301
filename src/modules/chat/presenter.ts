import { t, type Static } from "elysia";
import { CHAT_TYPES, DATA_TYPES, FILE_TYPES, MESSAGE_KEYS, type Chat, type ChatMessage, type DataItem, type DriveFile, type Project, type User } from "../../../db/schema";
import { isoDate } from "../../lib/responses";
import { integer, oneOf } from "../../lib/schema";
import type { SecretBox } from "../../lib/secret-box";
import { userSchema } from "../users/presenter";
import { nameFor } from "./naming";

// The shapes the chat calls and its live events answer: OpenAPI documents them, the presenters are
// typed by them, and the chat islands import these types (`Wire<...>`) instead of copies.

const messageKey = oneOf(MESSAGE_KEYS);

/** A drive file as a message carries it. */
const chatFileSchema = t.Object({ id: integer(), name: t.String(), type: oneOf(FILE_TYPES), size: integer(), token: t.String(), owner: t.Object({ id: integer() }) });

/** A message as the spec names its fields (decryptedBody, authorID, firstName and surname for live ones). */
export const messageSchema = t.Object({
  id: integer(),
  chatId: integer(),
  createdAt: isoDate(),
  messageKey,
  decryptedBody: t.String(),
  authorID: t.Nullable(integer()),
  author: t.Nullable(t.Object({ id: integer(), firstName: t.String(), lastName: t.String() })),
  firstName: t.String(),
  surname: t.String(),
  clientId: t.Nullable(t.String()),
  file: t.Nullable(chatFileSchema),
  /** When the author last changed the text; null if never. */
  editedAt: t.Nullable(isoDate()),
});
export type PresentedMessage = Static<typeof messageSchema>;

/** A chat from one member's side. */
export const chatSchema = t.Object({
  id: integer(),
  name: t.String(),
  description: t.String(),
  type: oneOf(CHAT_TYPES),
  ownerID: t.Nullable(integer()),
  dataId: t.Nullable(integer()),
  issueId: t.Nullable(integer()),
  numberOfMembers: integer(),
  subscribed: t.Boolean(),
  archived: t.Boolean(),
  numberOfUnreadMessages: integer(),
  lastMessageID: t.Nullable(integer()),
  lastMessageTime: isoDate(),
  companionID: t.Nullable(integer()),
  companionLogoutTime: t.Nullable(isoDate()),
  topRecord: t.Nullable(
    t.Object({ createdAt: isoDate(), decryptedBody: t.String(), messageKey, author: t.Object({ id: t.Nullable(integer()), firstName: t.String(), surname: t.String() }) }),
  ),
});
export type PresentedChat = Static<typeof chatSchema>;

/** A user offered for a new chat or an invitation (search-user, users-not-members). */
export const userChoiceSchema = t.Pick(userSchema, ["id", "firstName", "lastName", "login", "company", "position", "avatar"]);
export type UserChoice = Static<typeof userChoiceSchema>;

/** A member in the members dialog. */
export const memberSchema = t.Object({
  id: integer(),
  firstName: t.String(),
  lastName: t.String(),
  company: t.Nullable(t.String()),
  position: t.Nullable(t.String()),
  lastLogoutDate: t.Nullable(isoDate()),
});
export type PresentedMember = Static<typeof memberSchema>;

/** What a DATA chat is about, for its header link (data/get-by-chat). */
export const chatDataSchema = t.Object({
  id: integer(),
  name: t.String(),
  dataType: oneOf(DATA_TYPES),
  project: t.Object({ id: integer(), name: t.String() }),
  owner: t.Object({ id: t.Nullable(integer()) }),
});
export type ChatData = Static<typeof chatDataSchema>;

/** A PUBLIC chat in the browse list: whether the caller is in it, and how many are. */
export const publicChatSchema = t.Object({ id: integer(), name: t.String(), description: t.String(), numberOfMembers: integer(), joined: t.Boolean() });

/** A data item's comment chat as the caller sees it (null before its first comment), and whether they are in it. */
export const commentChatSchema = t.Object({ chat: t.Nullable(chatSchema), joined: t.Boolean() });

export const renamedSchema = t.Object({ id: integer(), name: t.String() });
export const invitedSchema = t.Object({ invited: t.Array(integer()) });
export const detachedSchema = t.Object({ id: integer(), member: integer() });
export const subscribedSchema = t.Object({ id: integer(), subscribed: t.Boolean() });
export const encryptedSchema = t.Object({ encrypted: integer() });

export type Author = Pick<User, "id" | "firstName" | "lastName">;

/** The readable body: sealed rows are opened; rows from before encryption are plain. */
export function bodyOf(box: SecretBox, message: Pick<ChatMessage, "body" | "encrypted">): string {
  if (!message.encrypted) return message.body;
  try {
    return box.open(message.body);
  } catch {
    return "";
  }
}

export function presentMessage(box: SecretBox, message: ChatMessage, author: Author | undefined, file?: DriveFile | null): PresentedMessage {
  return {
    id: message.id,
    chatId: message.chatId,
    createdAt: message.createdAt,
    messageKey: message.messageKey,
    decryptedBody: message.messageKey === "DELETED" ? "" : bodyOf(box, message),
    authorID: message.authorId,
    author: author ? { id: author.id, firstName: author.firstName, lastName: author.lastName } : null,
    firstName: author?.firstName ?? "",
    surname: author?.lastName ?? "",
    clientId: message.clientId,
    file: file && message.messageKey !== "DELETED" ? { id: file.id, name: file.name, type: file.type, size: file.size, token: file.token, owner: { id: file.ownerId } } : null,
    editedAt: message.editedAt,
  };
}

export interface ChatRow {
  chat: Chat;
  subscribed: boolean;
  archived: boolean;
  unread: number;
  memberCount: number;
}

/** A chat from one member's side; DIRECT chats are named after the other member. */
export function presentChat(row: ChatRow, companion: User | undefined, topRecord: PresentedMessage | null): PresentedChat {
  const { chat } = row;
  return {
    id: chat.id,
    name: nameFor(chat, companion),
    description: chat.description,
    type: chat.type,
    ownerID: chat.ownerId,
    dataId: chat.dataId,
    issueId: chat.issueId,
    numberOfMembers: row.memberCount,
    subscribed: row.subscribed,
    archived: row.archived,
    numberOfUnreadMessages: row.unread,
    lastMessageID: chat.lastMessageId,
    lastMessageTime: chat.lastMessageTime ?? chat.createdAt,
    companionID: companion?.id ?? null,
    companionLogoutTime: companion?.lastLogoutDate ?? null,
    topRecord: topRecord
      ? { createdAt: topRecord.createdAt, decryptedBody: topRecord.decryptedBody, messageKey: topRecord.messageKey, author: { id: topRecord.authorID, firstName: topRecord.firstName, surname: topRecord.surname } }
      : null,
  };
}

export const presentUserChoice = (u: User): UserChoice => ({ id: u.id, firstName: u.firstName, lastName: u.lastName, login: u.login, company: u.company, position: u.position, avatar: u.avatar });

export const presentMember = (u: User): PresentedMember => ({ id: u.id, firstName: u.firstName, lastName: u.lastName, company: u.company, position: u.position, lastLogoutDate: u.lastLogoutDate });

export const presentChatData = (item: DataItem, project: Pick<Project, "id" | "name">): ChatData => ({
  id: item.id,
  name: item.name,
  dataType: item.dataType,
  project: { id: project.id, name: project.name },
  owner: { id: item.ownerId },
});
