/** Shapes the chat API and live channel send (see src/modules/chat/presenter.ts). */
export type ChatType = "PUBLIC" | "PRIVATE" | "DIRECT" | "ISSUE" | "DATA";
export type MessageKey = "DEFAULT" | "DELETED" | "JOINED" | "LEFT" | "RENAMED" | "INVITED_BY" | "REMOVED_BY";
export type ChatFilter = "ALL" | ChatType;

export interface TopRecord {
  createdAt: string;
  decryptedBody: string;
  messageKey: MessageKey;
  author: { id: number | null; firstName: string; surname: string };
}

export interface Chat {
  id: number;
  name: string;
  description: string;
  type: ChatType;
  ownerID: number | null;
  dataId: number | null;
  issueId: number | null;
  numberOfMembers: number;
  subscribed: boolean;
  archived: boolean;
  numberOfUnreadMessages: number;
  lastMessageID: number | null;
  lastMessageTime: string;
  companionID: number | null;
  companionLogoutTime: string | null;
  topRecord: TopRecord | null;
}

export interface FileRef {
  id: number;
  name: string;
  type: string;
  size: number;
  token: string;
  owner?: { id: number };
}

export interface Message {
  id: number;
  chatId: number;
  createdAt: string;
  messageKey: MessageKey;
  decryptedBody: string;
  authorID: number | null;
  author: { id: number; firstName: string; lastName: string } | null;
  firstName: string;
  surname: string;
  clientId: string | null;
  file: FileRef | null;
}

/** A message written here and not yet confirmed by the server. */
export interface PendingMessage {
  clientId: string;
  chatId: number;
  text?: string;
  file?: { id: number; name?: string };
  createdAt: string;
}

export interface Me {
  id: number;
  login: string;
  firstName: string;
  lastName: string;
  role: string;
}

export interface UserRef {
  id: number;
  firstName: string;
  lastName: string;
  login?: string;
  company?: string | null;
  position?: string | null;
  lastLogoutDate?: string | null;
}

/** What arrives on /ws-broker/topic/{chatId}. */
export type TopicEvent =
  | { type: "MESSAGE"; message: Message }
  | { type: "MESSAGE_DELETED"; id: number; chatId: number };
