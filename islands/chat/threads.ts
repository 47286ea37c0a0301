/**
 * Each chat's messages as signals, loaded on first use, paged back on demand and kept whole from
 * the live channel: what a reconnect or a lost frame missed is fetched again, nothing twice.
 */
import { signal, type Signal } from "@preact/signals-react";
import { call, server } from "../lib/server";
import { chatCore } from "./chat-core";
import type { Message } from "./types";

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
function merge(list: Message[], incoming: Message[]): Message[] {
  if (!incoming.length) return list;
  const byId = new Map(list.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

const page = (chatId: number, query: { after?: number; before?: number; limit?: number }, raw = false): Promise<Message[]> =>
  call(server["chat-records"]["get-messages"].get({ query: { chatId, ...query } }), { raw });

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
    await chatCore.whenLive(t.chatId);
    const latest = await page(t.chatId, { limit: PAGE });
    t.messages.value = merge(t.messages.value, latest);
    t.hasOlder.value = latest.length >= PAGE;
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
    const older = await page(t.chatId, { before: first.id, limit: PAGE });
    t.messages.value = merge(t.messages.value, older);
    t.hasOlder.value = older.length >= PAGE;
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
    const missed = await page(t.chatId, last ? { after: last.id } : { limit: PAGE }, true);
    // Into the thread as it is now, not as it was when the call went out: live messages came meanwhile.
    t.messages.value = merge(t.messages.value, missed);
  } catch {
    // the next reconnect tries again
  }
}

chatCore.on((event) => {
  switch (event.kind) {
    case "resynced":
      for (const t of threads.values()) void catchUp(t);
      break;
    case "confirmed": {
      const t = threads.get(event.item.chatId);
      if (t?.loaded && !t.messages.value.some((m) => m.clientId === event.item.clientId)) void catchUp(t);
      break;
    }
    case "removed":
      threads.delete(event.chatId);
      break;
    case "topic": {
      const e = event.event;
      if (e.type === "MESSAGE") {
        const t = threads.get(e.message.chatId);
        if (t) t.messages.value = merge(t.messages.value, [e.message]);
      } else if (e.type === "MESSAGE_DELETED") {
        const t = threads.get(e.chatId);
        if (t) t.messages.value = t.messages.value.map((m) => (m.id === e.id ? { ...m, messageKey: "DELETED", decryptedBody: "", file: null } : m));
      } else if (e.type === "MESSAGE_EDITED") {
        // Only a copy already here changes: an older message is fetched with its page, as edited.
        const t = threads.get(e.message.chatId);
        if (t) t.messages.value = t.messages.value.map((m) => (m.id === e.message.id ? e.message : m));
      }
      break;
    }
  }
});
