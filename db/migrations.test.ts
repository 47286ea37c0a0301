import { afterEach, beforeEach, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { chatMembers, chats, fulltextPending, issues, projects } from "./schema";
import { makeUser, testApp, type TestApp } from "../src/testing/harness";

let t: TestApp;
beforeEach(() => (t = testApp()));
afterEach(() => t.close());

test("0004 gives every active user of an existing install the PUBLIC chats they used to join on first listing", async () => {
  const active = await makeUser(t.db, "USER");
  const inactive = await makeUser(t.db, "USER", { isActive: false });
  const owner = await makeUser(t.db, "ADMIN");
  // As an install before the change left it: PUBLIC and PRIVATE chats, with only their owners as members.
  const open = t.db.insert(chats).values({ name: "Everyone", type: "PUBLIC", ownerId: owner.id, lastMessageId: 7 }).returning().get();
  const closed = t.db.insert(chats).values({ name: "Few", type: "PRIVATE", ownerId: owner.id }).returning().get();
  t.db.insert(chatMembers).values([{ chatId: open.id, userId: owner.id, lastReadMessageId: 3 }, { chatId: closed.id, userId: owner.id }]).run();

  t.db.$client.run(readFileSync(join(import.meta.dir, "migrations", "0004_public_chat_members.sql"), "utf8"));

  const members = t.db.select().from(chatMembers).all();
  const of = (chatId: number) => members.filter((m) => m.chatId === chatId).map((m) => m.userId).sort();
  expect(of(open.id)).toEqual([active.id, owner.id].sort());
  expect(of(closed.id)).toEqual([owner.id]);
  expect(members.find((m) => m.userId === inactive.id)).toBeUndefined();
  // Newcomers start with nothing unread; an existing member keeps their read mark.
  expect(members.find((m) => m.chatId === open.id && m.userId === active.id)?.lastReadMessageId).toBe(7);
  expect(members.find((m) => m.chatId === open.id && m.userId === owner.id)?.lastReadMessageId).toBe(3);
});

test("0022-0024 move fulltext_pending into the schema keeping its rows, and the triggers of 0015 write into the new table", async () => {
  const pending = () => t.db.select().from(fulltextPending).all();
  t.db.$client.run("DELETE FROM fulltext_pending; INSERT INTO fulltext_pending VALUES (1, 7), (3, 9)");
  for (const file of ["0022_search_pending_set_aside.sql", "0023_public_polaris.sql", "0024_search_pending_restored.sql"]) {
    t.db.$client.run(readFileSync(join(import.meta.dir, "migrations", file), "utf8").replaceAll("--> statement-breakpoint", ""));
  }
  expect(pending()).toEqual([{ kind: 1, ref: 7 }, { kind: 3, ref: 9 }]);
  const owner = await makeUser(t.db, "ADMIN");
  const project = t.db.insert(projects).values({ name: "Bridge" }).returning().get();
  const issue = t.db.insert(issues).values({ projectId: project.id, reporterId: owner.id, name: "Fix the pump", description: "", status: "OPEN" }).returning().get();
  expect(pending()).toContainEqual({ kind: 2, ref: issue.id });
});
