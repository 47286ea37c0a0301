import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { categories, dataItems, projects, userProjectCategories, userProjects } from "../../../db/schema";
import { until, withLiveServer } from "../../testing/live-server";
import { mentionedLogins } from "./mentions";

// @mentions over a real socket and a real SMTP server: the server resolves the logins against who may
// be mentioned there and who may read the chat, whatever the writer's page offered.

const { db, person, api, live, server, sink } = withLiveServer();

const mentioned = (inbox: { type: string; chatId?: number }[]) => inbox.filter((e) => e.type === "MENTIONED");

describe("@mentions", () => {
  test("logins after @, not inside addresses or words, a full stop after one left off", () => {
    expect([...mentionedLogins("@Tom.Berg, ask @lena. and mail tom@example.com or x@@y; (@Иван)")]).toEqual(["tom.berg", "lena", "иван"]);
    expect(mentionedLogins("no one here").size).toBe(0);
  });

  test("in a task's comments: project members who may read the task are notified live and by mail; outsiders, limited members and oneself are not", async () => {
    const project = db().insert(projects).values({ name: "Quay" }).returning().get();
    const lead = await person();
    const tom = await person({ locale: "ru" });
    const quiet = await person({ emailNotificationsAllowed: false });
    const limited = await person();
    const outsider = await person();
    for (const p of [lead, tom, quiet, limited]) db().insert(userProjects).values({ userId: p.user.id, projectId: project.id, moderator: p === lead }).run();
    const pumps = db().insert(categories).values({ projectId: project.id, name: "Pumps" }).returning().get();
    const roads = db().insert(categories).values({ projectId: project.id, name: "Roads" }).returning().get();
    const membership = db().select().from(userProjects).where(eq(userProjects.userId, limited.user.id)).get()!;
    db().insert(userProjectCategories).values({ userProjectId: membership.id, categoryId: roads.id }).run();
    const issue = (await api(lead.cookie, "POST", "/issue/save", { name: "Check the quay wall", project: { id: project.id }, categoryList: [{ id: pumps.id }] })).body;
    const chatId = issue.chat.id as number;

    // The suggestions: who may be mentioned and may read the task, not the writer; the chat stays hidden from outsiders.
    const offered = await api(lead.cookie, "GET", `/chats/mentionable?chatId=${chatId}`);
    expect(offered.body.map((u: { id: number }) => u.id).sort()).toEqual([tom.user.id, quiet.user.id].sort());
    expect(offered.body[0]).toHaveProperty("login");
    expect((await api(outsider.cookie, "GET", `/chats/mentionable?chatId=${chatId}`)).status).toBe(404);
    expect((await api(lead.cookie, "GET", "/chats/mentionable?chatId=abc")).status).toBe(422);

    const watchers = await Promise.all([tom, quiet, limited, outsider].map((p) => live(p.cookie)));
    const [tomLive, quietLive, limitedLive, outsiderLive] = watchers;
    const writer = await live(lead.cookie);
    const before = sink().mails.length;
    writer.client.publish({
      destination: `/ws-prefix/notify/${chatId}`,
      body: JSON.stringify({ text: `@${tom.user.login.toUpperCase()} and @${quiet.user.login}, see @${limited.user.login} @${outsider.user.login} @${lead.user.login}.` }),
    });
    await until(() => mentioned(tomLive!.system).length > 0 && mentioned(quietLive!.system).length > 0);
    expect(mentioned(tomLive!.system)[0]).toMatchObject({ chatId, author: `${lead.user.firstName} ${lead.user.lastName}`, chatName: "Check the quay wall" });

    const mail = await sink().waitFor(tom.user.email);
    expect(mail.subject).toBe(`${lead.user.firstName} ${lead.user.lastName} упомянул(а) вас: Check the quay wall`);
    expect(mail.html).toContain(`http://plexus.test/project/${project.id}/issue/${issue.id}`);
    await server().ctx.mailer.idle();
    await Bun.sleep(100);
    const others = [quiet, limited, outsider, lead].map((p) => p.user.email);
    expect(sink().mails.slice(before).filter((m) => m.to.some((to) => others.includes(to)))).toEqual([]);
    expect(mentioned(limitedLive!.system)).toEqual([]);
    expect(mentioned(outsiderLive!.system)).toEqual([]);
    expect(mentioned(writer.system)).toEqual([]);

    // Tom has the task's chat in his list now, with the mention unread; the limited member and the outsider still cannot enter it.
    const tomChats = (await api(tom.cookie, "GET", "/chats/get-all")).body as { id: number; numberOfUnreadMessages: number }[];
    expect(tomChats.find((c) => c.id === chatId)?.numberOfUnreadMessages).toBe(1);
    expect((await api(limited.cookie, "GET", `/chat-records/get-messages?chatId=${chatId}`)).status).toBe(404);
    expect((await api(outsider.cookie, "GET", `/chat-records/get-messages?chatId=${chatId}`)).status).toBe(404);
    for (const w of [...watchers, writer]) w.client.deactivate();
  });

  test("in a private chat: its members, not the project's nor anyone else", async () => {
    const owner = await person();
    const friend = await person();
    const stranger = await person();
    const created = await api(owner.cookie, "POST", "/chats/new-chat", { name: `Pier talk ${Math.random()}`, type: "PRIVATE", members: [{ id: friend.user.id }] });
    expect(created.status).toBe(200);
    const chatId = created.body as number;
    expect((await api(owner.cookie, "GET", `/chats/mentionable?chatId=${chatId}`)).body.map((u: { id: number }) => u.id)).toEqual([friend.user.id]);
    const [friendLive, strangerLive, writer] = await Promise.all([friend, stranger, owner].map((p) => live(p.cookie)));
    writer!.client.publish({ destination: `/ws-prefix/notify/${chatId}`, body: JSON.stringify({ text: `@${friend.user.login} @${stranger.user.login} hello` }) });
    await until(() => mentioned(friendLive!.system).length > 0);
    await Bun.sleep(100);
    expect(mentioned(strangerLive!.system)).toEqual([]);
    for (const w of [friendLive, strangerLive, writer]) w!.client.deactivate();
  });

  test("in a data item's comments: its project's members, from the first comment on", async () => {
    const project = db().insert(projects).values({ name: "Levels" }).returning().get();
    const [writer, reader, outsider] = [await person(), await person(), await person()];
    for (const p of [writer, reader]) db().insert(userProjects).values({ userId: p.user.id, projectId: project.id }).run();
    const item = db().insert(dataItems).values({ projectId: project.id, name: "Readings", dataType: "DOC" }).returning().get();
    const [readerLive, outsiderLive] = await Promise.all([reader, outsider].map((p) => live(p.cookie)));
    const made = await api(writer.cookie, "POST", "/chats/new-chat-for-data", { dataId: item.id, message: `@${reader.user.login} @${outsider.user.login} see row 12` });
    expect(made.status).toBe(200);
    await until(() => mentioned(readerLive!.system).length > 0);
    expect(mentioned(readerLive!.system)[0]).toMatchObject({ chatId: made.body.id, chatName: "Readings" });
    await Bun.sleep(100);
    expect(mentioned(outsiderLive!.system)).toEqual([]);
    for (const w of [readerLive, outsiderLive]) w!.client.deactivate();
  });

  test("an edit that adds a mention notifies the one added, not again those already mentioned", async () => {
    const owner = await person();
    const [ann, bob] = [await person(), await person()];
    const chatId = (await api(owner.cookie, "POST", "/chats/new-chat", { name: `Edits ${Math.random()}`, type: "PRIVATE", members: [{ id: ann.user.id }, { id: bob.user.id }] })).body as number;
    const [annLive, bobLive, writer] = await Promise.all([ann, bob, owner].map((p) => live(p.cookie)));
    const topic = await writer!.inbox(`/ws-broker/topic/${chatId}`);
    writer!.client.publish({ destination: `/ws-prefix/notify/${chatId}`, body: JSON.stringify({ text: `@${ann.user.login} pour at 7` }) });
    await until(() => mentioned(annLive!.system).length === 1 && topic.some((e) => e.type === "MESSAGE"));
    const messageId = topic.find((e) => e.type === "MESSAGE").message.id;
    writer!.client.publish({ destination: `/ws-prefix/chat/${chatId}/message-edit/${messageId}`, body: JSON.stringify({ text: `@${ann.user.login} @${bob.user.login} pour at 8` }) });
    await until(() => mentioned(bobLive!.system).length === 1);
    await Bun.sleep(150);
    expect(mentioned(annLive!.system)).toHaveLength(1);
    for (const w of [annLive, bobLive, writer]) w!.client.deactivate();
  });
});
