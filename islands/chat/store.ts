/**
 * The panel's shared state as Preact signals (components call useSignals() to read them): the chat
 * list mirrored from the core, the message threads, and what is open where.
 */
import { signal, type Signal } from "@preact/signals-react";
import { api } from "../lib/api";
import { chatCore } from "./core";
import type { Chat, ChatFilter, Message, PendingMessage } from "./types";

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
export const outbox = signal<PendingMessage[]>([...chatCore.outbox()]);

export const drawerOpen = signal(false);
export const activeChatId = signal<number | null>(Number(stored(ACTIVE_KEY)) || null);
export const filter = signal<ChatFilter>((stored(FILTER_KEY) as ChatFilter) || "ALL");
export const showArchived = signal(stored(ARCHIVED_KEY) === "true");
export const quickAnchor = signal<HTMLElement | null>(null);
export const modalChatId = signal<number | null>(null);
/** The /chats page's element, when the panel fills it. */
export const pageHost = signal<HTMLElement | null>(null);
/** Chat frames placed in pages (a data item's comments). */
export const embeds = signal<{ el: HTMLElement; chatId: number }[]>([]);

export function selectChat(id: number | null) {
  activeChatId.value = id;
  store(ACTIVE_KEY, id ? String(id) : null);
}
export function setFilter(value: ChatFilter) {
  filter.value = value;
  store(FILTER_KEY, value);
}
export function setShowArchived(value: boolean) {
  showArchived.value = value;
  store(ARCHIVED_KEY, String(value));
}

export interface Thread {
  chatId: number;
  messages: Signal<Message[]>;
  loading: Signal<boolean>;
  hasOlder: Signal<boolean>;
  failed: Signal<boolean>;
  loaded: boolean;
}

const PAGE = 50;
const threads = new Map<number, Thread>();

/** Merges by id (the newer copy wins) and keeps the server's order: nothing twice, nothing lost. */
export function merge(list: Message[], incoming: Message[]): Message[] {
  if (!incoming.length) return list;
  const byId = new Map(list.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** A chat's messages, loaded on first use. */
export function thread(chatId: number): Thread {
  let found = threads.get(chatId);
  if (!found) {
    found = { chatId, messages: signal([]), loading: signal(false), hasOlder: signal(false), failed: signal(false), loaded: false };
    threads.set(chatId, found);
    void load(found);
  }
  return found;
}

async function load(t: Thread) {
  t.loading.value = true;
  t.failed.value = false;
  try {
    const page = await api<Message[]>("chat-records/get-messages", { query: { chatId: t.chatId, limit: PAGE } });
    t.messages.value = merge(t.messages.value, page);
    t.hasOlder.value = page.length >= PAGE;
    t.loaded = true;
  } catch {
    t.failed.value = true;
  } finally {
    t.loading.value = false;
  }
}

export function retry(t: Thread) {
  if (!t.loading.value) void load(t);
}

export async function loadOlder(t: Thread) {
  const first = t.messages.value[0];
  if (!first || t.loading.value) return;
  t.loading.value = true;
  try {
    const page = await api<Message[]>("chat-records/get-messages", { query: { chatId: t.chatId, before: first.id, limit: PAGE } });
    t.messages.value = merge(t.messages.value, page);
    t.hasOlder.value = page.length >= PAGE;
  } catch {
    // the button stays for another try
  } finally {
    t.loading.value = false;
  }
}

/** Everything after the last message we have: what a reconnect or a lost frame missed. */
async function catchUp(t: Thread) {
  if (!t.loaded) return void load(t);
  const last = t.messages.value.at(-1);
  try {
    const missed = await api<Message[]>("chat-records/get-messages", { raw: true, query: last ? { chatId: t.chatId, after: last.id } : { chatId: t.chatId, limit: PAGE } });
    t.messages.value = merge(t.messages.value, missed);
  } catch {
    // the next reconnect tries again
  }
}

chatCore.on((event) => {
  switch (event.kind) {
    case "chats":
      chats.value = chatCore.chats;
      listLoaded.value = chatCore.loaded;
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
      for (const t of threads.values()) void catchUp(t);
      break;
    case "confirmed": {
      const t = threads.get(event.item.chatId);
      if (t?.loaded && !t.messages.value.some((m) => m.clientId === event.item.clientId)) void catchUp(t);
      break;
    }
    case "removed":
      threads.delete(event.chatId);
      if (activeChatId.value === event.chatId) selectChat(chatCore.chats.find((c) => !c.archived)?.id ?? null);
      if (modalChatId.value === event.chatId) modalChatId.value = null;
      break;
    case "topic": {
      const e = event.event;
      if (e.type === "MESSAGE") {
        const t = threads.get(e.message.chatId);
        if (t) t.messages.value = merge(t.messages.value, [e.message]);
      } else if (e.type === "MESSAGE_DELETED") {
        const t = threads.get(e.chatId);
        if (t) t.messages.value = t.messages.value.map((m) => (m.id === e.id ? { ...m, messageKey: "DELETED", decryptedBody: "", file: null } : m));
      }
      break;
    }
  }
});

/** A confirmation question answered with a promise (rendered by the host). */
export const question = signal<{ text: string; confirm: string; resolve: (yes: boolean) => void } | null>(null);

export function ask(text: string, confirm: string): Promise<boolean> {
  question.value?.resolve(false);
  return new Promise((resolve) => {
    question.value = { text, confirm, resolve };
  });
}
