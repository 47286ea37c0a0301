/**
 * The panel's state and actions. State: Preact signals (components call useSignals() to read them)
 * for the chat list mirrored from the core, presence, the outbox, and what is open where. Actions:
 * every change a component asks for goes through a function here, which calls the API (or the live
 * channel) and brings the list up to date; components never call the API themselves.
 */
import { signal } from "@preact/signals-react";
import { editDestination, removeDestination } from "../../src/modules/chat/destinations";
import { live } from "../lib/live";
import { call, server } from "../lib/server";
import type { FileEntity } from "../drive/common";
import { chatCore } from "./chat-core";
import type { ChatFilter, Chat, Person } from "./types";

const ACTIVE_KEY = "plexus.chat.active";
const FILTER_KEY = "plexus.chat.filter";
const ARCHIVED_KEY = "plexus.chat.archived";

const stored = (key: string) => {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};
const store = (key: string, value: string | null) => {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // private mode: the choice lasts for this page
  }
};

export const me = chatCore.me;
export const chats = signal<Chat[]>(chatCore.chats);
export const listLoaded = signal(chatCore.loaded);
export const connected = signal(chatCore.connected);
/** Bumped when someone comes online or leaves. */
export const presence = signal(0);
export const outbox = signal([...chatCore.outbox()]);

export const drawerOpen = signal(false);
export const activeChatId = signal<number | null>(Number(stored(ACTIVE_KEY)) || null);
export const filter = signal<ChatFilter>((stored(FILTER_KEY) as ChatFilter) || "ALL");
export const showArchived = signal(stored(ARCHIVED_KEY) === "true");
export const quickAnchor = signal<HTMLElement | null>(null);
export const modalChatId = signal<number | null>(null);
/** Whether the /chats page shows the panel (the drawer's entries then lead to it instead). */
export const pageShown = signal(false);
/** Narrow screens show the list or the frame; this says the frame. */
export const narrowFrame = signal(false);
/** Bumped to put the focus in the chat list's search box (the rail's chat button on /chats). */
export const listSearchFocus = signal(0);
/** The chat whose message box takes the focus when it shows (one chosen by the person). */
export const composerFocus = signal<number | null>(null);
/** Unread messages in the chats one is in, for the shell's badges. */
export const unread = signal(chatCore.unread);

/** Makes `id` the open chat; `focus` when a person chose it, so typing can start at once. */
export function selectChat(id: number | null, focus = false) {
  activeChatId.value = id;
  store(ACTIVE_KEY, id ? String(id) : null);
  if (focus) composerFocus.value = id;
}
export function setFilter(value: ChatFilter) {
  filter.value = value;
  store(FILTER_KEY, value);
}
export function setShowArchived(value: boolean) {
  showArchived.value = value;
  store(ARCHIVED_KEY, String(value));
}

/** Whether a user has a live connection now (read presence.value first to follow changes). */
export const isOnline = (userId: number | null) => userId !== null && chatCore.online.has(userId);
/** When a user's last connection closed, as the live channel told it, else as the chat list had it. */
export const lastSeenOf = (userId: number, listed: string | null) => chatCore.lastSeen.get(userId) ?? listed;

chatCore.on((event) => {
  switch (event.kind) {
    case "chats":
      chats.value = chatCore.chats;
      listLoaded.value = chatCore.loaded;
      unread.value = chatCore.unread;
      break;
    case "presence":
      presence.value++;
      break;
    case "outbox":
      outbox.value = [...chatCore.outbox()];
      break;
    case "connection":
      connected.value = event.connected;
      break;
    case "resynced":
      connected.value = chatCore.connected;
      break;
    case "removed":
      if (activeChatId.value === event.chatId) selectChat(chatCore.chats.find((c) => !c.archived)?.id ?? null);
      if (modalChatId.value === event.chatId) modalChatId.value = null;
      break;
  }
});

/** Opens the drawer, on a chat if given (its message box takes the focus). */
export function openDrawer(chatId?: number) {
  quickAnchor.value = null;
  if (chatId) {
    selectChat(chatId, true);
    narrowFrame.value = true;
  }
  drawerOpen.value = true;
}

export function toggleQuickList(anchor: HTMLElement) {
  quickAnchor.value = quickAnchor.value ? null : anchor;
}

/** A confirmation question answered with a promise (rendered by the host). */
export const question = signal<{ text: string; confirm: string; resolve: (yes: boolean) => void } | null>(null);

export function ask(text: string, confirm: string): Promise<boolean> {
  question.value?.resolve(false);
  return new Promise((resolve) => {
    question.value = { text, confirm, resolve };
  });
}

// Chats

export type NewChat = { type: "PUBLIC" | "PRIVATE"; name: string; description: string; members: Person[] } | { type: "DIRECT"; recipient: Person };

/** Makes a chat (a DIRECT one only once per pair) and answers its id once it is in the list. */
export async function createChat(input: NewChat): Promise<number> {
  if (input.type === "DIRECT") return directChat(input.recipient.id);
  const id = await call(server.chats["new-chat"].post({ name: input.name, description: input.description, type: input.type, members: input.members.map((m) => ({ id: m.id })) }));
  await chatCore.refresh();
  return id;
}

