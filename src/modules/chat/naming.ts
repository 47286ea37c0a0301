/** What chats and people are called, for the server's answers, its mails and the chat islands alike. */
import type { ChatType } from "../../../db/schema/chat";

type Person = { firstName: string; lastName: string };

export const fullName = (person: Person) => `${person.firstName} ${person.lastName}`;

/** The stored name of the DIRECT chat between two users: one chat per pair, whoever starts it. */
export const directKey = (a: number, b: number) => `direct:${Math.min(a, b)}:${Math.max(a, b)}`;

/** A chat's name as one reader gets it: a DIRECT chat is named after the other member (its stored name is the pair's key). */
export const nameFor = (chat: { type: ChatType; name: string }, companion: Person | undefined) =>
  chat.type === "DIRECT" && companion ? fullName(companion) : chat.name;

/** What a chat is called where it is shown: DATA, ISSUE and POI chats after their subject, kept in the description. */
export const chatTitle = (chat: { type: ChatType; name: string; description: string }) =>
  (chat.type === "DATA" || chat.type === "ISSUE" || chat.type === "POI") && chat.description ? chat.description : chat.name;
