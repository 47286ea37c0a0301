import type { Server, ServerWebSocket } from "bun";
import type { User } from "../../db/schema";
import { AppError } from "../lib/errors";
import { log } from "../lib/log";
import { FrameError, parseFrames, serializeFrame, type Frame } from "./stomp";

/** Per-socket state: who is on it and what it subscribed to. */
export interface Connection {
  id: number;
  user: User;
  sessionId: string;
  connected: boolean;
  subscriptions: Map<string, { destination: string; topic: string }>;
  lastReceived: number;
  lastSent: number;
  heartbeatMs: { send: number; receive: number };
}

export type Socket = ServerWebSocket<Connection>;

/** Decides whether a user may subscribe to a destination that matched `pattern`. */
export interface SubscribeRule {
  pattern: RegExp;
  allow(user: User, match: RegExpMatchArray): boolean;
}

/** Handles a SEND to a `/ws-prefix/...` destination that matched `pattern`. */
export interface SendHandler {
  pattern: RegExp;
  handle(user: User, match: RegExpMatchArray, frame: Frame, reply: (payload: unknown) => void): void | Promise<void>;
}

export const HEARTBEAT_MS = 25_000;
export const SYSTEM_CHANNEL = "/user/ws-broker/system-channel";
export const BROADCAST_CHANNEL = "/ws-broker/system-channel";
const MAX_SUBSCRIPTIONS = 500;

/**
 * The STOMP broker behind /ws-endpoint. Each subscription becomes a Bun pub/sub topic named by
 * destination and subscription id, so one publish per distinct id reaches every subscriber with a
 * MESSAGE frame carrying its own `subscription` header.
 */
export class Broker {
  private server: Server<Connection> | undefined;
  private nextId = 1;
  private readonly connections = new Map<number, Socket>();
  private readonly byUser = new Map<number, Set<Socket>>();
  private readonly subscriptionIds = new Map<string, Map<string, number>>();
  private readonly rules: SubscribeRule[] = [];
  private readonly handlers: SendHandler[] = [];
  private readonly presenceListeners: ((userId: number, online: boolean) => void)[] = [];
  private heartbeatTimer: ReturnType<typeof setInterval> | undefined;
  private messageSeq = 0;

  constructor(private readonly heartbeatMs = HEARTBEAT_MS) {
    this.allow(/^\/user\/ws-broker\/system-channel$/, () => true);
    this.allow(/^\/ws-broker\/system-channel$/, () => true);
  }

  attach(server: Server<Connection>) {
    this.server = server;
    this.heartbeatTimer ??= setInterval(() => this.beat(), Math.min(this.heartbeatMs, 5_000));
  }

  stop() {
    clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = undefined;
    for (const ws of this.connections.values()) ws.close(1001, "server stopping");
  }

  allow(pattern: RegExp, allow: SubscribeRule["allow"]) {
    this.rules.push({ pattern, allow });
  }

  onSend(pattern: RegExp, handle: SendHandler["handle"]) {
    this.handlers.push({ pattern, handle });
  }

  onPresence(listener: (userId: number, online: boolean) => void) {
    this.presenceListeners.push(listener);
  }

  newConnection(user: User, sessionId: string): Connection {
    return {
      id: this.nextId++,
      user,
      sessionId,
      connected: false,
      subscriptions: new Map(),
      lastReceived: Date.now(),
      lastSent: Date.now(),
      heartbeatMs: { send: 0, receive: 0 },
    };
  }

  onlineUserIds(): number[] {
    return [...this.byUser.keys()];
  }

  isOnline(userId: number): boolean {
    return this.byUser.has(userId);
  }

  /** Sends a payload to every subscriber of a destination. */
  publish(destination: string, payload: unknown) {
    const ids = this.subscriptionIds.get(destination);
    if (!ids || !this.server) return;
    const body = typeof payload === "string" ? payload : JSON.stringify(payload);
    for (const subId of ids.keys()) {
      this.server.publish(topicOf(destination, subId), this.message(destination, subId, body));
    }
  }

  /** Sends to one user's `/user/ws-broker/system-channel` on every tab they have open. */
  publishToUser(userId: number, payload: unknown) {
    const body = JSON.stringify(payload);
    for (const ws of this.byUser.get(userId) ?? []) this.sendToSocket(ws, SYSTEM_CHANNEL, body);
  }

