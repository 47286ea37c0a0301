import type { Server, ServerWebSocket } from "bun";
import type { User } from "../../db/schema";
import { AppError } from "../lib/errors";
import { log } from "../lib/log";
import { FrameError, parseFrames, serializeFrame, type Frame } from "./stomp";

/** Per-socket state: who is on it (the user row as of the latest frame) and what it subscribed to. */
export interface Connection {
  id: number;
  user: User;
  sessionId: string;
  connected: boolean;
  /** `requested` is the destination the client named; `destination` the one publishes use (per user for the system channel). */
  subscriptions: Map<string, { destination: string; requested: string; topic: string }>;
  lastReceived: number;
  lastSent: number;
  /** When the session was last re-read (every frame, and idle sockets now and then). */
  checkedAt: number;
  heartbeatMs: { send: number; receive: number };
}

export type Socket = ServerWebSocket<Connection>;

/**
 * Decides whether a user may subscribe to a destination that matched `pattern`; asked again for
 * every live subscription when the user's rights change. `revoked` names what the user's system
 * channel hears when such a subscription is dropped.
 */
export interface SubscribeRule {
  pattern: RegExp;
  allow(user: User, match: RegExpMatchArray): boolean;
  revoked?(match: RegExpMatchArray): unknown;
}

/**
 * The socket's session looked up again: the current user row, or null when the session is gone,
 * expired, or its user inactive. Runs on every inbound frame, so it must be prepared statements.
 */
export type SessionCheck = (sessionId: string) => User | null;

/** Handles a SEND to a `/ws-prefix/...` destination that matched `pattern`. */
export interface SendHandler {
  pattern: RegExp;
  handle(user: User, match: RegExpMatchArray, frame: Frame, reply: (payload: unknown) => void): void | Promise<void>;
}

const HEARTBEAT_MS = 25_000;
const SYSTEM_CHANNEL = "/user/ws-broker/system-channel";
export const BROADCAST_CHANNEL = "/ws-broker/system-channel";
const MAX_SUBSCRIPTIONS = 500;
/**
 * Frames one WebSocket message may carry. @stomp/stompjs and our islands send one frame per
 * message; 50 leaves room for any client that batches, and bounds the work one message can ask for.
 */
export const MAX_FRAMES_PER_MESSAGE = 50;
/**
 * SEND frames per user across all their sockets: a token bucket of 20 that refills at 5 a second.
 * A person types far below 1 message a second; 20 lets an outbox flush what it queued offline,
 * with read marks and pings, in one go. The chat load bench (200 msg/s spread over 1,000 users,
 * 0.2 a second each on average) never comes near it; a script is held to 5 a second.
 */
export const SEND_BURST = 20;
export const SEND_PER_SECOND = 5;
/**
 * How often the session of a socket that sends no frames is re-read anyway (expiry, and any
 * revocation that did not call recheckUser). Spread over the heart-beat ticks: 1,000 sockets cost
 * about 16 ms of lookups, which would otherwise stall every delivery at once.
 */
const IDLE_RECHECK_MS = 15_000;

/** A token bucket per key: `burst` at once, then `perSecond` sustained. */
export class TokenBuckets {
  private readonly buckets = new Map<number, { tokens: number; at: number }>();

  constructor(
    readonly burst: number,
    readonly perSecond: number,
  ) {}

