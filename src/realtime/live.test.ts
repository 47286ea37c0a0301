import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Client, type IMessage } from "@stomp/stompjs";
import { eq } from "drizzle-orm";
import { openDb } from "../../db/client";
import { categories, dataCategories, dataItems, passwordResetRequests, projects, sessions, userProjects, users } from "../../db/schema";
import { sha256 } from "../lib/crypto";
import { makeUser, tempDataDir, testConfig } from "../testing/harness";
import { ownPageHeaders } from "../testing/own-page";
import { startServer } from "../web";
import { Broker, MAX_FRAMES_PER_MESSAGE, SEND_BURST, SEND_PER_SECOND } from "./broker";

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

async function cookieFor(role: "USER" | "ADMIN" | "SYSTEM_ADMIN" = "USER") {
  const user = await makeUser(server.ctx.db, role);
  const res = await fetch(`${server.url}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json", ...ownPageHeaders(server.url) },
    body: JSON.stringify({ username: user.login, password: user.password }),
  });
  return { user, cookie: res.headers.get("set-cookie")!.split(";")[0] };
}

/** A real @stomp/stompjs client over a real socket, resolved once CONNECTED arrives. */
function connect(cookie: string, heartbeat = 25_000) {
  const errors: string[] = [];
  const client = new Client({
    webSocketFactory: () => new WebSocket(wsUrl, { headers: { cookie, origin: server.url } } as never),
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
    const res = await fetch(`${server.url}/api/users/deactivate?id=${victim.user.id}`, { method: "POST", headers: { cookie: admin.cookie, ...ownPageHeaders(server.url) } });
    expect(res.status).toBe(200);
    await until(() => !client.connected);
  });

  test("heart-beats keep a client; silence past twice the interval drops it", async () => {
    // A second server whose broker beats every 300 ms, so the test does not wait 50 s.
    const own = tempDataDir();
    const config = testConfig(own.dir);
    const fast = await startServer({ db: openDb(config.dbPath), config, live: new Broker(300), withPages: false });
    const user = await makeUser(fast.ctx.db);
    const login = await fetch(`${fast.url}/api/login`, { method: "POST", headers: { "content-type": "application/json", ...ownPageHeaders(fast.url) }, body: JSON.stringify({ username: user.login, password: user.password }) });
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

// ---------------------------------------------------------------------------------------------
// A live connection lives as long as its session and acts with the user's current rights.

async function api(cookie: string | undefined, method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { ...ownPageHeaders(server.url), ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** A connected client with what its system channel hears, its ERROR frames and whether its socket closed. */
async function session(cookie: string) {
  const c = connect(cookie);
  const client = await c.ready;
  const state = { closed: false };
  client.onWebSocketClose = () => (state.closed = true);
  const system = collect(client, "/user/ws-broker/system-channel");
  /** Subscribes to a chat's topic; resolves once the server's RECEIPT says the subscription is in place. */
  const topic = async (chatId: number) => {
    const receipt = `topic-${chatId}-${Math.random()}`;
    const placed = new Promise<void>((resolve) => client.watchForReceipt(receipt, () => resolve()));
    const bodies: any[] = [];
    client.subscribe(`/ws-broker/topic/${chatId}`, (message: IMessage) => bodies.push(JSON.parse(message.body)), { receipt });
    await placed;
    return bodies;
  };
  const say = (chatId: number, text: string) => client.publish({ destination: `/ws-prefix/notify/${chatId}`, body: JSON.stringify({ text }) });
  return { client, errors: c.errors, state, system, topic, say };
}

/** A project with one data item, the given users as members, and the item's comment chat. */
async function projectChat(members: { cookie: string; user: { id: number } }[]) {
  const db = server.ctx.db;
  const project = db.insert(projects).values({ name: `Live ${Date.now()}-${Math.random()}` }).returning().get();
  const memberships = members.map((m) => db.insert(userProjects).values({ userId: m.user.id, projectId: project.id }).returning().get());
  const item = db.insert(dataItems).values({ projectId: project.id, name: "Pier 4 drawing", dataType: "DOC" }).returning().get();
  const chat = await api(members[0].cookie, "POST", "/chats/new-chat-for-data", { dataId: item.id });
  expect(chat.status).toBe(200);
  return { project, item, chatId: chat.body.id as number, memberships };
}

const texts = (bodies: any[]) => bodies.filter((b) => b.type === "MESSAGE").map((b) => b.message.decryptedBody);

/** Both hear a first message, so both subscriptions are in place. */
async function warmUp(chatId: number, speaker: Awaited<ReturnType<typeof session>>, inboxes: any[][]) {
  speaker.say(chatId, "warm-up");
  await until(() => inboxes.every((inbox) => texts(inbox).includes("warm-up")));
}

describe("revocation over a live connection", () => {
  test("removing a data item, or taking a moderator's flag, ends the subscriptions to its comments of those who no longer see it", async () => {
    const reader = await cookieFor();
    const moderator = await cookieFor();
    const { chatId, memberships, item } = await projectChat([reader, moderator]);
    server.ctx.db.update(userProjects).set({ moderator: true }).where(eq(userProjects.id, memberships[1].id)).run();
    const r = await session(reader.cookie);
    const m = await session(moderator.cookie);
    const rTopic = await r.topic(chatId);
    const mTopic = await m.topic(chatId);
    await warmUp(chatId, m, [rTopic, mTopic]);

    expect((await api(moderator.cookie, "GET", `/data/remove?id=${item.id}`)).status).toBe(200);
    await until(() => r.system.some((e) => e.type === "DETACHED" && e.chatId === chatId), 1000);
    m.say(chatId, "about the removed drawing");
    await until(() => texts(mTopic).includes("about the removed drawing"));
    await Bun.sleep(150);
    expect(texts(rTopic)).not.toContain("about the removed drawing");

    // The moderator still sees the removed item, until the flag goes.
    const admin = await cookieFor("ADMIN");
    // A project keeps a moderator: with the administrator as a member, the flag may go.
    server.ctx.db.insert(userProjects).values({ userId: admin.user.id, projectId: memberships[1].projectId }).run();
    const flag = (on: boolean) => api(admin.cookie, "POST", "/project/add-user-project", { id: memberships[1].id, user: { id: moderator.user.id }, project: { id: memberships[1].projectId }, moderator: on });
    expect((await flag(false)).status).toBe(200);
    await until(() => m.system.some((e) => e.type === "DETACHED" && e.chatId === chatId), 1000);
  });

  test("categories narrow at once: a member's new categories, an item's, or a deleted category end the subscriptions of those who no longer see it", async () => {
    const admin = await cookieFor("ADMIN");
    const reader = await cookieFor();
    const staying = await cookieFor();
    const { chatId, memberships, item, project } = await projectChat([reader, staying]);
    const db = server.ctx.db;
    const [photos, drawings] = ["Site photos", "Drawings"].map((name) => db.insert(categories).values({ projectId: project.id, name }).returning().get());
    db.insert(dataCategories).values([{ dataId: item.id, categoryId: photos.id }, { dataId: item.id, categoryId: drawings.id }]).run();
    const give = async (...given: { id: number }[]) => {
      const res = await api(admin.cookie, "POST", "/project/add-user-project", { id: memberships[0].id, user: { id: reader.user.id }, project: { id: project.id }, categoryList: given });
      expect(res.status).toBe(200);
    };
    await give(photos);
    const r = await session(reader.cookie);
    const s = await session(staying.cookie);
    const detached = () => r.system.filter((e) => e.type === "DETACHED" && e.chatId === chatId).length;
    /** Subscribes the reader again and checks both hear the chat. */
    const listen = async (label: string) => {
      const inbox = await r.topic(chatId);
      s.say(chatId, label);
      await until(() => texts(inbox).includes(label));
    };
    await listen("with photos");

    // The item leaves the reader's only category (data/save).
    const saved = await api(admin.cookie, "POST", "/data/save", { id: item.id, project: { id: project.id }, dataType: "DOC", name: item.name, categoryList: [{ id: drawings.id }] });
    expect(saved.status).toBe(200);
    await until(() => detached() === 1, 1000);

    // Given drawings the reader hears it again; given photos instead, not.
    await give(drawings);
    await listen("with drawings");
    await give(photos);
    await until(() => detached() === 2, 1000);

    // Given both, then drawings (the item's only category) is deleted: photos alone remain.
    await give(photos, drawings);
    await listen("with both");
    expect((await api(admin.cookie, "POST", `/category/delete?id=${drawings.id}`)).status).toBe(200);
    await until(() => detached() === 3, 1000);
    expect((await api(reader.cookie, "GET", `/chat-records/get-messages?chatId=${chatId}`)).status).toBe(404);
    await r.client.deactivate();
    await s.client.deactivate();
  });

  test("removal from a project: DETACHED at once, nothing published afterwards arrives, SUBSCRIBE and SEND refused, HTTP reads 404", async () => {
    const admin = await cookieFor("ADMIN");
    const leaving = await cookieFor();
    const staying = await cookieFor();
    const { chatId, memberships, item } = await projectChat([leaving, staying]);
    const l = await session(leaving.cookie);
    const s = await session(staying.cookie);
    const lTopic = await l.topic(chatId);
    const sTopic = await s.topic(chatId);
    await warmUp(chatId, s, [lTopic, sTopic]);
    expect((await api(leaving.cookie, "GET", `/chat-records/get-messages?chatId=${chatId}`)).status).toBe(200);
    // A drive file in the comments: readable by the item's project members only.
    const form = new FormData();
    form.append("file", new File(["pier loads"], "loads.txt"));
    const file = await (await fetch(`${server.url}/api/files/save-user-file`, { method: "POST", headers: { cookie: staying.cookie, ...ownPageHeaders(server.url) }, body: form })).json();
    s.client.publish({ destination: `/ws-prefix/notify/${chatId}`, body: JSON.stringify({ file: { id: file.id } }) });
    await until(() => lTopic.some((m) => m.type === "MESSAGE" && m.message.file?.id === file.id));
    const fileStatus = async () => (await fetch(`${server.url}/api/files/get-user-file/${file.token}`, { headers: { cookie: leaving.cookie } })).status;
    expect(await fileStatus()).toBe(200);

    const heard = lTopic.length;
    const started = Date.now();
    expect((await api(admin.cookie, "POST", `/project/remove-user-project?id=${memberships[0].id}`)).status).toBe(200);
    await until(() => l.system.some((m) => m.type === "DETACHED" && m.chatId === chatId), 1000);
    expect(Date.now() - started).toBeLessThan(1000);

    s.say(chatId, "after the removal");
    await until(() => texts(sTopic).includes("after the removal"));
    await Bun.sleep(150);
    expect(lTopic.length).toBe(heard);

    for (const path of [`/chat-records/get-messages?chatId=${chatId}`, `/data/get-by-chat?chatId=${chatId}`, `/chats/get?chatId=${chatId}`, `/chats/members?chatId=${chatId}`]) {
      const res = await api(leaving.cookie, "GET", path);
      expect([path, res.status]).toEqual([path, 404]);
    }
    expect((await api(leaving.cookie, "GET", "/chats/get-all")).body.some((c: { id: number }) => c.id === chatId)).toBe(false);
    expect(await fileStatus()).toBe(404);
    expect((await api(leaving.cookie, "POST", "/chats/new-chat-for-data", { dataId: item.id })).status).toBe(404);
    expect((await api(staying.cookie, "GET", `/chats/members?chatId=${chatId}`)).body.map((u: { id: number }) => u.id)).toEqual([staying.user.id]);

    l.say(chatId, "still here?");
    await until(() => l.errors.length > 0);
    expect(l.errors).toEqual(["chat_not_found"]);
    l.client.subscribe(`/ws-broker/topic/${chatId}`, () => undefined);
    await until(() => l.state.closed);
    expect(l.errors[1]).toContain("not allowed");
    const stored = (await api(staying.cookie, "GET", `/chat-records/get-messages?chatId=${chatId}`)).body;
    expect(stored.map((m: { decryptedBody: string }) => m.decryptedBody).filter((t: string) => !t.startsWith("{"))).toEqual(["warm-up", "after the removal"]);
    await s.client.deactivate();
  });

  test("removing the project ends its chats' subscriptions at once", async () => {
    const admin = await cookieFor("ADMIN");
    const member = await cookieFor();
    const { chatId, project } = await projectChat([member]);
    const m = await session(member.cookie);
    const topic = await m.topic(chatId);
    await warmUp(chatId, m, [topic]);
    expect((await api(admin.cookie, "GET", `/project/remove?id=${project.id}`)).status).toBe(200);
    await until(() => m.system.some((e) => e.type === "DETACHED" && e.chatId === chatId), 1000);
    expect((await api(member.cookie, "GET", `/chat-records/get-messages?chatId=${chatId}`)).status).toBe(404);
    expect(m.state.closed).toBe(false);
    await m.client.deactivate();
  });

  test("a role change narrows at once: a demoted ADMIN loses a chat of a project she is not in", async () => {
    const root = await cookieFor("SYSTEM_ADMIN");
    const admin = await cookieFor("ADMIN");
    const author = await cookieFor();
    const { chatId } = await projectChat([author]);
    const a = await session(admin.cookie);
    const w = await session(author.cookie);
    const aTopic = await a.topic(chatId);
    const wTopic = await w.topic(chatId);
    await warmUp(chatId, w, [aTopic, wTopic]);

    const heard = aTopic.length;
    const started = Date.now();
    expect((await api(root.cookie, "POST", "/users/save", { id: admin.user.id, role: { groupName: "USER" } })).status).toBe(200);
    await until(() => a.system.some((m) => m.type === "DETACHED" && m.chatId === chatId), 1000);
    expect(Date.now() - started).toBeLessThan(1000);
    w.say(chatId, "for project members");
    await until(() => texts(wTopic).includes("for project members"));
    await Bun.sleep(150);
    expect(aTopic.length).toBe(heard);
    expect((await api(admin.cookie, "GET", `/chat-records/get-messages?chatId=${chatId}`)).status).toBe(404);
    a.say(chatId, "as an admin");
    await until(() => a.errors.length > 0);
    expect(a.errors).toEqual(["chat_not_found"]);
    expect(a.state.closed).toBe(false);
    await a.client.deactivate();
    await w.client.deactivate();
  });

  test("logout closes that session's sockets within a second (ERROR session_ended); the user's other session keeps its own", async () => {
    const { user, cookie } = await cookieFor();
    const other = await fetch(`${server.url}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json", ...ownPageHeaders(server.url) },
      body: JSON.stringify({ username: user.login, password: user.password }),
    });
    const otherCookie = other.headers.get("set-cookie")!.split(";")[0];
    const leaving = await session(cookie);
    const staying = await session(otherCookie);
    const started = Date.now();
    expect((await api(cookie, "POST", "/logout")).status).toBeLessThan(300);
    await until(() => leaving.state.closed, 1000);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(leaving.errors).toEqual(["session_ended"]);
    staying.client.publish({ destination: "/ws-prefix/ping-pong", body: "{}" });
    await until(() => staying.system.some((m) => m.type === "PING_PONG"));
    expect(staying.state.closed).toBe(false);
    await staying.client.deactivate();
  });

  test("a password reset closes every socket of the user within a second", async () => {
    const { user, cookie } = await cookieFor();
    const one = await session(cookie);
    const two = await session(cookie);
    const token = "reset-token-for-live-test";
    server.ctx.db.insert(passwordResetRequests).values({ userId: user.id, tokenHash: sha256(token), expiresAt: new Date(Date.now() + 60_000) }).run();
    // Hashing the new password takes most of a second: the clock starts when the reset is done.
    expect((await api(undefined, "POST", "/reset-password/set-password", { token, password: "New-password-42!" })).status).toBe(200);
    const started = Date.now();
    await until(() => one.state.closed && two.state.closed, 1000);
    expect(Date.now() - started).toBeLessThan(1000);
    expect([one.errors, two.errors]).toEqual([["session_ended"], ["session_ended"]]);
  });

  test("deactivation closes every socket of the user within a second", async () => {
    const admin = await cookieFor("ADMIN");
    const victim = await cookieFor();
    const v = await session(victim.cookie);
    const started = Date.now();
    expect((await api(admin.cookie, "POST", `/users/deactivate?id=${victim.user.id}`)).status).toBe(200);
    await until(() => v.state.closed, 1000);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(v.errors).toEqual(["session_ended"]);
  });

  test("every frame re-reads the session: one that ended or expired behind the broker's back ends the socket on its next frame", async () => {
    const db = server.ctx.db;
    for (const end of [
      (userId: number) => db.delete(sessions).where(eq(sessions.userId, userId)).run(),
      (userId: number) => db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, userId)).run(),
      (userId: number) => db.update(users).set({ isActive: false }).where(eq(users.id, userId)).run(),
    ]) {
      const { user, cookie } = await cookieFor();
      const s = await session(cookie);
      end(user.id);
      s.client.publish({ destination: "/ws-prefix/ping-pong", body: "{}" });
      await until(() => s.state.closed, 1000);
      expect(s.errors).toEqual(["session_ended"]);
      expect(s.system.some((m) => m.type === "PING_PONG")).toBe(false);
    }
  });
});

