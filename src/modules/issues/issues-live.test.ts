import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Client, type IMessage } from "@stomp/stompjs";
import { eq } from "drizzle-orm";
import { openDb } from "../../../db/client";
import { categories, projects, userProjectCategories, userProjects, users } from "../../../db/schema";
import { remindPerformers } from "../../jobs/issue-reminders";
import { makeUser, tempDataDir, testConfig } from "../../testing/harness";
import { ownPageHeaders } from "../../testing/own-page";
import { smtpEnv, startSmtpSink, type SmtpSink } from "../../testing/smtp";
import { startServer } from "../../web";

// Tasks over a real socket and a real SMTP server: history lines live on the chat's topic, the
// category rule narrowing live subscriptions, NEW_ISSUE on assignment and the daily ISSUE_REMINDER.

let server: Awaited<ReturnType<typeof startServer>>;
let data: ReturnType<typeof tempDataDir>;
let sink: SmtpSink;

beforeAll(async () => {
  sink = await startSmtpSink();
  data = tempDataDir();
  const config = testConfig(data.dir, smtpEnv(sink));
  server = await startServer({ db: openDb(config.dbPath), config, withPages: false });
});
afterAll(async () => {
  await server.stop();
  await sink.close();
  data.cleanup();
});

const db = () => server.ctx.db;

async function person(overrides: Partial<typeof users.$inferInsert> = {}) {
  const user = await makeUser(db(), "USER", overrides);
  const res = await fetch(`${server.url}/api/login`, { method: "POST", headers: { "content-type": "application/json", ...ownPageHeaders(server.url) }, body: JSON.stringify({ username: user.login, password: user.password }) });
  return { user, cookie: res.headers.get("set-cookie")!.split(";")[0] };
}

