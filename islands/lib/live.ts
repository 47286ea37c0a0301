/**
 * A small STOMP 1.2 client for the live channel: connects with the session cookie, keeps
 * heart-beats, reconnects five seconds after a loss and re-subscribes. Pages share one instance.
 *
 * One STOMP subscription per destination, however many handlers listen to it: the server answers
 * a user's system channel on one subscription per socket only. A SEND may ask for a RECEIPT, so a
 * caller learns what the server accepted. Each SUBSCRIBE asks for a RECEIPT too, so a caller can
 * wait until a destination is live before it fetches what was missed (whenSubscribed): a message
 * stored between that fetch and the subscription would otherwise reach neither. The browser going
 * offline closes the socket at once (open sockets outlive the network otherwise) and no reconnect
 * is tried until it is back online.
 */
type Handler = (body: unknown) => void;

const HEARTBEAT = 25_000;
const RECONNECT_DELAY = 5_000;

/** Why a SEND with a receipt was not accepted: the server's error code, or "disconnected". */
export class LiveSendError extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

const unescapeHeader = (value: string) =>
  value.replace(/\\([nrc\\])/g, (_, c: string) => (c === "n" ? "\n" : c === "r" ? "\r" : c === "c" ? ":" : "\\"));

class LiveChannel {
  private ws: WebSocket | undefined;
  /** By destination: the STOMP subscription id, everyone listening there, and when the server confirmed it. */
  private subs = new Map<string, { id: string; handlers: Set<Handler>; live: Promise<void> }>();
  private byId = new Map<string, string>();
  private nextSub = 0;
  private nextReceipt = 0;
  private receipts = new Map<string, { resolve: () => void; reject: (error: LiveSendError) => void }>();
  private beat: ReturnType<typeof setInterval> | undefined;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private lastIn = 0;
  private stopped = false;
  private watchingNetwork = false;
  connected = false;
  readonly listeners = new Set<(connected: boolean) => void>();

