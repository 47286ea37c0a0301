/**
 * The chat's always-loaded part, in plain TypeScript so every page can afford it: the chat list with
 * unread counts kept current from the live channel, the rail's unread badge, who is online, and the
 * outbox of messages waiting to be sent. The React panel is imported only when a person opens chat.
 */
import { notifyDestination, readDestination, topicOf } from "../../src/modules/chat/destinations";
import { api } from "../lib/api";
import { live, LiveSendError } from "../lib/live";
import { errorText } from "../lib/failures";
import { snack } from "../lib/snackbar";
import { loadStrings } from "./strings";
import type { Chat, Me, Message, PendingMessage, TopicEvent } from "./types";

type CoreEvent =
  | { kind: "chats" }
  | { kind: "presence" }
  | { kind: "outbox" }
  | { kind: "connection"; connected: boolean }
  /** After a reconnect the list is fresh and topics are subscribed again: fetch what was missed. */
  | { kind: "resynced" }
  | { kind: "topic"; event: TopicEvent }
  /** The server accepted an outbox message (its RECEIPT arrived). */
  | { kind: "confirmed"; item: PendingMessage }
  | { kind: "removed"; chatId: number };

type SystemEvent = { type: string; chatId?: number; chatID?: number; ids?: number[]; id?: number; lastLogoutDate?: string; numberOfUnreadMessages?: number };

const SYSTEM_CHANNEL = "/user/ws-broker/system-channel";
const BROADCAST_CHANNEL = "/ws-broker/system-channel";
/** The broker allows 500 subscriptions per socket; the most recent chats get live topics. */
const MAX_TOPICS = 400;

function readMe(): Me {
  try {
    return JSON.parse(document.getElementById("plexus-me")?.textContent || "null") ?? { id: 0, login: "", firstName: "", lastName: "", role: "USER" };
  } catch {
    return { id: 0, login: "", firstName: "", lastName: "", role: "USER" };
  }
}

/** A client id for the outbox: the server deduplicates by it, so resending is safe. */
const newClientId = () =>
  (crypto.randomUUID?.() ?? `${Date.now().toString(16)}${Math.random().toString(16).slice(2)}${Math.random().toString(16).slice(2)}`).replace(/-/g, "");

const time = (value: string | null | undefined) => (value ? new Date(value).getTime() : 0);
const byLatest = (a: Chat, b: Chat) => time(b.lastMessageTime) - time(a.lastMessageTime) || b.id - a.id;

class ChatCore {
  readonly me = readMe();
  chats: Chat[] = [];
  /** True once the list has been fetched at least once. */
  loaded = false;
  readonly online = new Set<number>();
  readonly lastSeen = new Map<number, string>();
  private readonly listeners = new Set<(event: CoreEvent) => void>();
  private readonly topics = new Map<number, () => void>();
  private refreshing: Promise<void> | undefined;
  private again = false;
  private refreshTimer: ReturnType<typeof setTimeout> | undefined;
  private synced = false;
  /** Counts resyncs, so one overtaken by a newer connection stops. */
  private round = 0;
  private started = false;
  private readonly inFlight = new Set<string>();
  private flushRetry: ReturnType<typeof setTimeout> | undefined;
  private pending: PendingMessage[] | undefined;
  /**
   * Chats shown without being in them (a data item's comments one has only read): kept in `chats`
   * for their frame and topic, but not listed, not counted as unread and never marked read, since
   * marking read would join them. Writing joins; the next list then has them for real.
   */
  readonly visiting = new Set<number>();

  get connected() {
    return live.connected;
  }

