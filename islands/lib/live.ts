/**
 * A small STOMP 1.2 client for the live channel: connects with the session cookie, keeps
 * heart-beats, reconnects five seconds after a loss and re-subscribes. Pages share one instance.
 */
type Handler = (body: unknown) => void;

const HEARTBEAT = 25_000;
const RECONNECT_DELAY = 5_000;

class LiveChannel {
  private ws: WebSocket | undefined;
  private subs = new Map<string, { destination: string; handler: Handler }>();
  private nextSub = 0;
  private beat: ReturnType<typeof setInterval> | undefined;
  private lastIn = 0;
  private stopped = false;
  connected = false;
  readonly listeners = new Set<(connected: boolean) => void>();

  start() {
    this.stopped = false;
    if (this.ws) return;
    const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws-endpoint`);
    this.ws = ws;
    ws.onopen = () => ws.send(`CONNECT\naccept-version:1.2\nhost:${location.host}\nheart-beat:${HEARTBEAT},${HEARTBEAT}\n\n\0`);
    ws.onmessage = (event) => this.receive(String(event.data));
    ws.onclose = () => this.lost();
  }

  stop() {
    this.stopped = true;
    this.ws?.close();
  }

  subscribe(destination: string, handler: Handler): () => void {
    const id = `sub-${this.nextSub++}`;
    this.subs.set(id, { destination, handler });
    if (this.connected) this.sendSubscribe(id, destination);
    return () => {
      this.subs.delete(id);
      if (this.connected) this.ws?.send(`UNSUBSCRIBE\nid:${id}\n\n\0`);
    };
  }

  send(destination: string, body: unknown) {
    if (!this.connected) return false;
    this.ws!.send(`SEND\ndestination:${destination}\ncontent-type:application/json\n\n${JSON.stringify(body)}\0`);
    return true;
  }

  private sendSubscribe(id: string, destination: string) {
    this.ws?.send(`SUBSCRIBE\nid:${id}\ndestination:${destination}\n\n\0`);
  }

  private receive(data: string) {
    this.lastIn = Date.now();
    for (const raw of data.split("\0")) {
      const frame = raw.replace(/^[\r\n]+/, "");
      if (!frame) continue;
      const split = frame.indexOf("\n\n");
      const head = frame.slice(0, split).split("\n");
      const body = frame.slice(split + 2);
      const headers = Object.fromEntries(head.slice(1).map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 1)]));
      if (head[0] === "CONNECTED") this.opened();
      else if (head[0] === "MESSAGE") this.subs.get(headers.subscription)?.handler(body ? JSON.parse(body) : null);
      else if (head[0] === "ERROR") console.warn("live channel error", headers.message);
    }
  }

  private opened() {
    this.connected = true;
    for (const [id, sub] of this.subs) this.sendSubscribe(id, sub.destination);
    this.beat = setInterval(() => {
      if (Date.now() - this.lastIn > HEARTBEAT * 2) this.ws?.close();
      else this.ws?.send("\n");
    }, HEARTBEAT);
    this.listeners.forEach((listener) => listener(true));
  }

  private lost() {
    clearInterval(this.beat);
    const was = this.connected;
    this.connected = false;
    this.ws = undefined;
    if (was) this.listeners.forEach((listener) => listener(false));
    if (!this.stopped) setTimeout(() => this.start(), RECONNECT_DELAY);
  }
}

export const live = new LiveChannel();