  start() {
    this.stopped = false;
    this.watchNetwork();
    if (this.ws || this.retry) return;
    if (typeof navigator !== "undefined" && navigator.onLine === false) return this.schedule();
    const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws-endpoint`);
    this.ws = ws;
    ws.onopen = () => ws.send(`CONNECT\naccept-version:1.2\nhost:${location.host}\nheart-beat:${HEARTBEAT},${HEARTBEAT}\n\n\0`);
    ws.onmessage = (event) => this.receive(String(event.data));
    ws.onclose = () => this.lost(ws);
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.retry);
    this.retry = undefined;
    this.drop();
  }

  /** Listens on a destination; the returned function stops listening. */
  subscribe(destination: string, handler: Handler): () => void {
    let sub = this.subs.get(destination);
    if (!sub) {
      sub = { id: `sub-${this.nextSub++}`, handlers: new Set(), live: Promise.resolve() };
      this.subs.set(destination, sub);
      this.byId.set(sub.id, destination);
      if (this.connected) this.sendSubscribe(sub);
    }
    sub.handlers.add(handler);
    const current = sub;
    return () => {
      current.handlers.delete(handler);
      if (current.handlers.size || this.subs.get(destination) !== current) return;
      this.subs.delete(destination);
      this.byId.delete(current.id);
      if (this.connected) this.ws?.send(`UNSUBSCRIBE\nid:${current.id}\n\n\0`);
    };
  }

  /**
   * Resolves once the server has confirmed the subscription to `destination` (its RECEIPT), so
   * whatever is stored from then on arrives here; at once when there is none or no connection (a
   * reconnect subscribes again), and when the connection is lost before the RECEIPT.
   */
  whenSubscribed(destination: string): Promise<void> {
    return this.subs.get(destination)?.live ?? Promise.resolve();
  }

  /** Sends at once if connected (true), otherwise drops it (false). */
  send(destination: string, body: unknown) {
    if (!this.connected) return false;
    this.ws!.send(`SEND\ndestination:${destination}\ncontent-type:application/json\n\n${JSON.stringify(body)}\0`);
    return true;
  }

  /**
   * Sends with a receipt header: resolves when the server's RECEIPT arrives, rejects with the
   * server's error code when it refused, or with "disconnected" when the connection was lost first.
   */
  sendWithReceipt(destination: string, body: unknown): Promise<void> {
    if (!this.connected) return Promise.reject(new LiveSendError("disconnected"));
    const receipt = `r-${this.nextReceipt++}`;
    return new Promise<void>((resolve, reject) => {
      this.receipts.set(receipt, { resolve, reject });
      this.ws!.send(`SEND\ndestination:${destination}\ncontent-type:application/json\nreceipt:${receipt}\n\n${JSON.stringify(body)}\0`);
    });
  }

  private watchNetwork() {
    if (this.watchingNetwork || typeof window === "undefined") return;
    this.watchingNetwork = true;
    window.addEventListener("offline", () => this.drop());
  }

  private sendSubscribe(sub: { id: string; live: Promise<void> }) {
    const destination = this.byId.get(sub.id);
    if (!this.ws || destination === undefined) return;
    const receipt = `r-${this.nextReceipt++}`;
    sub.live = new Promise<void>((resolve) => this.receipts.set(receipt, { resolve, reject: () => resolve() }));
    this.ws.send(`SUBSCRIBE\nid:${sub.id}\ndestination:${destination}\nreceipt:${receipt}\n\n\0`);
  }

  private receive(data: string) {
    this.lastIn = Date.now();
    for (const raw of data.split("\0")) {
      const frame = raw.replace(/^[\r\n]+/, "");
      if (!frame) continue;
      const split = frame.indexOf("\n\n");
      const head = frame.slice(0, split).split("\n");
      const body = frame.slice(split + 2);
      const headers: Record<string, string> = {};
      for (const line of head.slice(1)) {
        const colon = line.indexOf(":");
        const name = unescapeHeader(line.slice(0, colon));
        if (!(name in headers)) headers[name] = unescapeHeader(line.slice(colon + 1));
      }
      if (head[0] === "CONNECTED") this.opened();
      else if (head[0] === "MESSAGE") this.deliver(headers.subscription, body);
      else if (head[0] === "RECEIPT") this.settle(headers["receipt-id"]);
      else if (head[0] === "ERROR") {
        if (headers["receipt-id"]) this.settle(headers["receipt-id"], headers.message || "error");
        else console.warn("live channel error", headers.message);
      }
    }
  }

  private deliver(subscription: string, body: string) {
    const destination = this.byId.get(subscription);
    const sub = destination === undefined ? undefined : this.subs.get(destination);
    if (!sub) return;
    let parsed: unknown = null;
    try {
      parsed = body ? JSON.parse(body) : null;
    } catch {
      parsed = body;
    }
    for (const handler of [...sub.handlers]) {
      try {
        handler(parsed);
      } catch (error) {
        console.error(error);
      }
    }
  }

  private settle(receipt: string, errorCode?: string) {
    const waiting = this.receipts.get(receipt);
    if (!waiting) return;
    this.receipts.delete(receipt);
    if (errorCode) waiting.reject(new LiveSendError(errorCode));
    else waiting.resolve();
  }

  private opened() {
    this.connected = true;
    for (const sub of this.subs.values()) this.sendSubscribe(sub);
    this.beat = setInterval(() => {
      if (Date.now() - this.lastIn > HEARTBEAT * 2) this.drop();
      else this.ws?.send("\n");
    }, HEARTBEAT);
    this.listeners.forEach((listener) => listener(true));
  }

  /** Gives up the current socket now (its close may take long without a network) and plans a reconnect. */
  private drop() {
    const ws = this.ws;
    if (!ws) return;
    ws.onclose = null;
    ws.onmessage = null;
    try {
      ws.close();
    } catch {
      // already closed
    }
    this.lost(ws);
  }

  private lost(ws: WebSocket) {
    if (this.ws !== ws) return;
    clearInterval(this.beat);
    const was = this.connected;
    this.connected = false;
    this.ws = undefined;
    const pending = [...this.receipts.values()];
    this.receipts.clear();
    pending.forEach((waiting) => waiting.reject(new LiveSendError("disconnected")));
    if (was) this.listeners.forEach((listener) => listener(false));
    if (!this.stopped) this.schedule();
  }

  private schedule() {
    clearTimeout(this.retry);
    this.retry = setTimeout(() => {
      this.retry = undefined;
      if (!this.stopped) this.start();
    }, RECONNECT_DELAY);
  }
}

export const live = new LiveChannel();