/** The DIRECT chat with `userId` (made on first use), in the list once this resolves. */
export async function directChat(userId: number): Promise<number> {
  const chatId = await call(server.chats.direct.post({}, { query: { userId } }));
  await chatCore.refresh();
  return chatId;
}

/** A data item's comment chat, shown without joining it; null before its first comment. */
export async function findDataChat(dataId: number): Promise<number | null> {
  const { chat, joined } = await call(server.chats["for-data"].get({ query: { dataId } }));
  if (!chat) return null;
  if (!chatCore.chat(chat.id)) {
    if (joined) chatCore.upsert(chat);
    else chatCore.visit(chat);
  }
  return chat.id;
}

/** The task of an ISSUE chat, for the header's link. */
export const chatTask = (chatId: number) => call(server.issue["get-by-chat"].get({ query: { chatId } }));

/** A chat the reader may enter but need not be in (a task's ISSUE chat): shown as visited until they write. */
export async function showChat(chatId: number) {
  if (chatCore.chat(chatId)) return;
  const chat = await call(server.chats.get.get({ query: { chatId } }));
  if (!chatCore.chat(chat.id)) chatCore.visit(chat);
}

/** The first comment on a data item makes its chat; answers the chat's id once it is in the list. */
export async function firstComment(dataId: number, message: string): Promise<number> {
  const { id } = await call(server.chats["new-chat-for-data"].post({ dataId, message }));
  await chatCore.refresh();
  return id;
}

/** PUBLIC chats whose name contains `str`, with member counts and whether one is in each. */
export const publicChats = (str: string) => call(server.chats.public.get({ query: { str } }));

/** Joins a PUBLIC chat (again); it is in the list once this resolves. */
export async function joinPublicChat(id: number) {
  chatCore.upsert(await call(server.chats.join.post({}, { query: { chat: id } })));
}

// Eden types a path segment named "subscribe" as its WebSocket call; the route is shaped as unsubscribe is.
const subscribeRoute = server.chats.subscribe as unknown as typeof server.chats.unsubscribe;

export async function setSubscribed(chat: Chat, subscribed: boolean) {
  await call((subscribed ? subscribeRoute : server.chats.unsubscribe).get({ query: { chat: chat.id } }));
  chatCore.patch(chat.id, { subscribed });
}

/** Archives or unarchives the chat for oneself; answers the new state. */
export async function toggleArchived(chat: Chat): Promise<boolean> {
  const archived = await call(server.chats.archive.put({}, { query: { chatID: chat.id } }));
  chatCore.patch(chat.id, { archived });
  return archived;
}

export async function deleteChat(chat: Chat) {
  await call(server.chats.delete({}, { query: { chatID: chat.id } }));
  chatCore.remove(chat.id);
}

/** The list learns the new name from the RENAMED record on the live channel. */
export const renameChat = (chat: Chat, name: string) => call(server.chats.rename.put({}, { query: { chatID: chat.id, name } }));

/** What a DATA chat is about, for its header link. */
export const chatData = (chatId: number) => call(server.data["get-by-chat"].get({ query: { chatId } }));

// Members

export const chatMembers = (chatId: number) => call(server.chats.members.get({ query: { chatId } }));
export const searchUsers = (str: string) => call(server.users["search-user"].get({ query: { str } }));
export const usersNotMembers = (chatId: number, str: string) => call(server.users["users-not-members"].get({ query: { str, chat: chatId } }));
export const inviteMembers = (chat: Chat, users: Person[]) => call(server.chats.invite.post(users.map((u) => u.id), { query: { chatId: chat.id } }));

/** Removes a member (the owner), or leaves the chat (oneself: it leaves the list too). */
export async function detachMember(chat: Chat, userId: number) {
  await call(server.chats["detach-member"].get({ query: { member: userId, chat: chat.id } }));
  if (userId === me.id) chatCore.remove(chat.id);
}

// Messages: every one goes through the core's outbox, so one written offline is sent once connected.

export const sendText = (chatId: number, text: string) => chatCore.enqueue(chatId, { text });
export const sendFiles = (chatId: number, files: Pick<FileEntity, "id" | "name">[]) => {
  for (const file of files) chatCore.enqueue(chatId, { file: { id: file.id, name: file.name } });
};
/** Tells the server a message was seen (false while disconnected). */
export const markRead = (chatId: number, messageId: number) => chatCore.markRead(chatId, messageId);
/** The author deletes a message; everyone's copy changes when the server confirms it on the topic. */
export const removeMessage = (chatId: number, messageId: number) => live.sendWithReceipt(removeDestination(chatId, messageId), {});
/** The message being edited in place (one at a time), by id: its pencil, or Up in an empty message box. */
export const editingId = signal<number | null>(null);
/** The author changes a message's text; everyone's copy changes when MESSAGE_EDITED arrives on the topic. */
export const editMessage = (chatId: number, messageId: number, text: string) => live.sendWithReceipt(editDestination(chatId, messageId), { text });
