// The chat-load generator, in its own process so it never shares the server's event loop.
// `bun bench/chat-load-client.ts CONFIG.json` (written by bench/chat-load.ts):
//   1. opens one WebSocket per member (with its session cookie for Plexus), CONNECTs and SUBSCRIBEs to
//      its chat's topic (STOMP mode) or just waits for the raw server's "ok" (raw mode);
//   2. prints {"event":"subscribed"} and waits for a line "go" on stdin (the parent reads the server's RSS);
//   3. sends RATE messages/s in total for SECONDS, each from a random connection into its own chat,
//      with a unique clientId and the send time in the text;
//   4. counts, per message and member, what arrived (exactly once expected), waits up to GRACE after
//      the last send, and prints {"event":"result", sent, expectedDeliveries, delivered, lost, ...}.
// Latency is receive wall-clock minus the send wall-clock in the text, both taken in this process.
import { readFileSync } from "node:fs";

export interface ClientConfig {
  mode: "stomp" | "raw";
  /** ws://127.0.0.1:port/ws-endpoint (stomp) or ws://127.0.0.1:port/ (raw). */
  url: string;
  /** One entry per chat: its id (stomp) or topic name (raw), and one cookie per member (stomp). */
  groups: { key: string; cookies?: string[] }[];
  membersPerGroup: number;
  rate: number;
  seconds: number;
  graceSeconds: number;
}

const config = JSON.parse(readFileSync(process.argv[2]!, "utf8")) as ClientConfig;
if (!/^ws:\/\/(127\.0\.0\.1|localhost)[:/]/.test(config.url)) throw new Error("chat load targets 127.0.0.1 only");

const CONNECT_IN_FLIGHT = 50;
const CONNECT_TIMEOUT_MS = 120_000;
const SUB_ID = "sub-0"; // what @stomp/stompjs would name a client's first subscription
const wall = () => performance.timeOrigin + performance.now();
const emit = (event: string, data: object = {}) => process.stdout.write(`${JSON.stringify({ event, ...data })}\n`);

const { mode, groups, membersPerGroup: size } = config;
const total = Math.round(config.rate * config.seconds);
const counts = new Uint8Array(total * size); // [message * size + member position] = copies received
const latencies = new Float64Array(total * size);
let latencyCount = 0;
let unexpected = 0; // a message at a member of another chat, or an unknown clientId
let stompErrors = 0;
const errorSamples: string[] = [];
let closedEarly = 0;
let lastDelivery = 0;
let received = 0;
let sending = false;
let sendStart = 0;
/** The worst latency of the messages sent in each second of the run: shows whether slow ones cluster. */
const worstBySecond: number[] = [];

interface Conn {
  ws: WebSocket;
  group: number;
  pos: number;
}
const conns: Conn[] = [];

/** Records one delivery of message `index` (sent at `sentAt`) at connection `conn`. */
function deliver(conn: Conn, index: number, sentAt: number, group: number) {
  const now = wall();
  if (!(index >= 0 && index < total) || group !== conn.group) {
    unexpected++;
    return;
  }
  const slot = index * size + conn.pos;
  if (counts[slot]! < 255) counts[slot]!++;
  received++;
  if (counts[slot] === 1) {
    const latency = (latencies[latencyCount++] = now - sentAt);
    const second = Math.floor((sentAt - sendStart) / 1000);
    if (latency > (worstBySecond[second] ?? 0)) worstBySecond[second] = latency;
  }
  lastDelivery = now;
}

function open(group: number, pos: number): Promise<void> {
  const { key, cookies } = groups[group]!;
  return new Promise((resolve, reject) => {
    const url = mode === "raw" ? `${config.url}?topic=${encodeURIComponent(key)}` : config.url;
    // Bun's WebSocket takes request headers: the session cookie authenticates the upgrade.
    const ws = new WebSocket(url, mode === "stomp" ? ({ headers: { cookie: cookies![pos]! } } as never) : undefined);
    const conn: Conn = { ws, group, pos };
    let ready = false;
    ws.onopen = () => {
      if (mode === "stomp") ws.send("CONNECT\naccept-version:1.2\nhost:127.0.0.1\nheart-beat:0,0\n\n\0");
    };
    ws.onmessage = (event) => {
      const data = event.data as string;
      if (mode === "raw") {
        if (data === "ok") {
          ready = true;
          return resolve();
        }
        // topic|m<index>|<sent wall-clock ms>
        const a = data.indexOf("|");
        const b = data.indexOf("|", a + 1);
        return deliver(conn, Number(data.slice(a + 2, b)), Number(data.slice(b + 1)), Number(data.slice(1, a)));
      }
      const nl = data.indexOf("\n");
      if (nl <= 0) return; // a heart-beat
      const command = data.slice(0, nl);
      if (command === "MESSAGE") {
        const body = JSON.parse(data.slice(data.indexOf("\n\n") + 2, data.length - 1));
        if (body.type !== "MESSAGE") return;
        const m = body.message as { chatId: number; clientId: string; decryptedBody: string };
        const text = m.decryptedBody; // "load <index> <sent wall-clock ms>"
        const groupOf = chatGroup.get(m.chatId) ?? -1;
        return deliver(conn, Number(m.clientId.slice(1)), Number(text.slice(text.lastIndexOf(" ") + 1)), groupOf);
      }
      if (command === "CONNECTED") {
        ws.send(`SUBSCRIBE\nid:${SUB_ID}\ndestination:/ws-broker/topic/${groups[group]!.key}\nreceipt:sub\n\n\0`);
      } else if (command === "RECEIPT") {
        ready = true;
        resolve();
      } else if (command === "ERROR") {
        stompErrors++;
        if (errorSamples.length < 5) errorSamples.push(data.slice(0, 200).replace(/\0/g, ""));
        if (!ready) reject(new Error(`STOMP ERROR while subscribing: ${data.slice(0, 200)}`));
      }
    };
    ws.onclose = (event) => {
      if (!ready) reject(new Error(`socket closed before subscribing: ${event.code} ${event.reason}`));
      else if (sending || lastDelivery) closedEarly++;
    };
    ws.onerror = () => {
      if (!ready) reject(new Error("socket error before subscribing"));
    };
    conns.push(conn);
  });
}

