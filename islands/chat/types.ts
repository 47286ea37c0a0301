/**
 * The chat's shapes in the browser: what the server's presenters answer (as JSON: Wire), imported
 * as types only, so no server code reaches the bundle; and the few that live only here.
 */
import type { Wire } from "../../src/lib/responses";
import type { PresentedChat, PresentedMember, PresentedMessage, UserChoice as PresentedChoice } from "../../src/modules/chat/presenter";

export type Chat = Wire<PresentedChat>;
export type Message = Wire<PresentedMessage>;
export type TopRecord = NonNullable<Chat["topRecord"]>;
export type ChatFilter = "ALL" | Chat["type"];
/** A user offered for a new chat or an invitation. */
export type UserChoice = Wire<PresentedChoice>;
export type Member = Wire<PresentedMember>;
export type Person = Pick<Member, "id" | "firstName" | "lastName">;

/** A file a message carries; one read from an old message's body has no owner. */
export type FileRef = Omit<NonNullable<Message["file"]>, "owner"> & { owner?: { id: number } };

/** A message written here and not yet confirmed by the server. */
export interface PendingMessage {
  clientId: string;
  chatId: number;
  text?: string;
  file?: { id: number; name?: string };
  createdAt: string;
}

/** The signed-in user, as the page embeds it. */
export interface Me {
  id: number;
  login: string;
  firstName: string;
  lastName: string;
  role: string;
}

/** What arrives on /ws-broker/topic/{chatId}. */
export type TopicEvent =
  | { type: "MESSAGE"; message: Message }
  | { type: "MESSAGE_DELETED"; id: number; chatId: number }
  /** The author changed the message's text (MESSAGE_EDITED carries it whole). */
  | { type: "MESSAGE_EDITED"; message: Message };