  /** Takes one token for `key`; false when none is left. */
  take(key: number, now = Date.now()): boolean {
    let bucket = this.buckets.get(key);
    if (!bucket) this.buckets.set(key, (bucket = { tokens: this.burst, at: now }));
    bucket.tokens = Math.min(this.burst, bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond);
    bucket.at = now;
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  /** Forgets buckets that have refilled completely: they are the same as a new one. */
  prune(now = Date.now()) {
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond >= this.burst) this.buckets.delete(key);
    }
  }
}

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
  private sessionCheck: SessionCheck | undefined;
  private get tickMs() {
    return Math.min(this.heartbeatMs, 5_000);
  }
  private readonly sends: TokenBuckets;

  private readonly idleRecheckMs: number;

  constructor(
    private readonly heartbeatMs = HEARTBEAT_MS,
    limits: { sendBurst?: number; sendPerSecond?: number; idleRecheckMs?: number } = {},
  ) {
    this.sends = new TokenBuckets(limits.sendBurst ?? SEND_BURST, limits.sendPerSecond ?? SEND_PER_SECOND);
    this.idleRecheckMs = limits.idleRecheckMs ?? IDLE_RECHECK_MS;
    this.allow(/^\/user\/ws-broker\/system-channel$/, () => true);
    this.allow(/^\/ws-broker\/system-channel$/, () => true);
  }

  /**
   * How every inbound frame re-reads the socket's session and user. Without it (a bare broker in a
   * test) sockets keep the user they opened with.
   */
  checkSessionsWith(check: SessionCheck) {
    this.sessionCheck = check;
  }

  attach(server: Server<Connection>) {
    this.server = server;
    this.heartbeatTimer ??= setInterval(() => this.beat(), this.tickMs);
  }

  stop() {
    clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = undefined;
    for (const ws of this.connections.values()) ws.close(1001, "server stopping");
  }

  allow(pattern: RegExp, allow: SubscribeRule["allow"], revoked?: SubscribeRule["revoked"]) {
    this.rules.push({ pattern, allow, revoked });
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
      checkedAt: Date.now(),
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

  /** Closes a user's sockets (ERROR, then close), for example when an administrator deactivates them. */
  disconnectUser(userId: number) {
    for (const ws of [...this.connections.values()]) if (ws.data.user.id === userId) this.endSession(ws);
  }

  /**
   * After a user's sessions or rights changed (logout, password reset, deactivation, role change,
   * removal from a project): each of their sockets re-reads its session, closing if it is gone,
   * and every subscription is asked again, dropping those the user may no longer have. Synchronous,
   * so no publish after the call reaches a dropped subscription.
   */
  recheckUser(userId: number) {
    for (const ws of [...this.connections.values()]) if (ws.data.user.id === userId) this.recheck(ws);
  }

  /** recheckUser for everyone connected, when a change touches many users at once (a project removed). */
  recheckAll() {
    for (const ws of [...this.connections.values()]) this.recheck(ws);
  }

  private recheck(ws: Socket) {
    if (this.refresh(ws, false)) this.narrow(ws);
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
        frames = parseFrames(text, MAX_FRAMES_PER_MESSAGE);
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
    // The session may have ended and the role changed since the previous frame.
    if (!this.refresh(ws, true)) return;
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
    if (!this.allowed(conn.user, destination).allowed) return this.fail(ws, `not allowed to subscribe to ${destination}`);
    // A user destination is private: the topic carries the user id so nobody else's publish reaches it.
    const shared = destination === SYSTEM_CHANNEL ? `${destination}#user${conn.user.id}` : destination;
    const topic = topicOf(shared, id);
    conn.subscriptions.set(id, { destination: shared, requested: destination, topic });
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

  /** Whether some rule lets `user` have `destination`, and the rule that matched first. */
  private allowed(user: User, destination: string): { allowed: boolean; rule?: SubscribeRule; match?: RegExpMatchArray } {
    let first: { rule: SubscribeRule; match: RegExpMatchArray } | undefined;
    for (const rule of this.rules) {
      const match = destination.match(rule.pattern);
      if (!match) continue;
      first ??= { rule, match };
      if (rule.allow(user, match)) return { allowed: true, rule, match };
    }
    return { allowed: false, ...first };
  }

  /**
   * Re-reads the socket's session and user row. A session that is gone, expired or whose user is
   * inactive ends the socket (ERROR, then close) and answers false. A changed role re-evaluates
   * the subscriptions when `narrowOnRoleChange`.
   */
  private refresh(ws: Socket, narrowOnRoleChange: boolean): boolean {
    if (ws.readyState !== 1) return false;
    if (!this.sessionCheck) return true;
    const user = this.sessionCheck(ws.data.sessionId);
    if (!user || user.id !== ws.data.user.id) {
      this.endSession(ws);
      return false;
    }
    const before = ws.data.user;
    ws.data.user = user;
    ws.data.checkedAt = Date.now();
    if (narrowOnRoleChange && user.role !== before.role) this.narrow(ws);
    return true;
  }

  /** Drops the subscriptions the socket's user may no longer have; the rule says what the user hears. */
  private narrow(ws: Socket) {
    for (const [id, sub] of [...ws.data.subscriptions]) {
      const verdict = this.allowed(ws.data.user, sub.requested);
      if (verdict.allowed) continue;
      this.unsubscribe(ws, id);
      const notice = verdict.rule?.revoked?.(verdict.match!);
      if (notice !== undefined) this.sendToSocket(ws, SYSTEM_CHANNEL, JSON.stringify(notice));
    }
  }

  /** The session ended: no further delivery, an ERROR frame, then the socket closes. */
  private endSession(ws: Socket) {
    for (const id of [...ws.data.subscriptions.keys()]) this.unsubscribe(ws, id);
    if (ws.readyState !== 1) return;
    this.error(ws, "session_ended");
    ws.close(4001, "signed out");
  }

  private async send(ws: Socket, frame: Frame) {
    const destination = frame.headers.destination ?? "";
    // Per user, across all their sockets; the connection stays, the client may retry later.
    if (!this.sends.take(ws.data.user.id)) return this.error(ws, "rate_limited", frame.headers.receipt);
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

  /**
   * Sends heart-beats, drops sockets that stayed silent for twice the agreed interval, and ends
   * sockets whose session expired or was revoked while they sent no frames (a share of them per
   * tick, so that each is re-read about every IDLE_RECHECK_MS).
   */
  private beat() {
    const now = Date.now();
    this.sends.prune(now);
    let rechecks = Math.ceil((this.connections.size * this.tickMs) / this.idleRecheckMs);
    for (const ws of [...this.connections.values()]) {
      if (rechecks > 0 && now - ws.data.checkedAt >= this.idleRecheckMs) {
        rechecks--;
        if (!this.refresh(ws, true)) continue;
      }
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