  /** Drops a user's subscriptions to a destination, for example when they leave a chat. */
  unsubscribeUser(userId: number, destination: string) {
    for (const ws of this.byUser.get(userId) ?? []) {
      for (const [id, sub] of [...ws.data.subscriptions]) if (sub.destination === destination) this.unsubscribe(ws, id);
    }
  }

  /** Closes a user's sockets, for example when an administrator deactivates them. */
  disconnectUser(userId: number) {
    for (const ws of this.byUser.get(userId) ?? []) ws.close(4001, "signed out");
  }

  /** Closes the sockets opened with one session (logout). */
  disconnectSession(sessionId: string) {
    for (const ws of this.connections.values()) if (ws.data.sessionId === sessionId) ws.close(4001, "signed out");
  }

  readonly websocket = {
    idleTimeout: 0,
    maxPayloadLength: 256 * 1024,
    open: (ws: Socket) => {
      this.connections.set(ws.data.id, ws);
    },
    message: (ws: Socket, raw: string | Buffer) => {
      ws.data.lastReceived = Date.now();
      const text = typeof raw === "string" ? raw : raw.toString("utf8");
      let frames: Frame[];
      try {
        frames = parseFrames(text);
      } catch (error) {
        return this.fail(ws, error instanceof FrameError ? error.message : "malformed frame");
      }
      for (const frame of frames) {
        if (ws.readyState !== 1) return;
        void this.dispatch(ws, frame);
      }
    },
    close: (ws: Socket) => this.drop(ws),
  };

  private async dispatch(ws: Socket, frame: Frame) {
    const conn = ws.data;
    if (frame.command === "CONNECT" || frame.command === "STOMP") return this.connect(ws, frame);
    if (!conn.connected) return this.fail(ws, "CONNECT first");
    switch (frame.command) {
      case "SUBSCRIBE":
        return this.subscribe(ws, frame);
      case "UNSUBSCRIBE":
        return this.unsubscribe(ws, frame.headers.id ?? "", frame);
      case "SEND":
        return this.send(ws, frame);
      case "DISCONNECT":
        this.receipt(ws, frame);
        return ws.close(1000, "bye");
      default:
        // ACK, NACK and transactions have no meaning for this broker's auto-acked topics.
        return this.receipt(ws, frame);
    }
  }

  private connect(ws: Socket, frame: Frame) {
    const conn = ws.data;
    if (conn.connected) return this.fail(ws, "already connected");
    const versions = (frame.headers["accept-version"] ?? "1.2").split(",");
    if (!versions.includes("1.2")) return this.fail(ws, "only STOMP 1.2 is supported");
    const [cx, cy] = (frame.headers["heart-beat"] ?? "0,0").split(",").map((n) => Number(n) || 0);
    // Client cx = how often it can send, cy = how often it wants to receive (STOMP 1.2 negotiation).
    conn.heartbeatMs = { send: cy ? Math.max(cy, this.heartbeatMs) : 0, receive: cx ? Math.max(cx, this.heartbeatMs) : 0 };
    conn.connected = true;
    ws.send(
      serializeFrame("CONNECTED", {
        version: "1.2",
        "heart-beat": `${this.heartbeatMs},${this.heartbeatMs}`,
        server: "plexus",
        "user-name": conn.user.login,
      }),
    );
    let users = this.byUser.get(conn.user.id);
    const firstTab = !users;
    if (!users) this.byUser.set(conn.user.id, (users = new Set()));
    users.add(ws);
    if (firstTab) for (const listener of this.presenceListeners) listener(conn.user.id, true);
  }

  private subscribe(ws: Socket, frame: Frame) {
    const conn = ws.data;
    const { destination, id } = frame.headers;
    if (!destination || id === undefined) return this.fail(ws, "SUBSCRIBE needs destination and id");
    if (conn.subscriptions.has(id)) return this.fail(ws, `subscription id ${id} is in use`);
    if (conn.subscriptions.size >= MAX_SUBSCRIPTIONS) return this.fail(ws, "too many subscriptions");
    const allowed = this.rules.some((rule) => {
      const match = destination.match(rule.pattern);
      return match ? rule.allow(conn.user, match) : false;
    });
    if (!allowed) return this.fail(ws, `not allowed to subscribe to ${destination}`);
    // A user destination is private: the topic carries the user id so nobody else's publish reaches it.
    const shared = destination === SYSTEM_CHANNEL ? `${destination}#user${conn.user.id}` : destination;
    const topic = topicOf(shared, id);
    conn.subscriptions.set(id, { destination: shared, topic });
    const ids = this.subscriptionIds.get(shared) ?? new Map<string, number>();
    ids.set(id, (ids.get(id) ?? 0) + 1);
    this.subscriptionIds.set(shared, ids);
    ws.subscribe(topic);
    this.receipt(ws, frame);
    if (destination === SYSTEM_CHANNEL) {
      this.sendToSocket(ws, SYSTEM_CHANNEL, JSON.stringify({ type: "USERS_CONNECTED", ids: this.onlineUserIds() }));
    }
  }

