import { expect, test } from "bun:test";
import { withMailTestApp } from "../testing/harness";
import { createChat } from "../modules/chat/service";
import { sendMessage } from "../modules/chat/messages";
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