test("a socket that sends no frames still ends soon after its session expires (the heart-beat timer re-reads sessions)", async () => {
  const own = tempDataDir();
  const config = testConfig(own.dir);
  const fast = await startServer({ db: openDb(config.dbPath), config, live: new Broker(300, { idleRecheckMs: 300 }), withPages: false });
  const user = await makeUser(fast.ctx.db);
  const login = await fetch(`${fast.url}/api/login`, { method: "POST", headers: { "content-type": "application/json", ...ownPageHeaders(fast.url) }, body: JSON.stringify({ username: user.login, password: user.password }) });
  const cookie = login.headers.get("set-cookie")!.split(";")[0];
  const ws = new WebSocket(`${fast.url.replace("http", "ws")}/ws-endpoint`, { headers: { cookie, origin: fast.url } } as never);
  const frames: string[] = [];
  ws.onmessage = (event) => frames.push(String(event.data));
  const closed = new Promise<number>((resolve) => (ws.onclose = (event) => resolve(event.code)));
  await new Promise((resolve) => (ws.onopen = resolve));
  ws.send("CONNECT\naccept-version:1.2\nheart-beat:300,300\n\n\0");
  const beating = setInterval(() => ws.readyState === WebSocket.OPEN && ws.send("\n"), 100);
  await until(() => frames.some((f) => f.startsWith("CONNECTED")));
  fast.ctx.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, user.id)).run();
  const started = Date.now();
  expect(await closed).toBe(4001);
  expect(Date.now() - started).toBeLessThan(2000);
  expect(frames.some((f) => f.startsWith("ERROR") && f.includes("message:session_ended"))).toBe(true);
  clearInterval(beating);
  await fast.stop();
  own.cleanup();
});

