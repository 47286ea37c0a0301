import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Client, type IMessage } from "@stomp/stompjs";
import { eq } from "drizzle-orm";
import { openDb } from "../../../db/client";
import { activityLog, chatMembers, chatMessages, chats, dataItems, projects, userProjects } from "../../../db/schema";
import { makeUser, tempDataDir, testConfig } from "../../testing/harness";
import { ownPageHeaders } from "../../testing/own-page";
import { startServer } from "../../web";

let server: Awaited<ReturnType<typeof startServer>>;
let data: ReturnType<typeof tempDataDir>;

beforeAll(async () => {
  data = tempDataDir();
  const config = testConfig(data.dir);
  server = await startServer({ db: openDb(config.dbPath), config, withPages: false });
});
afterAll(async () => {
  await server.stop();
  data.cleanup();
});

async function person(role: "USER" | "ADMIN" | "SYSTEM_ADMIN" = "USER") {
  const user = await makeUser(server.ctx.db, role);
  const res = await fetch(`${server.url}/api/login`, { method: "POST", headers: { "content-type": "application/json", ...ownPageHeaders(server.url) }, body: JSON.stringify({ username: user.login, password: user.password }) });
  return { user, cookie: res.headers.get("set-cookie")!.split(";")[0] };
}

async function api(cookie: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { cookie, ...ownPageHeaders(server.url), ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** A real STOMP client over a real socket, with what arrives on the destinations it watches. */
async function live(cookie: string) {
  const errors: string[] = [];
  const client = new Client({ webSocketFactory: () => new WebSocket(`${server.url.replace("http", "ws")}/ws-endpoint`, { headers: { cookie } } as never), reconnectDelay: 0, onStompError: (f) => errors.push(f.headers.message) });
  await new Promise<void>((resolve) => {
    client.onConnect = () => resolve();
    client.activate();
  });
  const inbox = (destination: string) => {
    const bodies: any[] = [];
    client.subscribe(destination, (m: IMessage) => bodies.push(JSON.parse(m.body)));
    return bodies;
  };
  return { client, errors, inbox, system: inbox("/user/ws-broker/system-channel") };
}

const until = async (check: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out");
    await Bun.sleep(15);
  }
};

describe("chats", () => {
  test("names are required, trimmed and unique; only ADMIN makes PUBLIC chats", async () => {
    const { cookie } = await person();
    const admin = await person("ADMIN");
    const empty = await api(cookie, "POST", "/chats/new-chat", { name: "  ", type: "PRIVATE" }, { "accept-language": "ru" });
    expect(empty.status).toBe(422);
    expect(empty.body.details[0].message).toBe("Введите название чата");
    const made = await api(cookie, "POST", "/chats/new-chat", { name: "  Site crew ", type: "PRIVATE" });
    expect(made.status).toBe(200);
    expect(server.ctx.db.select().from(chats).where(eq(chats.id, made.body)).get()!.name).toBe("Site crew");
    const dup = await api(cookie, "POST", "/chats/new-chat", { name: "SITE CREW", type: "PRIVATE" }, { "accept-language": "ru" });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe("Чат с этим именем уже существует");
    expect((await api(cookie, "POST", "/chats/new-chat", { name: "Everyone", type: "PUBLIC" })).status).toBe(403);
    expect((await api(admin.cookie, "POST", "/chats/new-chat", { name: "Everyone", type: "PUBLIC" })).status).toBe(200);
    expect((await api(cookie, "GET", "/chats/get-all")).body.some((c: { name: string }) => c.name === "Everyone")).toBe(true);
    expect((await api(cookie, "POST", "/chats/new-chat", { name: "x", type: "DIRECT" })).status).toBe(422);
  });

  test("direct chats: one per pair, named after the companion, never with oneself", async () => {
    const a = await person();
    const b = await person();
    const first = await api(a.cookie, "POST", `/chats/direct?userId=${b.user.id}`);
    const again = await api(b.cookie, "POST", `/chats/direct?userId=${a.user.id}`);
    expect(again.body).toBe(first.body);
    const seen = (await api(a.cookie, "GET", `/chats/get?chatId=${first.body}`)).body;
    expect(seen).toMatchObject({ type: "DIRECT", name: `${b.user.firstName} ${b.user.lastName}`, companionID: b.user.id });
    expect((await api(a.cookie, "POST", `/chats/direct?userId=${a.user.id}`)).status).toBe(422);
    expect((await api(a.cookie, "GET", `/chats/subscribe?chat=${first.body}`)).status).toBe(403);
  });

  test("only members see a private chat; the owner renames (RENAMED [old, new]) and deletes; members archive", async () => {
    const owner = await person();
    const member = await person();
    const outsider = await person();
    const id = (await api(owner.cookie, "POST", "/chats/new-chat", { name: "Design review", type: "PRIVATE", members: [{ id: member.user.id }] })).body;
    expect((await api(outsider.cookie, "GET", `/chats/get?chatId=${id}`)).status).toBe(404);
    expect((await api(outsider.cookie, "GET", `/chat-records/get-messages?chatId=${id}`)).status).toBe(404);
    expect((await api(member.cookie, "PUT", `/chats/rename?chatID=${id}&name=Mine`)).status).toBe(403);
    expect((await api(owner.cookie, "PUT", `/chats/rename?chatID=${id}&name=Design%20review`)).status).toBe(422);
    expect((await api(owner.cookie, "PUT", `/chats/rename?chatID=${id}&name=Design%20board`)).status).toBe(200);
    const messages = (await api(member.cookie, "GET", `/chat-records/get-messages?chatId=${id}`)).body;
    expect(messages.map((m: { messageKey: string }) => m.messageKey)).toEqual(["INVITED_BY", "RENAMED"]);
    expect(JSON.parse(messages[1].decryptedBody)).toEqual(["Design review", "Design board"]);
    expect(JSON.parse(messages[0].decryptedBody)).toEqual([{ id: member.user.id, fullName: `${member.user.firstName} ${member.user.lastName}` }]);
    expect((await api(member.cookie, "PUT", `/chats/archive?chatID=${id}`)).body).toBe(true);
    expect((await api(member.cookie, "PUT", `/chats/archive?chatID=${id}`)).body).toBe(false);
    expect((await api(member.cookie, "DELETE", `/chats?chatID=${id}`)).status).toBe(403);
    expect((await api(owner.cookie, "DELETE", `/chats?chatID=${id}`)).status).toBe(200);
    expect((await api(member.cookie, "GET", `/chats/get?chatId=${id}`)).status).toBe(404);
  });
});

describe("the activity log", () => {
  /** What the log holds for `userId`, sign-ins aside; never a message. */
  const logged = (userId: number) =>
    server.ctx.db.select().from(activityLog).where(eq(activityLog.userId, userId)).all().filter((row) => row.activityType !== "LOGIN").map((row) => [row.activityType, row.description]);

  test("creating a chat is logged as CREATE by its owner, with the members invited; a direct chat names the companion", async () => {
    const owner = await person();
    const member = await person();
    const id = (await api(owner.cookie, "POST", "/chats/new-chat", { name: `Logged ${owner.user.id}`, type: "PRIVATE", members: [{ id: member.user.id }] })).body;
    const direct = (await api(owner.cookie, "POST", `/chats/direct?userId=${member.user.id}`)).body;
    expect(logged(owner.user.id)).toEqual([
      ["CREATE", `PRIVATE chat ${id} Logged ${owner.user.id} with ${member.user.login}`],
      ["CREATE", `DIRECT chat ${direct} with ${member.user.login}`],
    ]);
  });

  test("deleting a chat is logged as DELETE_FOREVER by its owner, naming the chat", async () => {
    const owner = await person();
    const id = (await api(owner.cookie, "POST", "/chats/new-chat", { name: `Gone ${owner.user.id}`, type: "PRIVATE" })).body;
    expect((await api(owner.cookie, "DELETE", `/chats?chatID=${id}`)).status).toBe(200);
    expect(logged(owner.user.id).at(-1)).toEqual(["DELETE_FOREVER", `PRIVATE chat ${id} Gone ${owner.user.id}`]);
  });

  test("adding members, joining a PUBLIC chat, removing a member and leaving are logged, each naming the member and the chat", async () => {
    const owner = await person();
    const guest = await person();
    const admin = await person("ADMIN");
    const id = (await api(owner.cookie, "POST", "/chats/new-chat", { name: `Members ${owner.user.id}`, type: "PRIVATE" })).body;
    const label = `PRIVATE chat ${id} Members ${owner.user.id}`;
    expect((await api(owner.cookie, "POST", `/chats/invite?chatId=${id}`, [guest.user.id])).status).toBe(200);
    expect((await api(owner.cookie, "GET", `/chats/detach-member?member=${guest.user.id}&chat=${id}`)).status).toBe(200);
    expect(logged(owner.user.id).slice(1)).toEqual([["CREATE", `member ${guest.user.login} of ${label}`], ["DELETE", `member ${guest.user.login} of ${label}`]]);

    const open = (await api(admin.cookie, "POST", "/chats/new-chat", { name: `Open ${admin.user.id}`, type: "PUBLIC" })).body;
    expect((await api(guest.cookie, "GET", `/chats/detach-member?member=${guest.user.id}&chat=${open}`)).status).toBe(200);
    expect((await api(guest.cookie, "POST", `/chats/join?chat=${open}`)).status).toBe(200);
    const openLabel = `PUBLIC chat ${open} Open ${admin.user.id}`;
    expect(logged(guest.user.id)).toEqual([["DELETE", `member ${guest.user.login} of ${openLabel}`], ["CREATE", `member ${guest.user.login} of ${openLabel}`]]);
  });
});

describe("membership: reading never joins", () => {
  const rowsOf = (chatId: number) => server.ctx.db.select().from(chatMembers).where(eq(chatMembers.chatId, chatId)).all().map((m) => m.userId).sort((a, b) => a - b);
  const allRows = () => server.ctx.db.select().from(chatMembers).all().length;

  test("every active user is in a PUBLIC chat from its creation, a user activated later joins it, and listing chats writes nothing", async () => {
    const early = await person();
    const admin = await person("ADMIN");
    const pending = await makeUser(server.ctx.db, "USER", { isActive: false });
    const id = (await api(admin.cookie, "POST", "/chats/new-chat", { name: `All hands ${admin.user.id}`, type: "PUBLIC" })).body;
    expect(rowsOf(id)).toContain(early.user.id);
    expect(rowsOf(id)).not.toContain(pending.id);
    const before = allRows();
    const listed = (await api(early.cookie, "GET", "/chats/get-all")).body.find((c: { id: number }) => c.id === id);
    expect(listed).toMatchObject({ type: "PUBLIC", subscribed: true, archived: false, numberOfUnreadMessages: 0 });
    expect(allRows()).toBe(before);
    expect((await api(admin.cookie, "POST", `/users/activate?id=${pending.id}`)).status).toBe(200);
    expect(rowsOf(id)).toContain(pending.id);
  });

  test("an open DATA chat is read without joining it; writing in it joins", async () => {
    const db = server.ctx.db;
    const opener = await person();
    const reader = await person();
    const project = db.insert(projects).values({ name: `Comments ${reader.user.id}` }).returning().get();
    for (const u of [opener, reader]) db.insert(userProjects).values({ userId: u.user.id, projectId: project.id }).run();
    const item = db.insert(dataItems).values({ projectId: project.id, name: "Culvert survey", dataType: "DOC" }).returning().get();
    const chatId = (await api(opener.cookie, "POST", "/chats/new-chat-for-data", { dataId: item.id, message: "see sheet 2" })).body.id;
    expect(rowsOf(chatId)).toEqual([opener.user.id]);
    expect((await api(reader.cookie, "GET", `/chats/get?chatId=${chatId}`)).body).toMatchObject({ id: chatId, type: "DATA", subscribed: true, numberOfUnreadMessages: 0, numberOfMembers: 1 });
    expect((await api(reader.cookie, "GET", `/chat-records/get-messages?chatId=${chatId}`)).body.map((m: { decryptedBody: string }) => m.decryptedBody)).toEqual(["see sheet 2"]);
    expect((await api(reader.cookie, "GET", `/chats/members?chatId=${chatId}`)).status).toBe(200);
    expect((await api(reader.cookie, "GET", `/data/get-by-chat?chatId=${chatId}`)).body).toEqual({ id: item.id, name: "Culvert survey", dataType: "DOC", project: { id: project.id, name: project.name }, owner: { id: null } });
    expect(rowsOf(chatId)).toEqual([opener.user.id]);
    expect((await api(reader.cookie, "GET", "/chats/get-all")).body.some((c: { id: number }) => c.id === chatId)).toBe(false);

    const lr = await live(reader.cookie);
    lr.client.publish({ destination: `/ws-prefix/notify/${chatId}`, body: "checked" });
    await until(() => rowsOf(chatId).includes(reader.user.id));
    expect((await api(reader.cookie, "GET", "/chats/get-all")).body.find((c: { id: number }) => c.id === chatId)).toMatchObject({ numberOfUnreadMessages: 0, numberOfMembers: 2 });
    await lr.client.deactivate();
  });
});

describe("messages over the live channel", () => {
  test("members exchange messages live; unread counts rise and reset on read; deletion shows everywhere; bodies are sealed at rest", async () => {
    const a = await person();
    const b = await person();
    const id = (await api(a.cookie, "POST", "/chats/new-chat", { name: `Live ${a.user.id}`, type: "PRIVATE", members: [{ id: b.user.id }] })).body;
    const la = await live(a.cookie);
    const lb = await live(b.cookie);
    const topicB = lb.inbox(`/ws-broker/topic/${id}`);
    la.inbox(`/ws-broker/topic/${id}`);
    await Bun.sleep(50);
    la.client.publish({ destination: `/ws-prefix/notify/${id}`, body: JSON.stringify({ text: "  Concrete pour at 7  ", clientId: "a-1" }) });
    await until(() => topicB.some((m) => m.type === "MESSAGE"));
    const message = topicB.find((m) => m.type === "MESSAGE").message;
    expect(message).toMatchObject({ decryptedBody: "Concrete pour at 7", messageKey: "DEFAULT", authorID: a.user.id, firstName: a.user.firstName, surname: a.user.lastName });

    const listB = (await api(b.cookie, "GET", "/chats/get-all")).body.find((c: { id: number }) => c.id === id);
    expect(listB.numberOfUnreadMessages).toBe(2);
    expect(listB.topRecord.decryptedBody).toBe("Concrete pour at 7");
    expect((await api(a.cookie, "GET", "/chats/get-all")).body.find((c: { id: number }) => c.id === id).numberOfUnreadMessages).toBe(0);

    lb.client.publish({ destination: `/ws-prefix/chat/${id}/message-read/${message.id}` });
    await until(() => lb.system.some((m) => m.type === "MESSAGE_READ"));
    expect(lb.system.find((m) => m.type === "MESSAGE_READ")).toMatchObject({ chatID: id, messageID: message.id, numberOfUnreadMessages: 0 });

    const raw = server.ctx.db.select().from(chatMessages).where(eq(chatMessages.id, message.id)).get()!;
    expect(raw.body).not.toContain("Concrete");
    expect(raw.encrypted).toBe(true);

    lb.client.publish({ destination: `/ws-prefix/chat/${id}/message-remove/${message.id}` });
    await until(() => lb.errors.length > 0);
    la.client.publish({ destination: `/ws-prefix/chat/${id}/message-remove/${message.id}` });
    await until(() => topicB.some((m) => m.type === "MESSAGE_DELETED" && m.id === message.id));
    const after = (await api(b.cookie, "GET", `/chat-records/get-messages?chatId=${id}`)).body.at(-1);
    expect(after).toMatchObject({ messageKey: "DELETED", decryptedBody: "" });
    await la.client.deactivate();
    await lb.client.deactivate();
  });

  test("a resent clientId is stored once; empty and oversized texts are refused; outsiders can neither subscribe nor send", async () => {
    const a = await person();
    const outsider = await person();
    const id = (await api(a.cookie, "POST", "/chats/new-chat", { name: `Outbox ${a.user.id}`, type: "PRIVATE" })).body;
    const la = await live(a.cookie);
    const topic = la.inbox(`/ws-broker/topic/${id}`);
    await Bun.sleep(50);
    for (let i = 0; i < 3; i++) la.client.publish({ destination: `/ws-prefix/notify/${id}`, body: JSON.stringify({ text: "once", clientId: "same-id" }) });
    la.client.publish({ destination: `/ws-prefix/notify/${id}`, body: "   " });
    la.client.publish({ destination: `/ws-prefix/notify/${id}`, body: "x".repeat(4001) });
    await until(() => la.errors.length >= 2);
    expect(la.errors).toEqual(["validation_failed", "validation_failed"]);
    const stored = (await api(a.cookie, "GET", `/chat-records/get-messages?chatId=${id}`)).body;
    expect(stored.filter((m: { decryptedBody: string }) => m.decryptedBody === "once")).toHaveLength(1);
    expect(topic.filter((m) => m.type === "MESSAGE")).toHaveLength(1);

    const lo = await live(outsider.cookie);
    lo.client.publish({ destination: `/ws-prefix/notify/${id}`, body: "intrusion" });
    await until(() => lo.errors.length > 0);
    expect(lo.errors[0]).toBe("chat_not_found");
    lo.client.subscribe(`/ws-broker/topic/${id}`, () => undefined);
    await until(() => lo.errors.length > 1);
    expect((await api(a.cookie, "GET", `/chat-records/get-messages?chatId=${id}`)).body.some((m: { decryptedBody: string }) => m.decryptedBody === "intrusion")).toBe(false);
    await la.client.deactivate();
  });

  test("forged message ids (another chat's, or none) are refused and change nothing", async () => {
    const a = await person();
    const mine = (await api(a.cookie, "POST", "/chats/new-chat", { name: `Forged ${a.user.id}`, type: "PRIVATE" })).body;
    const other = await person();
    const theirs = (await api(other.cookie, "POST", "/chats/new-chat", { name: `Theirs ${other.user.id}`, type: "PRIVATE" })).body;
    const lo = await live(other.cookie);
    lo.client.publish({ destination: `/ws-prefix/notify/${theirs}`, body: "private words" });
    await until(() => server.ctx.db.select().from(chatMessages).where(eq(chatMessages.chatId, theirs)).all().length === 1);
    const foreignId = server.ctx.db.select().from(chatMessages).where(eq(chatMessages.chatId, theirs)).get()!.id;
    const la = await live(a.cookie);
    la.client.publish({ destination: `/ws-prefix/chat/${mine}/message-remove/${foreignId}` });
    la.client.publish({ destination: `/ws-prefix/chat/${mine}/message-read/${foreignId}` });
    la.client.publish({ destination: `/ws-prefix/chat/${mine}/message-read/999999999` });
    await until(() => la.errors.length >= 3);
    expect(la.errors).toEqual(["message_not_found", "message_not_found", "message_not_found"]);
    expect(server.ctx.db.select().from(chatMessages).where(eq(chatMessages.id, foreignId)).get()!.messageKey).toBe("DEFAULT");
    await la.client.deactivate();
    await lo.client.deactivate();
  });

  test("a reconnecting client fetches exactly what it missed, in order", async () => {
    const a = await person();
    const b = await person();
    const id = (await api(a.cookie, "POST", "/chats/new-chat", { name: `Catch-up ${a.user.id}`, type: "PRIVATE", members: [{ id: b.user.id }] })).body;
    const la = await live(a.cookie);
    const seen = (await api(b.cookie, "GET", `/chat-records/get-messages?chatId=${id}`)).body.at(-1).id;
    for (const text of ["one", "two", "three"]) la.client.publish({ destination: `/ws-prefix/notify/${id}`, body: text });
    await until(() => server.ctx.db.select().from(chatMessages).where(eq(chatMessages.chatId, id)).all().length === 4);
    const missed = (await api(b.cookie, "GET", `/chat-records/get-messages?chatId=${id}&after=${seen}`)).body;
    expect(missed.map((m: { decryptedBody: string }) => m.decryptedBody)).toEqual(["one", "two", "three"]);
    await la.client.deactivate();
  });

  test("invited users get INVITED; removed users get DETACHED and lose the topic", async () => {
    const owner = await person();
    const guest = await person();
    const id = (await api(owner.cookie, "POST", "/chats/new-chat", { name: `Invites ${owner.user.id}`, type: "PRIVATE" })).body;
    const lg = await live(guest.cookie);
    expect((await api(owner.cookie, "POST", `/chats/invite?chatId=${id}`, [guest.user.id])).body).toEqual({ invited: [guest.user.id] });
    await until(() => lg.system.some((m) => m.type === "INVITED" && m.chatId === id));
    expect((await api(guest.cookie, "GET", `/chats/detach-member?member=${owner.user.id}&chat=${id}`)).status).toBe(403);
    expect((await api(owner.cookie, "GET", `/chats/detach-member?member=${guest.user.id}&chat=${id}`)).status).toBe(200);
    await until(() => lg.system.some((m) => m.type === "DETACHED" && m.chatId === id));
    expect((await api(guest.cookie, "GET", `/chats/get?chatId=${id}`)).status).toBe(404);
    await lg.client.deactivate();
  });

  test("plain rows from before encryption are sealed by the administrators' action", async () => {
    const admin = await person("ADMIN");
    const chat = server.ctx.db.insert(chats).values({ name: `legacy-${admin.user.id}`, type: "PRIVATE", ownerId: admin.user.id }).returning().get();
    server.ctx.db.insert(chatMessages).values({ chatId: chat.id, authorId: admin.user.id, body: "old plain text", encrypted: false }).run();
    const { cookie } = await person("SYSTEM_ADMIN");
    expect((await api(admin.cookie, "POST", "/update/encrypt-messages")).status).toBe(403);
    const res = await api(cookie, "POST", "/update/encrypt-messages");
    expect(res.body.encrypted).toBeGreaterThanOrEqual(1);
    const row = server.ctx.db.select().from(chatMessages).where(eq(chatMessages.chatId, chat.id)).get()!;
    expect(row.encrypted).toBe(true);
    expect(row.body).not.toContain("old plain");
    expect(server.ctx.box.open(row.body)).toBe("old plain text");
  });
});

describe("files in chats", () => {
  async function upload(cookie: string, name: string, text: string) {
    const form = new FormData();
    form.append("file", new File([text], name));
    const res = await fetch(`${server.url}/api/files/save-user-file`, { method: "POST", headers: { cookie, ...ownPageHeaders(server.url) }, body: form });
    expect(res.status).toBe(200);
    return (await res.json()) as { id: number; token: string; isShared: boolean; shareToken: string | null };
  }
  /** A download as a browser would ask for it (a navigation: no proof header), with its status and text. */
  async function download(token: string, cookie?: string) {
    const res = await fetch(`${server.url}/api/files/get-user-file/${token}`, { headers: cookie ? { cookie } : {} });
    return { status: res.status, text: await res.text() };
  }
  const share = async (cookie: string, id: number) => (await api(cookie, "POST", `/files/share?id=${id}`)).body[0];

  test("a file sent into a private chat: its members read it signed in, nobody else; sending does not share it; a deleted message ends it; share links are separate, new on each share", async () => {
    const owner = await person();
    const member = await person();
    const outsider = await person();
    const chatId = (await api(owner.cookie, "POST", "/chats/new-chat", { name: `Files ${owner.user.id}`, type: "PRIVATE", members: [{ id: member.user.id }] })).body;
    const file = await upload(owner.cookie, "minutes.txt", "site minutes");
    const lo = await live(owner.cookie);
    const topic = lo.inbox(`/ws-broker/topic/${chatId}`);
    await Bun.sleep(50);
    lo.client.publish({ destination: `/ws-prefix/notify/${chatId}`, body: JSON.stringify({ file: { id: file.id }, clientId: "file-1" }) });
    await until(() => topic.some((m) => m.type === "MESSAGE" && m.message.file));
    const sent = topic.find((m) => m.type === "MESSAGE" && m.message.file).message;
    expect(sent.file).toMatchObject({ id: file.id, token: file.token });

    // The chat's link: members and the owner, signed in; nobody else, and not signed out.
    expect(await download(file.token, member.cookie)).toEqual({ status: 200, text: "site minutes" });
    expect((await download(file.token, owner.cookie)).status).toBe(200);
    expect((await download(file.token, outsider.cookie)).status).toBe(404);
    expect((await download(file.token)).status).toBe(404);
    expect((await api(outsider.cookie, "GET", `/files/get-file-entity/${file.token}`)).status).toBe(404);
    expect((await api(member.cookie, "GET", `/files/get-file-entity/${file.token}`)).body).toMatchObject({ id: file.id, isShared: false, shareToken: null });
    // Sending marked nothing shared.
    expect((await api(owner.cookie, "GET", "/files/get-file-entities")).body.find((f: { id: number }) => f.id === file.id)).toMatchObject({ isShared: false, shareToken: null });
    // A member may keep a copy of it.
    expect((await api(member.cookie, "POST", `/files/add-file-entity/${file.token}`)).status).toBe(200);
    expect((await api(outsider.cookie, "POST", `/files/add-file-entity/${file.token}`)).status).toBe(404);

    // An explicit share makes a public link with a token of its own; withdrawing it leaves the chat's link working.
    const first = await share(owner.cookie, file.id);
    expect(first.shareToken).toMatch(/^[\w-]{32}$/);
    expect(first.shareToken).not.toBe(file.token);
    expect(await download(first.shareToken)).toEqual({ status: 200, text: "site minutes" });
    expect((await download(file.token)).status).toBe(404);
    expect((await api(owner.cookie, "POST", `/files/withdraw?ids=${file.id}`)).body[0]).toMatchObject({ isShared: false, shareToken: null });
    expect((await download(first.shareToken)).status).toBe(404);
    expect((await download(first.shareToken, member.cookie)).status).toBe(404);
    expect((await download(file.token, member.cookie)).status).toBe(200);
    // Sharing again makes another link: the withdrawn one never comes back.
    const second = await share(owner.cookie, file.id);
    expect(second.shareToken).not.toBe(first.shareToken);
    expect((await download(first.shareToken)).status).toBe(404);
    expect((await download(second.shareToken)).status).toBe(200);
    expect((await share(owner.cookie, file.id)).shareToken).toBe(second.shareToken);

    // Deleting the message ends the members' access; the owner and the explicit share are untouched.
    lo.client.publish({ destination: `/ws-prefix/chat/${chatId}/message-remove/${sent.id}` });
    await until(() => topic.some((m) => m.type === "MESSAGE_DELETED" && m.id === sent.id));
    expect((await download(file.token, member.cookie)).status).toBe(404);
    expect((await api(member.cookie, "GET", `/files/get-file-entity/${file.token}`)).status).toBe(404);
    expect((await download(file.token, owner.cookie)).status).toBe(200);
    expect((await download(second.shareToken)).status).toBe(200);
    await lo.client.deactivate();
  });
});

describe("editing one's own messages", () => {
  const edit = (l: { client: Client }, chatId: number, messageId: number, body: string) =>
    l.client.publish({ destination: `/ws-prefix/chat/${chatId}/message-edit/${messageId}`, body });
  const rowOf = (id: number) => server.ctx.db.select().from(chatMessages).where(eq(chatMessages.id, id)).get()!;

  test("the author's edit is trimmed, sealed at rest, marked edited and reaches every member live; empty or oversized edits are refused", async () => {
    const a = await person();
    const b = await person();
    const id = (await api(a.cookie, "POST", "/chats/new-chat", { name: `Edits ${a.user.id}`, type: "PRIVATE", members: [{ id: b.user.id }] })).body;
    const la = await live(a.cookie);
    const lb = await live(b.cookie);
    const topicB = lb.inbox(`/ws-broker/topic/${id}`);
    await Bun.sleep(50);
    la.client.publish({ destination: `/ws-prefix/notify/${id}`, body: JSON.stringify({ text: "Pour at 7", clientId: "edit-1" }) });
    await until(() => topicB.some((m) => m.type === "MESSAGE"));
    const sent = topicB.find((m) => m.type === "MESSAGE").message;
    expect(sent.editedAt).toBeNull();

    edit(la, id, sent.id, JSON.stringify({ text: "  Pour at **8**  " }));
    await until(() => topicB.some((m) => m.type === "MESSAGE_EDITED"));
    const edited = topicB.find((m) => m.type === "MESSAGE_EDITED").message;
    expect(edited).toMatchObject({ id: sent.id, chatId: id, decryptedBody: "Pour at **8**", authorID: a.user.id, messageKey: "DEFAULT", clientId: "edit-1" });
    expect(new Date(edited.editedAt).getTime()).toBeGreaterThanOrEqual(new Date(sent.createdAt).getTime());
    const row = rowOf(sent.id);
    expect(row.encrypted).toBe(true);
    expect(row.body).not.toContain("Pour");
    expect(server.ctx.box.open(row.body)).toBe("Pour at **8**");
    const listed = (await api(b.cookie, "GET", `/chat-records/get-messages?chatId=${id}`)).body.at(-1);
    expect(listed).toMatchObject({ id: sent.id, decryptedBody: "Pour at **8**", editedAt: edited.editedAt });
    // The chat list's latest record shows the new text; an edit is not a new unread message.
    const chatB = (await api(b.cookie, "GET", "/chats/get-all")).body.find((c: { id: number }) => c.id === id);
    expect(chatB.topRecord.decryptedBody).toBe("Pour at **8**");
    expect(chatB.numberOfUnreadMessages).toBe(2);

    // The limits of sending hold: nothing empty, nothing past MESSAGE_MAX; the stored text stays.
    edit(la, id, sent.id, JSON.stringify({ text: "   " }));
    edit(la, id, sent.id, "x".repeat(4001));
    await until(() => la.errors.length >= 2);
    expect(la.errors).toEqual(["validation_failed", "validation_failed"]);
    expect(server.ctx.box.open(rowOf(sent.id).body)).toBe("Pour at **8**");
    // Exactly 4,000 characters is allowed, as when sending.
    edit(la, id, sent.id, "y".repeat(4000));
    await until(() => topicB.filter((m) => m.type === "MESSAGE_EDITED").length === 2);
    expect(topicB.filter((m) => m.type === "MESSAGE_EDITED")[1].message.decryptedBody).toHaveLength(4000);
    await la.client.deactivate();
    await lb.client.deactivate();
  });

  test("nobody edits someone else's message, a system record, a deleted one, another chat's, or after leaving; outsiders cannot reach it", async () => {
    const a = await person();
    const b = await person();
    const outsider = await person();
    const id = (await api(a.cookie, "POST", "/chats/new-chat", { name: `Not yours ${a.user.id}`, type: "PRIVATE", members: [{ id: b.user.id }] })).body;
    const la = await live(a.cookie);
    const lb = await live(b.cookie);
    const lo = await live(outsider.cookie);
    const topicA = la.inbox(`/ws-broker/topic/${id}`);
    await Bun.sleep(50);
    const say = async (l: { client: Client }, text: string) => {
      l.client.publish({ destination: `/ws-prefix/notify/${id}`, body: text });
      await until(() => topicA.some((m) => m.type === "MESSAGE" && m.message.decryptedBody === text));
      return topicA.find((m) => m.type === "MESSAGE" && m.message.decryptedBody === text).message;
    };
    const annas = await say(la, "Anna's words");
    const boriss = await say(lb, "Boris's words");
    const gone = await say(la, "soon gone");
    const system = (await api(a.cookie, "GET", `/chat-records/get-messages?chatId=${id}`)).body[0];
    expect(system.messageKey).toBe("INVITED_BY");
    la.client.publish({ destination: `/ws-prefix/chat/${id}/message-remove/${gone.id}` });
    await until(() => topicA.some((m) => m.type === "MESSAGE_DELETED"));
    const theirs = (await api(outsider.cookie, "POST", "/chats/new-chat", { name: `Elsewhere ${outsider.user.id}`, type: "PRIVATE" })).body;
    lo.client.publish({ destination: `/ws-prefix/notify/${theirs}`, body: "elsewhere" });
    await until(() => server.ctx.db.select().from(chatMessages).where(eq(chatMessages.chatId, theirs)).all().length === 1);
    const foreign = server.ctx.db.select().from(chatMessages).where(eq(chatMessages.chatId, theirs)).get()!;

    edit(lb, id, annas.id, "Boris rewrites Anna");
    edit(la, id, system.id, "rewritten record");
    edit(la, id, gone.id, "back from the dead");
    edit(la, id, foreign.id, "through the wrong chat");
    edit(lo, id, annas.id, "outsider");
    await until(() => la.errors.length >= 3 && lb.errors.length >= 1 && lo.errors.length >= 1);
    expect(lb.errors).toEqual(["forbidden"]);
    expect(la.errors).toEqual(["forbidden", "forbidden", "message_not_found"]);
    expect(lo.errors).toEqual(["chat_not_found"]);

    // After leaving, Boris's own earlier message is out of his reach too.
    expect((await api(b.cookie, "GET", `/chats/detach-member?member=${b.user.id}&chat=${id}`)).status).toBe(200);
    edit(lb, id, boriss.id, "after leaving");
    await until(() => lb.errors.length >= 2);
    expect(lb.errors[1]).toBe("chat_not_found");

    for (const message of [annas, boriss, system, foreign]) expect(rowOf(message.id).editedAt).toBeNull();
    expect(server.ctx.box.open(rowOf(annas.id).body)).toBe("Anna's words");
    expect(server.ctx.box.open(rowOf(boriss.id).body)).toBe("Boris's words");
    expect(rowOf(gone.id).messageKey).toBe("DELETED");
    expect(topicA.some((m) => m.type === "MESSAGE_EDITED")).toBe(false);
    for (const l of [la, lb, lo]) await l.client.deactivate();
  });

  test("in a PUBLIC chat an unsubscribed member, or one without a member row, cannot edit", async () => {
    const admin = await person("ADMIN");
    const a = await person();
    const id = (await api(admin.cookie, "POST", "/chats/new-chat", { name: `Town hall ${a.user.id}`, type: "PUBLIC" })).body;
    const la = await live(a.cookie);
    const topic = la.inbox(`/ws-broker/topic/${id}`);
    await Bun.sleep(50);
    la.client.publish({ destination: `/ws-prefix/notify/${id}`, body: "Hello all" });
    await until(() => topic.some((m) => m.type === "MESSAGE"));
    const sent = topic.find((m) => m.type === "MESSAGE").message;
    expect((await api(a.cookie, "GET", `/chats/unsubscribe?chat=${id}`)).status).toBe(200);
    edit(la, id, sent.id, "Hello everyone");
    await until(() => la.errors.length >= 1);
    expect(la.errors[0]).toBe("chat_unsubscribed");
    server.ctx.db.delete(chatMembers).where(eq(chatMembers.chatId, id)).run();
    edit(la, id, sent.id, "Hello everyone");
    await until(() => la.errors.length >= 2);
    expect(la.errors[1]).toBe("forbidden");
    expect(server.ctx.box.open(rowOf(sent.id).body)).toBe("Hello all");
    await la.client.deactivate();
  });

  test("editing a file message keeps its file, which its members still open; the text becomes its caption", async () => {
    const a = await person();
    const b = await person();
    const id = (await api(a.cookie, "POST", "/chats/new-chat", { name: `Captions ${a.user.id}`, type: "PRIVATE", members: [{ id: b.user.id }] })).body;
    const form = new FormData();
    form.append("file", new File(["site minutes"], "minutes.txt"));
    const file = await (await fetch(`${server.url}/api/files/save-user-file`, { method: "POST", headers: { cookie: a.cookie, ...ownPageHeaders(server.url) }, body: form })).json();
    const la = await live(a.cookie);
    const lb = await live(b.cookie);
    const topicB = lb.inbox(`/ws-broker/topic/${id}`);
    await Bun.sleep(50);
    la.client.publish({ destination: `/ws-prefix/notify/${id}`, body: JSON.stringify({ file: { id: file.id } }) });
    await until(() => topicB.some((m) => m.type === "MESSAGE"));
    const sent = topicB.find((m) => m.type === "MESSAGE").message;
    edit(la, id, sent.id, JSON.stringify({ text: "Minutes of Monday" }));
    await until(() => topicB.some((m) => m.type === "MESSAGE_EDITED"));
    const edited = topicB.find((m) => m.type === "MESSAGE_EDITED").message;
    expect(edited.file).toMatchObject({ id: file.id, token: file.token, name: "minutes.txt" });
    expect(JSON.parse(edited.decryptedBody)).toEqual({ file: JSON.parse(sent.decryptedBody).file, text: "Minutes of Monday" });
    expect(rowOf(sent.id).fileId).toBe(file.id);
    const res = await fetch(`${server.url}/api/files/get-user-file/${file.token}`, { headers: { cookie: b.cookie } });
    expect(await res.text()).toBe("site minutes");
    // An empty caption is allowed on a file message: the file alone again.
    edit(la, id, sent.id, JSON.stringify({ text: "" }));
    await until(() => topicB.filter((m) => m.type === "MESSAGE_EDITED").length === 2);
    expect(JSON.parse(topicB.filter((m) => m.type === "MESSAGE_EDITED")[1].message.decryptedBody)).toEqual({ file: JSON.parse(sent.decryptedBody).file });
    await la.client.deactivate();
    await lb.client.deactivate();
  });
});

describe("finding and leaving PUBLIC chats", () => {
  test("everyone connected hears of a new PUBLIC chat; a member leaves it, finds it in the browse list and joins again (JOINED for all); nobody is removed from it", async () => {
    const admin = await person("ADMIN");
    const a = await person();
    const b = await person();
    const la = await live(a.cookie);
    const broadcast = la.inbox("/ws-broker/system-channel");
    await Bun.sleep(50);
    const name = `Всем участникам ${a.user.id}`;
    const id = (await api(admin.cookie, "POST", "/chats/new-chat", { name, type: "PUBLIC" })).body;
    await until(() => broadcast.some((m) => m.type === "PUBLIC_CHAT_CREATED" && m.chatId === id));

    const browse = async (cookie: string, str = "") => (await api(cookie, "GET", `/chats/public?str=${encodeURIComponent(str)}`)).body as { id: number; name: string; numberOfMembers: number; joined: boolean }[];
    const members = (await browse(a.cookie)).find((c) => c.id === id)!.numberOfMembers;
    expect((await browse(a.cookie, "ВСЕМ")).find((c) => c.id === id)).toMatchObject({ name, joined: true });
    expect(await browse(a.cookie, "no such chat anywhere")).toEqual([]);

    // The owner removes nobody from a PUBLIC chat; each member leaves it on their own.
    expect((await api(admin.cookie, "GET", `/chats/detach-member?chat=${id}&member=${b.user.id}`)).status).toBe(403);
    const topic = la.inbox(`/ws-broker/topic/${id}`);
    await Bun.sleep(50);
    expect((await api(b.cookie, "GET", `/chats/detach-member?chat=${id}&member=${b.user.id}`)).status).toBe(200);
    await until(() => topic.some((m) => m.type === "MESSAGE" && m.message.messageKey === "LEFT"));
    expect((await api(b.cookie, "GET", "/chats/get-all")).body.some((c: { id: number }) => c.id === id)).toBe(false);
    expect((await browse(b.cookie)).find((c) => c.id === id)).toMatchObject({ joined: false, numberOfMembers: members - 1 });

    const joined = await api(b.cookie, "POST", `/chats/join?chat=${id}`);
    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({ id, type: "PUBLIC", subscribed: true, archived: false, numberOfUnreadMessages: 0, numberOfMembers: members });
    await until(() => topic.some((m) => m.type === "MESSAGE" && m.message.messageKey === "JOINED" && m.message.authorID === b.user.id));
    expect((await api(b.cookie, "GET", "/chats/get-all")).body.some((c: { id: number }) => c.id === id)).toBe(true);
    // Joining again changes nothing; only PUBLIC chats are joined this way.
    expect((await api(b.cookie, "POST", `/chats/join?chat=${id}`)).status).toBe(200);
    expect(topic.filter((m) => m.message?.messageKey === "JOINED")).toHaveLength(1);
    const privateId = (await api(a.cookie, "POST", "/chats/new-chat", { name: `Not for browsing ${a.user.id}`, type: "PRIVATE" })).body;
    expect((await api(b.cookie, "POST", `/chats/join?chat=${privateId}`)).status).toBe(404);
    expect((await browse(b.cookie)).some((c) => c.id === privateId)).toBe(false);
    await la.client.deactivate();
  });
});

describe("a data item's comments", () => {
  test("opening them writes nothing; the first comment makes the chat; a refused one (empty, past the limit) leaves nothing, and no comment is cut", async () => {
    const db = server.ctx.db;
    const a = await person();
    const b = await person();
    const project = db.insert(projects).values({ name: `First comment ${a.user.id}` }).returning().get();
    for (const u of [a, b]) db.insert(userProjects).values({ userId: u.user.id, projectId: project.id }).run();
    const item = db.insert(dataItems).values({ projectId: project.id, name: "Abutment survey", dataType: "DOC" }).returning().get();
    const chatsOfItem = () => db.select().from(chats).where(eq(chats.dataId, item.id)).all();
    const rows = () => db.select().from(chatMembers).all().length;

    const before = rows();
    expect((await api(a.cookie, "GET", `/chats/for-data?dataId=${item.id}`)).body).toEqual({ chat: null, joined: false });
    expect(chatsOfItem()).toEqual([]);
    for (const message of ["   ", "x".repeat(4001)]) {
      const refused = await api(a.cookie, "POST", "/chats/new-chat-for-data", { dataId: item.id, message });
      expect(refused.status).toBe(422);
    }
    expect(chatsOfItem()).toEqual([]);
    expect(rows()).toBe(before);

    const whole = "y".repeat(4000);
    const chatId = (await api(a.cookie, "POST", "/chats/new-chat-for-data", { dataId: item.id, message: whole })).body.id;
    expect((await api(a.cookie, "GET", `/chat-records/get-messages?chatId=${chatId}`)).body.map((m: { decryptedBody: string }) => m.decryptedBody)).toEqual([whole]);
    expect((await api(a.cookie, "GET", `/chats/for-data?dataId=${item.id}`)).body).toMatchObject({ chat: { id: chatId, type: "DATA" }, joined: true });

    // Boris opens the comments: he reads them and is not made a member.
    const seen = (await api(b.cookie, "GET", `/chats/for-data?dataId=${item.id}`)).body;
    expect(seen).toMatchObject({ chat: { id: chatId, numberOfMembers: 1, numberOfUnreadMessages: 0 }, joined: false });
    expect(rows()).toBe(before + 1);
    const outsider = await person();
    expect((await api(outsider.cookie, "GET", `/chats/for-data?dataId=${item.id}`)).status).toBe(404);
  });
});
