/**
 * The chat's always-loaded part, small enough for every page: the chat list with unread counts kept
 * current from the live channel, who is online, and the outbox of messages waiting to be sent. The
 * shell's chat entries (ChatNav) start it; the panel is imported only when a person opens chat.
 */
import { notifyDestination, readDestination, topicOf } from "../../src/modules/chat/destinations";
import { call, server } from "../lib/server";
import { live, LiveSendError } from "../lib/live";
import { errorText } from "../lib/failures";
import { snack } from "../lib/snackbar";
import { ct, loadStrings } from "./strings";
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

type SystemEvent = {
  type: string;
  chatId?: number;
  chatID?: number;
  ids?: number[];
  id?: number;
  lastLogoutDate?: string;
  numberOfUnreadMessages?: number;
  /** MENTIONED: who mentioned the reader, and in which chat (by its title). */
  author?: string;
  chatName?: string;
};

const SYSTEM_CHANNEL = "/user/ws-broker/system-channel";
const BROADCAST_CHANNEL = "/ws-broker/system-channel";
/** The broker allows 500 subscriptions per socket; the most recent chats get live topics. */
const MAX_TOPICS = 400;

/** A client id for the outbox: the server deduplicates by it, so resending is safe. */
const newClientId = () =>
  (crypto.randomUUID?.() ?? `${Date.now().toString(16)}${Math.random().toString(16).slice(2)}${Math.random().toString(16).slice(2)}`).replace(/-/g, "");

const time = (value: string | null | undefined) => (value ? new Date(value).getTime() : 0);
const byLatest = (a: Chat, b: Chat) => time(b.lastMessageTime) - time(a.lastMessageTime) || b.id - a.id;

class ChatCore {
  /** The signed-in user, filled in by start() from the page's props (the same object throughout). */
  readonly me: Me = { id: 0, login: "", firstName: "", lastName: "", role: "USER" };
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

  /** Starts once per page, for `me`: the list, its topics, presence and the outbox. */
  start(me: Me) {
    if (this.started || !me.id) return;
    this.started = true;
    Object.assign(this.me, me);
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
          const chats = await call(server.chats["get-all"].get(), { raw: true });
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
      case "MENTIONED":
        // The task's or item's chat may be new in the list; the person hears who mentioned them where.
        this.refreshSoon();
        void loadStrings().then(() => snack(ct("chat.mentionedYou", { name: event.author ?? "", chat: event.chatName ?? "" }), "info"));
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
}

export const chatCore = new ChatCore();