  on(listener: (event: CoreEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(event: CoreEvent) {
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch (error) {
        console.error(error);
      }
    }
  }

  start() {
    if (this.started || !this.me.id) return;
    this.started = true;
    live.subscribe(SYSTEM_CHANNEL, (body) => this.system(body as SystemEvent, true));
    live.subscribe(BROADCAST_CHANNEL, (body) => this.system(body as SystemEvent, false));
    live.listeners.add((connected) => {
      this.emit({ kind: "connection", connected });
      if (connected) void this.resync();
      else {
        this.synced = false;
        this.inFlight.clear();
        // Topics come back after the list is fetched again, so a chat lost meanwhile is not asked for.
        for (const stop of this.topics.values()) stop();
        this.topics.clear();
      }
    });
    // Another tab of the same person queued or confirmed messages.
    window.addEventListener("storage", (event) => {
      if (event.key === this.outboxKey) {
        this.emit({ kind: "outbox" });
        this.flush();
      }
    });
    // The list comes with the connection (one call per page); without one soon, it is fetched anyway.
    if (live.connected) void this.resync();
    else setTimeout(() => !this.loaded && void this.refresh(), 1500);
  }

  chat(id: number) {
    return this.chats.find((c) => c.id === id);
  }

  get unread() {
    return this.chats.reduce((sum, c) => sum + (this.visiting.has(c.id) ? 0 : c.numberOfUnreadMessages || 0), 0);
  }

  /** Fetches the list again (one call at a time; a call asked for meanwhile runs once after). */
  refresh(): Promise<void> {
    if (this.refreshing) {
      this.again = true;
      return this.refreshing;
    }
    this.refreshing = (async () => {
      try {
        do {
          this.again = false;
          // A background call: a lost session is noticed by the person's next action, not here.
          const chats = await api<Chat[]>("chats/get-all", { raw: true });
          for (const chat of chats) this.visiting.delete(chat.id);
          const visited = this.chats.filter((c) => this.visiting.has(c.id));
          this.chats = [...chats, ...visited].sort(byLatest);
          this.loaded = true;
          this.syncTopics();
          this.changed();
        } while (this.again);
      } catch {
        // Offline or signed out: the list stays as it was; the next connection refreshes it.
      } finally {
        this.refreshing = undefined;
      }
    })();
    return this.refreshing;
  }

  /** A refresh a little later, so bursts of events cost one call. */
  refreshSoon() {
    clearTimeout(this.refreshTimer);
    this.refreshTimer = setTimeout(() => void this.refresh(), 300);
  }

  private async resync() {
    const round = ++this.round;
    await this.refresh();
    // What was missed is fetched once every topic is live: a message stored between that fetch and
    // the subscription would reach neither.
    if (live.connected) await this.whenLive();
    if (!live.connected || round !== this.round) return;
    this.synced = true;
    this.emit({ kind: "resynced" });
    this.flush();
  }

  /** Resolves once the topic of `chatId` (of every listed chat, without one) is live, or the connection is lost. */
  whenLive(chatId?: number): Promise<unknown> {
    const ids = chatId === undefined ? [...this.topics.keys()] : [chatId];
    return Promise.all(ids.map((id) => live.whenSubscribed(topicOf(id))));
  }

  private syncTopics() {
    const wanted = new Set(this.chats.slice(0, MAX_TOPICS).map((c) => c.id));
    for (const [id, stop] of this.topics) {
      if (!wanted.has(id)) {
        stop();
        this.topics.delete(id);
      }
    }
    for (const id of wanted) {
      if (!this.topics.has(id)) this.topics.set(id, live.subscribe(topicOf(id), (body) => this.topic(body as TopicEvent)));
    }
  }

  private changed() {
    this.renderBadge();
    this.emit({ kind: "chats" });
  }

  /** Shows a chat one is not in (see visiting) until one writes in it. */
  visit(chat: Chat) {
    this.visiting.add(chat.id);
    this.upsert(chat);
  }

  /** Puts a chat in the list (a new DATA chat, say) without waiting for the next refresh. */
  upsert(chat: Chat) {
    this.chats = [...this.chats.filter((c) => c.id !== chat.id), chat].sort(byLatest);
    this.syncTopics();
    this.changed();
  }

  /** Changes one chat in place (archive flag, subscription) as the server confirmed it. */
  patch(id: number, change: Partial<Chat>) {
    this.chats = this.chats.map((c) => (c.id === id ? { ...c, ...change } : c));
    this.changed();
  }

  remove(id: number) {
    this.chats = this.chats.filter((c) => c.id !== id);
    this.topics.get(id)?.();
    this.topics.delete(id);
    this.changed();
    this.emit({ kind: "removed", chatId: id });
  }

  private topic(event: TopicEvent) {
    if (!event || typeof event !== "object") return;
    if (event.type === "MESSAGE") this.applyMessage(event.message);
    else if (event.type === "MESSAGE_DELETED") {
      const chat = this.chat(event.chatId);
      if (chat?.lastMessageID === event.id && chat.topRecord) {
        this.patch(chat.id, { topRecord: { ...chat.topRecord, messageKey: "DELETED", decryptedBody: "" } });
      }
      if (chat?.numberOfUnreadMessages) this.refreshSoon();
    } else if (event.type === "MESSAGE_EDITED") {
      const chat = this.chat(event.message.chatId);
      if (chat?.lastMessageID === event.message.id && chat.topRecord) this.patch(chat.id, { topRecord: { ...chat.topRecord, decryptedBody: event.message.decryptedBody } });
    }
    this.emit({ kind: "topic", event });
  }

  private applyMessage(message: Message) {
    const chat = this.chat(message.chatId);
    if (!chat) return this.refreshSoon();
    if (chat.lastMessageID !== null && message.id <= chat.lastMessageID) return;
    const change: Partial<Chat> = {
      lastMessageID: message.id,
      lastMessageTime: message.createdAt,
      topRecord: {
        createdAt: message.createdAt,
        decryptedBody: message.decryptedBody,
        messageKey: message.messageKey,
        author: { id: message.authorID, firstName: message.firstName, surname: message.surname },
      },
    };
    if (message.authorID === this.me.id) change.numberOfUnreadMessages = 0;
    else if (message.messageKey !== "DELETED" && !this.visiting.has(chat.id)) change.numberOfUnreadMessages = chat.numberOfUnreadMessages + 1;
    try {
      if (message.messageKey === "RENAMED") change.name = JSON.parse(message.decryptedBody)[1] ?? chat.name;
      if (message.messageKey === "INVITED_BY") change.numberOfMembers = chat.numberOfMembers + JSON.parse(message.decryptedBody).length;
      if (message.messageKey === "REMOVED_BY") change.numberOfMembers = Math.max(1, chat.numberOfMembers - JSON.parse(message.decryptedBody).length);
      if (message.messageKey === "JOINED") change.numberOfMembers = chat.numberOfMembers + 1;
      if (message.messageKey === "LEFT") change.numberOfMembers = Math.max(1, chat.numberOfMembers - 1);
    } catch {
      // A body that is not the expected JSON changes nothing but the latest record.
    }
    this.chats = this.chats.map((c) => (c.id === chat.id ? { ...c, ...change } : c)).sort(byLatest);
    this.changed();
  }

  private system(event: SystemEvent, personal: boolean) {
    if (!event || typeof event !== "object") return;
    const chatId = event.chatId ?? event.chatID;
    switch (event.type) {
      case "INVITED":
      case "SUBSCRIBE_AND_REFRESH":
        this.refreshSoon();
        break;
      case "PUBLIC_CHAT_CREATED":
        // Everyone connected hears it at once: spread the list calls over two seconds.
        if (chatId && !this.chat(chatId)) setTimeout(() => void this.refresh(), Math.random() * 2_000);
        break;
      case "DETACHED":
      case "DELETED":
        if (chatId) this.remove(chatId);
        break;
      case "MESSAGE_READ":
        if (chatId && this.chat(chatId)) this.patch(chatId, { numberOfUnreadMessages: event.numberOfUnreadMessages ?? 0 });
        break;
      case "USERS_CONNECTED":
        if (personal) this.online.clear();
        for (const id of event.ids ?? []) this.online.add(id);
        this.emit({ kind: "presence" });
        break;
      case "USER_DISCONNECTED":
        if (event.id) {
          this.online.delete(event.id);
          if (event.lastLogoutDate) this.lastSeen.set(event.id, event.lastLogoutDate);
          this.emit({ kind: "presence" });
        }
        break;
    }
  }

  /** Tells the server a message was seen (false while disconnected); its MESSAGE_READ answer updates the unread count. */
  markRead(chatId: number, messageId: number): boolean {
    if (this.visiting.has(chatId)) return true;
    return live.send(readDestination(chatId, messageId), {});
  }

  // Outbox: every message goes through it, so one written offline waits and is sent once connected.

  private get outboxKey() {
    return `plexus.chat.outbox.${this.me.id}`;
  }

  /** What waits to be sent, read from storage each time: other tabs of the same person share it. */
  outbox(): PendingMessage[] {
    try {
      const stored = localStorage.getItem(this.outboxKey);
      if (stored !== null || !this.pending) this.pending = JSON.parse(stored || "[]");
    } catch {
      this.pending ??= [];
    }
    return this.pending!;
  }

  private saveOutbox(items: PendingMessage[]) {
    this.pending = items;
    try {
      if (items.length) localStorage.setItem(this.outboxKey, JSON.stringify(items));
      else localStorage.removeItem(this.outboxKey);
    } catch {
      // Storage full or blocked: the outbox still lives for this page.
    }
    this.emit({ kind: "outbox" });
  }

  /** Queues a message (text, or a drive file) for a chat and sends it as soon as it can. */
  enqueue(chatId: number, content: { text: string } | { file: { id: number; name?: string } }) {
    const item: PendingMessage = { clientId: newClientId(), chatId, createdAt: new Date().toISOString(), ...content };
    this.saveOutbox([...this.outbox(), item]);
    this.flush();
    return item;
  }

  /** Sends what waits, in order; an item leaves the outbox when the server's RECEIPT arrives. */
  flush() {
    if (!live.connected || !this.synced) return;
    for (const item of this.outbox()) {
      if (this.inFlight.has(item.clientId)) continue;
      this.inFlight.add(item.clientId);
      const body = item.file ? { file: { id: item.file.id }, clientId: item.clientId } : { text: item.text, clientId: item.clientId };
      live.sendWithReceipt(notifyDestination(item.chatId), body).then(
        () => {
          this.inFlight.delete(item.clientId);
          this.saveOutbox(this.outbox().filter((i) => i.clientId !== item.clientId));
          // Writing joined the chat: the list has it for real now.
          if (this.visiting.has(item.chatId)) void this.refresh();
          this.emit({ kind: "confirmed", item });
        },
        (error: unknown) => {
          this.inFlight.delete(item.clientId);
          const code = error instanceof LiveSendError ? error.code : "error";
          if (code === "disconnected") return;
          if (code === "rate_limited") {
            // Sent faster than the server takes (a burst of 20, then 5 a second): it stays queued and goes again shortly.
            this.flushRetry ??= setTimeout(() => {
              this.flushRetry = undefined;
              this.flush();
            }, 1_000);
            return;
          }
          // Refused for good (no longer a member, unsubscribed, invalid): it will never be accepted.
          this.saveOutbox(this.outbox().filter((i) => i.clientId !== item.clientId));
          void loadStrings().then(() => snack(errorText({ code }), "error"));
        },
      );
    }
  }

  /** The "(3) " this put before the page's title, if any. */
  private titlePrefix = "";

  private renderBadge() {
    const count = this.unread;
    const shown = count > 99 ? "99+" : String(count);
    document.querySelectorAll<HTMLElement>("[data-chat-badge]").forEach((badge) => {
      badge.textContent = shown;
      badge.hidden = count === 0;
    });
    // The tab's title counts them too, as in Mattermost: "(3) Plexus…".
    const title = this.titlePrefix && document.title.startsWith(this.titlePrefix) ? document.title.slice(this.titlePrefix.length) : document.title;
    this.titlePrefix = count ? `(${shown}) ` : "";
    document.title = this.titlePrefix + title;
  }
}

export const chatCore = new ChatCore();

type Panel = typeof import("./panel");
let panel: Promise<Panel> | undefined;

/** The React panel and its strings, imported on first use. */
function loadPanel(): Promise<Panel> {
  panel ??= Promise.all([import("./panel"), loadStrings()]).then(([module]) => module);
  panel.catch(() => {
    panel = undefined;
  });
  return panel;
}

async function withBusy(button: HTMLElement, work: () => Promise<unknown>) {
  button.setAttribute("aria-busy", "true");
  try {
    await work();
  } catch (error) {
    console.error(error);
    snack(errorText({ code: "network" }), "error");
  } finally {
    button.removeAttribute("aria-busy");
  }
}

/** Starts the chat core and wires the shell's chat entries (rail button, quick list). */
export function startChatCore() {
  chatCore.start();
  document.querySelectorAll<HTMLElement>("[data-chat-open]").forEach((button) =>
    button.addEventListener("click", () => {
      // On /chats the panel is the page already.
      const page = document.getElementById("chat-page");
      if (page) return page.querySelector<HTMLElement>("input")?.focus();
      void withBusy(button, async () => (await loadPanel()).openDrawer());
    }),
  );
  document.querySelectorAll<HTMLElement>("[data-chat-quick]").forEach((button) =>
    button.addEventListener("click", () => withBusy(button, async () => (await loadPanel()).toggleQuickList(button))),
  );
}

/** The /chats page: the panel fills `el` and selects `chatId` once connected. */
export async function openChatPage(el: HTMLElement, chatId?: number) {
  (await loadPanel()).openPage(el, chatId);
}

/** A data item's comment chat inside `el` (its chat is made with the first comment). */
export async function openComments(el: HTMLElement, dataId: number) {
  await (await loadPanel()).openDataComments(el, dataId);
}

/** A chat one may read (a task's ISSUE chat) in `el`, shown without joining until one writes. */
export async function openChatIn(el: HTMLElement, chatId: number) {
  await (await loadPanel()).openEmbeddedChat(el, chatId);
}

/** Opens the chat drawer, on a chat if given. */
async function openChats(chatId?: number) {
  (await loadPanel()).openDrawer(chatId);
}

/** The DIRECT chat with `userId` (made on first use), in the list once this resolves. */
export async function directChat(userId: number): Promise<number> {
  const chatId = await api<number>("chats/direct", { method: "POST", query: { userId } });
  await chatCore.refresh();
  return chatId;
}

/**
 * The user menus' write button: the direct chat with `userId` (made on first use), opened in the
 * drawer; on narrow screens, where there is no drawer, /chats?chat=ID. Nobody writes to themselves.
 */
export async function writeTo(userId: number) {
  if (userId === chatCore.me.id) return;
  try {
    const chatId = await directChat(userId);
    if (window.matchMedia("(max-width: 600px)").matches) location.assign(`/chats?chat=${chatId}`);
    else await openChats(chatId);
  } catch (error) {
    const failure = error as { status?: number; code?: string; message?: string };
    if (failure.status !== 401 && failure.status !== 403) {
      await loadStrings();
      snack(errorText(failure), "error");
    }
  }
}