  private unsubscribe(ws: Socket, id: string, frame?: Frame) {
    const sub = ws.data.subscriptions.get(id);
    if (!sub) return frame && this.receipt(ws, frame);
    ws.data.subscriptions.delete(id);
    if (ws.readyState === 1) ws.unsubscribe(sub.topic);
    const ids = this.subscriptionIds.get(sub.destination);
    if (ids) {
      const left = (ids.get(id) ?? 1) - 1;
      if (left > 0) ids.set(id, left);
      else ids.delete(id);
      if (!ids.size) this.subscriptionIds.delete(sub.destination);
    }
    if (frame) this.receipt(ws, frame);
  }

  private async send(ws: Socket, frame: Frame) {
    const destination = frame.headers.destination ?? "";
    for (const handler of this.handlers) {
      const match = destination.match(handler.pattern);
      if (!match) continue;
      try {
        await handler.handle(ws.data.user, match, frame, (payload) => this.sendToSocket(ws, SYSTEM_CHANNEL, JSON.stringify(payload)));
        this.receipt(ws, frame);
      } catch (error) {
        // An expected refusal keeps the connection; the client learns why from the ERROR frame.
        if (!(error instanceof AppError)) log.error("live.send_failed", { destination, error: String(error) });
        this.error(ws, error instanceof AppError ? error.code : "internal_error", frame.headers.receipt);
      }
      return;
    }
    this.fail(ws, `no destination ${destination}`);
  }

  /** Delivers to every subscription of the socket to that destination (a page may hold several). */
  private sendToSocket(ws: Socket, destination: string, body: string) {
    for (const [id, sub] of ws.data.subscriptions) {
      if (sub.destination.split("#")[0] === destination) ws.send(this.message(destination, id, body));
    }
  }

  private message(destination: string, subscription: string, body: string) {
    return serializeFrame(
      "MESSAGE",
      {
        destination: destination.split("#")[0],
        subscription,
        "message-id": String(++this.messageSeq),
        "content-type": "application/json",
      },
      body,
    );
  }

  private receipt(ws: Socket, frame: Frame) {
    if (frame.headers.receipt) ws.send(serializeFrame("RECEIPT", { "receipt-id": frame.headers.receipt }));
  }

  private error(ws: Socket, message: string, receipt?: string) {
    ws.send(serializeFrame("ERROR", { message, ...(receipt ? { "receipt-id": receipt } : {}) }, message));
  }

  /** A protocol error: STOMP says the server closes the connection after an ERROR frame. */
  private fail(ws: Socket, message: string) {
    if (ws.readyState !== 1) return;
    this.error(ws, message);
    ws.close(1002, "protocol error");
  }

  private drop(ws: Socket) {
    const conn = ws.data;
    for (const id of [...conn.subscriptions.keys()]) this.unsubscribe(ws, id);
    this.connections.delete(conn.id);
    const users = this.byUser.get(conn.user.id);
    if (users?.delete(ws) && users.size === 0) {
      this.byUser.delete(conn.user.id);
      for (const listener of this.presenceListeners) listener(conn.user.id, false);
    }
  }

  /** Sends heart-beats and drops sockets that stayed silent for twice the agreed interval. */
  private beat() {
    const now = Date.now();
    for (const ws of this.connections.values()) {
      const { heartbeatMs, lastReceived, connected } = ws.data;
      if (!connected) {
        if (now - lastReceived > this.heartbeatMs) ws.close(1002, "no CONNECT");
        continue;
      }
      if (heartbeatMs.receive && now - lastReceived > heartbeatMs.receive * 2) {
        ws.close(1001, "heart-beat missed");
        continue;
      }
      if (heartbeatMs.send && now - ws.data.lastSent >= heartbeatMs.send - 1_000) {
        ws.data.lastSent = now;
        ws.send("\n");
      }
    }
  }
}

const topicOf = (destination: string, subId: string) => `${destination}\u0000${subId}`;
