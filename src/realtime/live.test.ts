import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Client, type IMessage } from "@stomp/stompjs";
import { openDb } from "../../db/client";
import { makeUser, tempDataDir, testConfig } from "../testing/harness";
import { startServer } from "../web";
import { Broker } from "./broker";

let server: Awaited<ReturnType<typeof startServer>>;
let data: ReturnType<typeof tempDataDir>;
let wsUrl: string;

beforeAll(async () => {
  data = tempDataDir();
  const config = testConfig(data.dir);
  server = await startServer({ db: openDb(config.dbPath), config, withPages: false });
  wsUrl = `${server.url.replace("http", "ws")}/ws-endpoint`;
});
afterAll(async () => {
  await server.stop();
  data.cleanup();
});

async function cookieFor(role: "USER" | "ADMIN" = "USER") {
  const user = await makeUser(server.ctx.db, role);
  const res = await fetch(`${server.url}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: user.login, password: user.password }),
  });
  return { user, cookie: res.headers.get("set-cookie")!.split(";")[0] };
}

/** A real @stomp/stompjs client over a real socket, resolved once CONNECTED arrives. */
function connect(cookie: string, heartbeat = 25_000) {
  const errors: string[] = [];
  const client = new Client({
    webSocketFactory: () => new WebSocket(wsUrl, { headers: { cookie } } as never),
    heartbeatIncoming: heartbeat,
    heartbeatOutgoing: heartbeat,
    reconnectDelay: 0,
    onStompError: (frame) => errors.push(frame.headers.message),
  });
  const ready = new Promise<Client>((resolve, reject) => {
    client.onConnect = () => resolve(client);
    client.onWebSocketClose = () => reject(new Error("closed before CONNECTED"));
  });
  client.activate();
  return { client, ready, errors };
}

/** Collects JSON bodies arriving on a destination. */
function collect(client: Client, destination: string) {
  const bodies: any[] = [];
  client.subscribe(destination, (message: IMessage) => bodies.push(JSON.parse(message.body)));
  return bodies;
}

const until = async (check: () => boolean, timeoutMs = 3000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await Bun.sleep(20);
  }
};

describe("/ws-endpoint", () => {
  test("refuses an upgrade without a session, and one from another site", async () => {
    const plain = await fetch(`${server.url}/ws-endpoint`, { headers: { upgrade: "websocket", connection: "Upgrade", "sec-websocket-key": "dGhlIHNhbXBsZSBub25jZQ==", "sec-websocket-version": "13" } });
    expect(plain.status).toBe(401);
    const { cookie } = await cookieFor();
    const cross = await fetch(`${server.url}/ws-endpoint`, {
      headers: { cookie, origin: "https://evil.example", upgrade: "websocket", connection: "Upgrade", "sec-websocket-key": "dGhlIHNhbXBsZSBub25jZQ==", "sec-websocket-version": "13" },
    });
    expect(cross.status).toBe(403);
  });

  test("CONNECTED offers heart-beats 25000,25000 and the user's system channel lists who is online", async () => {
    const alice = await cookieFor();
    const bob = await cookieFor();
    const a = connect(alice.cookie);
    await a.ready;
    const b = connect(bob.cookie);
    const client = await b.ready;
    expect(b.client.connectedVersion).toBe("1.2");
    const system = collect(client, "/user/ws-broker/system-channel");
    await until(() => system.some((m) => m.type === "USERS_CONNECTED"));
    const online = system.find((m) => m.type === "USERS_CONNECTED").ids;
    expect(online).toContain(alice.user.id);
    expect(online).toContain(bob.user.id);
    await a.client.deactivate();
    await b.client.deactivate();
  });

  test("others hear USER_DISCONNECTED when a user's last tab closes, and the last logout time is kept", async () => {
    const watcher = await cookieFor();
    const leaver = await cookieFor();
    const w = connect(watcher.cookie);
    const broadcast = collect(await w.ready, "/ws-broker/system-channel");
    const l = connect(leaver.cookie);
    await l.ready;
    await until(() => broadcast.some((m) => m.type === "USERS_CONNECTED" && m.ids.includes(leaver.user.id)));
    await l.client.deactivate();
    await until(() => broadcast.some((m) => m.type === "USER_DISCONNECTED" && m.id === leaver.user.id));
    const row = server.ctx.db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, leaver.user.id) });
    expect((await row)!.lastLogoutDate).toBeInstanceOf(Date);
    await w.client.deactivate();
  });

  test("PING_PONG answers on the sender's own system channel only", async () => {
    const one = await cookieFor();
    const other = await cookieFor();
    const a = connect(one.cookie);
    const b = connect(other.cookie);
    const mine = collect(await a.ready, "/user/ws-broker/system-channel");
    const theirs = collect(await b.ready, "/user/ws-broker/system-channel");
    a.client.publish({ destination: "/ws-prefix/ping-pong", body: "{}" });
    await until(() => mine.some((m) => m.type === "PING_PONG"));
    await Bun.sleep(100);
    expect(theirs.some((m) => m.type === "PING_PONG")).toBe(false);
    await a.client.deactivate();
    await b.client.deactivate();
  });

  test("a destination without a permission rule gets an ERROR frame and the socket closes", async () => {
    const { cookie } = await cookieFor();
    const c = connect(cookie);
    const client = await c.ready;
    client.subscribe("/ws-broker/topic/12345", () => undefined);
    await until(() => c.errors.length > 0);
    expect(c.errors[0]).toContain("not allowed");
    await until(() => !client.connected);
  });

  test("a malformed frame gets an ERROR frame, then the socket closes", async () => {
    const { cookie } = await cookieFor();
    const ws = new WebSocket(wsUrl, { headers: { cookie } } as never);
    const received: string[] = [];
    const closed = new Promise<void>((resolve) => (ws.onclose = () => resolve()));
    ws.onmessage = (event) => received.push(String(event.data));
    await new Promise((resolve) => (ws.onopen = resolve));
    ws.send("CONNECT\naccept-version:1.2\n\n\0");
    ws.send("SUBSCRIBE\nthis is not a header\n\n\0");
    await closed;
    expect(received[0].startsWith("CONNECTED")).toBe(true);
    expect(received[0]).toContain("heart-beat:25000,25000");
    expect(received.some((frame) => frame.startsWith("ERROR"))).toBe(true);
  });

  test("deactivating a user closes their sockets at once", async () => {
    const admin = await cookieFor("ADMIN");
    const victim = await cookieFor();
    const v = connect(victim.cookie);
    const client = await v.ready;
    const res = await fetch(`${server.url}/api/users/deactivate?id=${victim.user.id}`, { method: "POST", headers: { cookie: admin.cookie } });
    expect(res.status).toBe(200);
    await until(() => !client.connected);
  });

  test("heart-beats keep a client; silence past twice the interval drops it", async () => {
    // A second server whose broker beats every 300 ms, so the test does not wait 50 s.
    const own = tempDataDir();
    const config = testConfig(own.dir);
    const fast = await startServer({ db: openDb(config.dbPath), config, live: new Broker(300), withPages: false });
    const user = await makeUser(fast.ctx.db);
    const login = await fetch(`${fast.url}/api/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ username: user.login, password: user.password }) });
    const cookie = login.headers.get("set-cookie")!.split(";")[0];
    const open = async () => {
      const ws = new WebSocket(`${fast.url.replace("http", "ws")}/ws-endpoint`, { headers: { cookie } } as never);
      const frames: string[] = [];
      ws.onmessage = (event) => frames.push(String(event.data));
      const closed = new Promise<number>((resolve) => (ws.onclose = (event) => resolve(event.code)));
      await new Promise((resolve) => (ws.onopen = resolve));
      ws.send("CONNECT\naccept-version:1.2\nheart-beat:300,300\n\n\0");
      return { ws, frames, closed };
    };
    const beating = await open();
    const timer = setInterval(() => beating.ws.send("\n"), 150);
    const silent = await open();
    const started = Date.now();
    expect(await silent.closed).toBe(1001);
    expect(Date.now() - started).toBeLessThan(2000);
    await Bun.sleep(300);
    expect(beating.ws.readyState).toBe(WebSocket.OPEN);
    expect(beating.frames.filter((f) => f === "\n").length).toBeGreaterThan(0);
    clearInterval(timer);
    beating.ws.close();
    await fast.stop();
    own.cleanup();
  });
});
