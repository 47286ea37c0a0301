import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { categories, projects, userProjectCategories, userProjects } from "../../../db/schema";
import { remindPerformers } from "../../jobs/issue-reminders";
import { until, withLiveServer } from "../../testing/live-server";

// Tasks over a real socket and a real SMTP server: history lines live on the chat's topic, the
// category rule narrowing live subscriptions, NEW_ISSUE on assignment and the daily ISSUE_REMINDER.

const { db, person, api, live, server, sink } = withLiveServer();

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
    const mail = await sink().waitFor(performer.user.email);
    expect(mail.subject).toBe("Новая задача: Check bolts");
    expect(mail.html).toContain(`http://plexus.test/project/${project.id}/issue/${issue.id}`);
    await api(moderator.cookie, "POST", `/issue/assignee?id=${issue.id}&userId=${quiet.user.id}`);
    await api(moderator.cookie, "POST", `/issue/assignee?id=${issue.id}&userId=${moderator.user.id}`);
    await server().ctx.mailer.idle();
    expect(sink().mails.filter((m) => m.to.includes(quiet.user.email) || m.to.includes(moderator.user.email))).toEqual([]);
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
    await server().ctx.mailer.idle();
    const before = sink().mails.length;
    expect(remindPerformers(server().ctx, now)).toBe(2);
    await server().ctx.mailer.idle();
    const reminders = sink().mails.slice(before).filter((m) => m.subject.startsWith("Reminder:"));
    expect(reminders.map((m) => m.subject).sort()).toEqual(["Reminder: Overdue", "Reminder: Tomorrow"]);
    expect(reminders.every((m) => m.to.includes(performer.user.email))).toBe(true);
    expect(remindPerformers(server().ctx, new Date(2031, 5, 10, 15, 0))).toBe(0);
    expect(remindPerformers(server().ctx, new Date(2031, 5, 11, 9, 0))).toBe(3); // the next day "Later" is due tomorrow too
  });
});