describe("flood limits", () => {
  /** A raw socket, CONNECTed, with every frame it receives. */
  async function rawSocket(cookie: string) {
    const ws = new WebSocket(wsUrl, { headers: { cookie, origin: server.url } } as never);
    const frames: string[] = [];
    ws.onmessage = (event) => frames.push(String(event.data));
    const closed = new Promise<number>((resolve) => (ws.onclose = (event) => resolve(event.code)));
    await new Promise((resolve) => (ws.onopen = resolve));
    ws.send("CONNECT\naccept-version:1.2\n\n\0");
    await until(() => frames.some((f) => f.startsWith("CONNECTED")));
    return { ws, frames, closed };
  }
  const sendFrame = (chatId: number, text: string, receipt: string) =>
    `SEND\ndestination:/ws-prefix/notify/${chatId}\nreceipt:${receipt}\ncontent-type:application/json\n\n${JSON.stringify({ text })}\0`;
  const stored = async (cookie: string, chatId: number) =>
    (await api(cookie, "GET", `/chat-records/get-messages?chatId=${chatId}&limit=200`)).body.filter((m: { messageKey: string }) => m.messageKey === "DEFAULT").length;

  test(`more than ${MAX_FRAMES_PER_MESSAGE} frames in one WebSocket message: ERROR and close, nothing stored`, async () => {
    const { user, cookie } = await cookieFor();
    const chatId = (await api(cookie, "POST", "/chats/new-chat", { name: `Flood ${user.id}`, type: "PRIVATE" })).body;
    const raw = await rawSocket(cookie);
    raw.ws.send(Array.from({ length: MAX_FRAMES_PER_MESSAGE + 1 }, (_, i) => sendFrame(chatId, `flood ${i}`, `r${i}`)).join(""));
    expect(await raw.closed).toBe(1002);
    expect(raw.frames.some((f) => f.startsWith("ERROR") && f.includes(`more than ${MAX_FRAMES_PER_MESSAGE} frames`))).toBe(true);
    expect(await stored(cookie, chatId)).toBe(0);
  });

  test(`SEND is rate-limited per user across sockets (burst ${SEND_BURST}, ${SEND_PER_SECOND}/s): ERROR rate_limited, the connection kept`, async () => {
    const { user, cookie } = await cookieFor();
    const chatId = (await api(cookie, "POST", "/chats/new-chat", { name: `Rate ${user.id}`, type: "PRIVATE" })).body;
    const one = await rawSocket(cookie);
    const two = await rawSocket(cookie);
    // 15 + 15 at once over two sockets of one user: the burst of 20 goes through, the rest is refused.
    one.ws.send(Array.from({ length: 15 }, (_, i) => sendFrame(chatId, `one ${i}`, `a${i}`)).join(""));
    two.ws.send(Array.from({ length: 15 }, (_, i) => sendFrame(chatId, `two ${i}`, `b${i}`)).join(""));
    const answers = () => [...one.frames, ...two.frames].filter((f) => f.startsWith("RECEIPT") || f.startsWith("ERROR"));
    await until(() => answers().length === 30);
    const limited = answers().filter((f) => f.startsWith("ERROR") && f.includes("message:rate_limited"));
    const saved = await stored(cookie, chatId);
    // A token may refill while the 30 frames are handled (one every 200 ms).
    expect(saved).toBeGreaterThanOrEqual(SEND_BURST);
    expect(saved).toBeLessThanOrEqual(SEND_BURST + 1);
    expect(limited.length).toBe(30 - saved);
    expect(one.ws.readyState).toBe(WebSocket.OPEN);
    expect(two.ws.readyState).toBe(WebSocket.OPEN);
    // A moment later the bucket has tokens again.
    await Bun.sleep(1000 / SEND_PER_SECOND + 50);
    one.ws.send(sendFrame(chatId, "later", "later"));
    await until(() => one.frames.some((f) => f.startsWith("RECEIPT") && f.includes("receipt-id:later")));
    expect(await stored(cookie, chatId)).toBe(saved + 1);
    one.ws.close();
    two.ws.close();
  });
});
