import type { Chat, ChatMessage, DriveFile, User } from "../../../db/schema";
import type { SecretBox } from "../../lib/secret-box";

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

/** A message as the spec names its fields (decryptedBody, authorID, firstName and surname for live ones). */
export function presentMessage(box: SecretBox, message: ChatMessage, author: Author | undefined, file?: DriveFile | null) {
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
  };
}

export type PresentedMessage = ReturnType<typeof presentMessage>;

export interface ChatRow {
  chat: Chat;
  subscribed: boolean;
  archived: boolean;
  unread: number;
  memberCount: number;
}

/** A chat from one member's side; DIRECT chats are named after the other member. */
export function presentChat(row: ChatRow, companion: (User & { online?: boolean }) | undefined, topRecord: PresentedMessage | null) {
  const { chat } = row;
  return {
    id: chat.id,
    name: chat.type === "DIRECT" && companion ? `${companion.firstName} ${companion.lastName}` : chat.name,
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

export type PresentedChat = ReturnType<typeof presentChat>;
