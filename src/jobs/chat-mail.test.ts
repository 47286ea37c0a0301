import { expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { dataItems, projects, userProjects } from "../../db/schema";
import { withMailTestApp } from "../testing/harness";
import { createChat, directChat } from "../modules/chat/service";
import { sendMessage } from "../modules/chat/messages";
import { chatForData } from "../modules/chat/data-chats";
import { mailUnreadChats, QUIET_PERIOD_MS } from "./chat-mail";

const env = withMailTestApp();

test("offline members get one NEW_MESSAGE mail per chat per quarter hour; online or opted-out members none", async () => {
  const { t, sink } = env;
  const { user: author } = await t.userWithCookie();
  const { user: away } = await t.userWithCookie();
  const { user: optedOut } = await t.userWithCookie("USER", { emailNotificationsAllowed: false });
  const { user: online } = await t.userWithCookie();
  const chatId = createChat(t.ctx, author, { name: "Night shift", type: "PRIVATE", members: [away, optedOut, online].map((u) => ({ id: u.id })) });
  t.ctx.live.isOnline = (id: number) => id === online.id; // presence comes from sockets; this test has none
  for (const text of ["one", "two", "three"]) sendMessage(t.ctx, author, chatId, { text });

  const now = Date.now();
  expect(mailUnreadChats(t.ctx, now)).toBe(1);
  const mail = await sink.waitFor(away.email);
  expect(mail.subject).toBe("New messages in Night shift");
  expect(mail.html).toContain(`http://plexus.test/chats?chat=${chatId}`);
  expect(mailUnreadChats(t.ctx, now + 60_000)).toBe(0);

  sendMessage(t.ctx, author, chatId, { text: "four" });
  expect(mailUnreadChats(t.ctx, now + 5 * 60_000)).toBe(0);
  expect(mailUnreadChats(t.ctx, now + QUIET_PERIOD_MS + 60_000)).toBe(1);
  await t.ctx.mailer.idle();
  expect(sink.mails.filter((m) => m.to.includes(away.email))).toHaveLength(2);
  expect(sink.mails.some((m) => m.to.includes(optedOut.email) || m.to.includes(online.email))).toBe(false);
});

test("no NEW_MESSAGE mail about a data item's comments to someone no longer in its project", async () => {
  const { t, sink } = env;
  const { user: author } = await t.userWithCookie();
  const { user: left } = await t.userWithCookie();
  const { user: stayed } = await t.userWithCookie();
  const project = t.db.insert(projects).values({ name: "Harbour" }).returning().get();
  for (const u of [author, left, stayed]) t.db.insert(userProjects).values({ userId: u.id, projectId: project.id }).run();
  const item = t.db.insert(dataItems).values({ projectId: project.id, name: "Quay wall survey", dataType: "DOC" }).returning().get();
  const { id: chatId } = chatForData(t.ctx, author, item.id);
  for (const u of [left, stayed]) chatForData(t.ctx, u, item.id);
  t.db.delete(userProjects).where(eq(userProjects.userId, left.id)).run();
  t.ctx.live.isOnline = () => false;
  sendMessage(t.ctx, author, chatId, { text: "cracks at bay 3" });
  expect(mailUnreadChats(t.ctx)).toBe(1);
  await sink.waitFor(stayed.email);
  await t.ctx.mailer.idle();
  expect(sink.mails.some((m) => m.to.includes(left.email))).toBe(false);
});

test("a DIRECT chat's mail is named after the other person, as the reader's chat list names it", async () => {
  const { t, sink } = env;
  const { user: writer } = await t.userWithCookie();
  const { user: reader } = await t.userWithCookie();
  const chatId = directChat(t.ctx, writer, reader.id);
  t.ctx.live.isOnline = () => false;
  sendMessage(t.ctx, writer, chatId, { text: "call me" });
  expect(mailUnreadChats(t.ctx)).toBe(1);
  expect((await sink.waitFor(reader.email)).subject).toBe(`New messages in ${writer.firstName} ${writer.lastName}`);
});