async function api(cookie: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { cookie, ...ownPageHeaders(server.url), ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

/** A project with a moderator and members (a USER each). */
async function scene(memberCount = 2) {
  const project = db().insert(projects).values({ name: "Bridge" }).returning().get();
  const moderator = await person();
  db().insert(userProjects).values({ userId: moderator.user.id, projectId: project.id, moderator: true }).run();
  const members = [];
  for (let i = 0; i < memberCount; i++) {
    const m = await person();
    db().insert(userProjects).values({ userId: m.user.id, projectId: project.id }).run();
    members.push(m);
  }
  return { project, moderator, members };
}

/** A real STOMP client over a real socket, with what arrives on the destinations it watches. */
async function live(cookie: string) {
  const client = new Client({ webSocketFactory: () => new WebSocket(`${server.url.replace("http", "ws")}/ws-endpoint`, { headers: { cookie } } as never), reconnectDelay: 0 });
  await new Promise<void>((resolve) => {
    client.onConnect = () => resolve();
    client.activate();
  });
  const inbox = async (destination: string) => {
    const bodies: any[] = [];
    const receipt = `r-${Math.random()}`;
    const subscribed = new Promise<void>((resolve) => client.watchForReceipt(receipt, () => resolve()));
    client.subscribe(destination, (m: IMessage) => bodies.push(JSON.parse(m.body)), { receipt });
    await subscribed;
    return bodies;
  };
  return { client, inbox, system: await inbox("/user/ws-broker/system-channel") };
}

const until = async (check: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out");
    await Bun.sleep(15);
  }
};

describe("history lines, live", () => {
  test("a status change in one session arrives on the task chat's topic in another, as an ISSUE_HISTORY line", async () => {
    const { project, moderator, members } = await scene();
    const [reporter, watcher] = members;
    const issue = (await api(reporter.cookie, "POST", "/issue/save", { name: "Paint the rail", project: { id: project.id } })).body;
    const viewer = await live(watcher.cookie);
    const topic = await viewer.inbox(`/ws-broker/topic/${issue.chat.id}`);
    expect((await api(moderator.cookie, "POST", `/issue/change-status?id=${issue.id}&status=IN_PROGRESS`)).status).toBe(200);
    await until(() => topic.length > 0);
    expect(topic[0]).toMatchObject({ type: "MESSAGE", message: { chatId: issue.chat.id, messageKey: "ISSUE_HISTORY", authorID: moderator.user.id } });
    expect(JSON.parse(topic[0].message.decryptedBody)).toEqual({ event: "statusChanged", from: "OPEN", to: "IN_PROGRESS" });
    // Removing the task: its last line, then the chat is gone for everyone watching.
    await api(moderator.cookie, "POST", `/issue/remove?id=${issue.id}`);
    await until(() => topic.some((e) => e.type === "DELETED"));
    expect(JSON.parse(topic.find((e) => e.type === "MESSAGE" && e.message.decryptedBody.includes("taskRemoved")).message.decryptedBody)).toEqual({ event: "taskRemoved", task: "Paint the rail" });
    viewer.client.deactivate();
  });

  test("a member limited to categories loses the task's topic at once when its categories leave theirs", async () => {
    const { project, moderator, members } = await scene(1);
    const [limited] = members;
    const pumps = db().insert(categories).values({ projectId: project.id, name: "Pumps" }).returning().get();
    const roads = db().insert(categories).values({ projectId: project.id, name: "Roads" }).returning().get();
    const membership = db().select().from(userProjects).where(eq(userProjects.userId, limited.user.id)).get()!;
    db().insert(userProjectCategories).values({ userProjectId: membership.id, categoryId: pumps.id }).run();
    const issue = (await api(moderator.cookie, "POST", "/issue/save", { name: "Valve", project: { id: project.id }, categoryList: [{ id: pumps.id }] })).body;
    const viewer = await live(limited.cookie);
    await viewer.inbox(`/ws-broker/topic/${issue.chat.id}`);
    await api(moderator.cookie, "POST", `/issue/update-category-list?id=${issue.id}&value=${roads.id}`);
    await until(() => viewer.system.some((e) => e.type === "DETACHED" && e.chatId === issue.chat.id));
    expect((await api(limited.cookie, "GET", `/issue/get?id=${issue.id}`)).status).toBe(404);
    viewer.client.deactivate();
  });
});

describe("mails", () => {
  test("NEW_ISSUE goes to a performer someone else assigns, in their language, not to oneself nor to who refuses mail", async () => {
    const { project, moderator } = await scene(0);
    const performer = await person({ locale: "ru" });
    const quiet = await person({ emailNotificationsAllowed: false });
    for (const p of [performer, quiet]) db().insert(userProjects).values({ userId: p.user.id, projectId: project.id }).run();
    const issue = (await api(moderator.cookie, "POST", "/issue/save", { name: "Check bolts", project: { id: project.id }, performer: { id: performer.user.id } })).body;
    const mail = await sink.waitFor(performer.user.email);
    expect(mail.subject).toBe("Новая задача: Check bolts");
    expect(mail.html).toContain(`http://plexus.test/project/${project.id}/issue/${issue.id}`);
    await api(moderator.cookie, "POST", `/issue/assignee?id=${issue.id}&userId=${quiet.user.id}`);
    await api(moderator.cookie, "POST", `/issue/assignee?id=${issue.id}&userId=${moderator.user.id}`);
    await server.ctx.mailer.idle();
    expect(sink.mails.filter((m) => m.to.includes(quiet.user.email) || m.to.includes(moderator.user.email))).toEqual([]);
  });

  test("ISSUE_REMINDER: once a day to performers of open tasks due tomorrow or overdue who allow mail", async () => {
    const { project, moderator } = await scene(0);
    const performer = await person();
    const quiet = await person({ emailNotificationsAllowed: false });
    for (const p of [performer, quiet]) db().insert(userProjects).values({ userId: p.user.id, projectId: project.id }).run();
    const now = new Date(2031, 5, 10, 9, 0);
    const day = (offset: number) => new Date(2031, 5, 10 + offset, 18, 0).getTime();
    const make = async (name: string, dueDate: number, who = performer, status = "OPEN") =>
      (await api(moderator.cookie, "POST", "/issue/save", { name, project: { id: project.id }, performer: { id: who.user.id }, dueDate, status })).body;
    await make("Tomorrow", day(1));
    await make("Overdue", day(-3));
    await make("Later", day(2));
    await make("Finished", day(-1), performer, "DONE");
    await make("Quiet", day(0), quiet);
    await server.ctx.mailer.idle();
    const before = sink.mails.length;
    expect(remindPerformers(server.ctx, now)).toBe(2);
    await server.ctx.mailer.idle();
    const reminders = sink.mails.slice(before).filter((m) => m.subject.startsWith("Reminder:"));
    expect(reminders.map((m) => m.subject).sort()).toEqual(["Reminder: Overdue", "Reminder: Tomorrow"]);
    expect(reminders.every((m) => m.to.includes(performer.user.email))).toBe(true);
    expect(remindPerformers(server.ctx, new Date(2031, 5, 10, 15, 0))).toBe(0);
    expect(remindPerformers(server.ctx, new Date(2031, 5, 11, 9, 0))).toBe(3); // the next day "Later" is due tomorrow too
  });
});