const chatGroup = new Map(groups.map((g, i) => [Number(g.key), i]));

// 1. Connect and subscribe, CONNECT_IN_FLIGHT at a time.
const connectStart = performance.now();
const pending: [number, number][] = [];
for (let g = 0; g < groups.length; g++) for (let p = 0; p < size; p++) pending.push([g, p]);
const timeout = setTimeout(() => {
  console.error(`chat-load-client: not all subscribed within ${CONNECT_TIMEOUT_MS} ms`);
  process.exit(2);
}, CONNECT_TIMEOUT_MS);
await Promise.all(
  Array.from({ length: CONNECT_IN_FLIGHT }, async () => {
    for (let next = pending.shift(); next; next = pending.shift()) await open(next[0], next[1]);
  }),
);
clearTimeout(timeout);
conns.sort((a, b) => a.group * size + a.pos - (b.group * size + b.pos));
emit("subscribed", { connections: conns.length, connectSeconds: +((performance.now() - connectStart) / 1000).toFixed(2) });

// 2. Wait for the parent's "go" (or start at once when run by hand without a pipe).
if (!process.stdin.isTTY) for await (const line of console) if (line.trim() === "go") break;

// 3. Send at a steady total rate: each tick sends whatever the schedule says is due by now.
const cpuBefore = process.cpuUsage();
sendStart = wall();
let sent = 0;
let sendFailures = 0;
sending = true;
function sendDue() {
  const due = Math.min(total, Math.floor(((wall() - sendStart) / 1000) * config.rate) + 1);
  while (sent < due) {
    const conn = conns[Math.floor(Math.random() * conns.length)]!;
    const index = sent++;
    const at = wall();
    if (conn.ws.readyState !== WebSocket.OPEN) {
      sendFailures++;
      continue;
    }
    if (mode === "raw") conn.ws.send(`t${conn.group}|m${index}|${at}`);
    else {
      const key = groups[conn.group]!.key;
      conn.ws.send(`SEND\ndestination:/ws-prefix/notify/${key}\ncontent-type:application/json\n\n${JSON.stringify({ text: `load ${index} ${at}`, clientId: `m${index}` })}\0`);
    }
  }
}
await new Promise<void>((resolve) => {
  const timer = setInterval(() => {
    sendDue();
    if (sent >= total) {
      clearInterval(timer);
      resolve();
    }
  }, 2);
});
const sendEnd = wall();
sending = false;

// 4. Stragglers: stop early once every expected copy is in.
const expectedDeliveries = total * size;
const graceEnd = performance.now() + config.graceSeconds * 1000;
while (latencyCount < expectedDeliveries && performance.now() < graceEnd) await Bun.sleep(10);
const cpu = process.cpuUsage(cpuBefore);

let duplicates = 0;
for (const c of counts) if (c > 1) duplicates += c - 1;
const delivered = latencyCount;
const sorted = latencies.subarray(0, latencyCount).sort();
const pct = (p: number) => +(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN).toFixed(2);
const activeSeconds = ((lastDelivery || sendEnd) - sendStart) / 1000;
emit("result", {
  mode,
  connections: conns.length,
  sent,
  sendFailures,
  expectedDeliveries,
  delivered,
  lost: expectedDeliveries - delivered,
  duplicates,
  unexpected,
  stompErrors,
  errorSamples,
  closedEarly,
  p50: pct(0.5),
  p99: pct(0.99),
  p999: pct(0.999),
  max: +(sorted[sorted.length - 1] ?? NaN).toFixed(2),
  deliveredPerSecond: Math.round(delivered / activeSeconds),
  sendSeconds: +((sendEnd - sendStart) / 1000).toFixed(2),
  clientCpuPercent: Math.round(((cpu.user + cpu.system) / 1000 / ((wall() - sendStart) || 1)) * 100),
  framesReceived: received,
  worstBySecond: worstBySecond.map((ms) => Math.round(ms)),
});
process.exit(0);
