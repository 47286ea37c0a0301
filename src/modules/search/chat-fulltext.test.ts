import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { chatMessages, type User } from "../../../db/schema";
import { withTestApp } from "../../testing/harness";
import { editMessage, removeMessage, sendMessage } from "../chat/messages";
import { blindStem } from "./fulltext-blind";
import { stemsOf } from "./fulltext-stems";

const { t, f } = withTestApp();

const find = (cookie: string, ...words: string[]) => t.call("GET", `/full-text-search/find?${words.map((w) => `q=${encodeURIComponent(w)}`).join("&")}`, { cookie });
const ids = async (cookie: string, ...words: string[]) => ((await find(cookie, ...words)).body.content as { type: string; id: number }[]).map((h) => `${h.type}${h.id}`);

/** A PRIVATE chat of `owner` with `members`; answers its id. */
async function privateChat(owner: { cookie: string }, name: string, members: User[]) {
  const res = await t.call("POST", "/chats/new-chat", { cookie: owner.cookie, body: { name, type: "PRIVATE", members: members.map(({ id }) => ({ id })) } });
  expect(res.status).toBe(200);
  return res.body as number;
}

const say = (user: User, chatId: number, text: string) => sendMessage(t.ctx, user, chatId, { text }).id;

/** Every row of every fulltext_* table (the index, its shadow tables, the queue) as one text. */
function fulltextTables() {
  const tables = t.db.all<{ name: string }>(sql`select name from sqlite_master where type = 'table' and name like 'fulltext%'`);
  expect(tables.length).toBeGreaterThan(5);
  return tables.map(({ name }) => JSON.stringify(t.db.$client.query(`select * from "${name}"`).all(), (_, v) => (v instanceof Uint8Array ? Buffer.from(v).toString("latin1") : v))).join("\n");
}

describe("chat messages in full-text-search/find", () => {
  test("a Russian word form finds a message of a chat the reader is in, the card opens the chat; others and a removed member find nothing", async () => {
    const owner = await t.userWithCookie("USER");
    const member = await t.userWithCookie("USER");
    const outsider = await t.userWithCookie("USER");
    const chatId = await privateChat(owner, "Планёрка", [member.user]);
    say(owner.user, chatId, "Сегодня обсудили кандидатов на должность инженера.");
    const res = await find(member.cookie, "кандидат");
    expect(res.body).toEqual({
      content: [{ type: "CHAT", id: chatId, name: "Планёрка", project: null, version: null, snippet: "Сегодня обсудили <mark>кандидатов</mark> на должность инженера." }],
      totalElements: 1,
    });
    expect((await find(outsider.cookie, "кандидат")).body).toEqual({ content: [], totalElements: 0 });
    expect((await t.call("GET", `/chats/detach-member?member=${member.user.id}&chat=${chatId}`, { cookie: owner.cookie })).status).toBe(200);
    expect((await find(member.cookie, "кандидат")).body).toEqual({ content: [], totalElements: 0 });
    expect(await ids(owner.cookie, "кандидатами")).toEqual([`CHAT${chatId}`]);
  });

  test("a DATA chat's comments are found by whoever sees the item, not by an outsider of its project nor by a member once removed from it", async () => {
    const { project, moderator, member, outsider } = await f.projectScene();
    const item = f.dataItem(project.id, { name: "Pump log", dataType: "TABLE" });
    const made = await t.call("POST", "/chats/new-chat-for-data", { cookie: moderator.cookie, body: { dataId: item.id, message: "The impeller vibrates" } });
    expect(made.status).toBe(200);
    const hits = (await find(member.cookie, "impellers")).body.content;
    expect(hits).toMatchObject([{ type: "CHAT", id: made.body.id, name: "Pump log" }]);
    expect((await find(outsider.cookie, "impellers")).body.totalElements).toBe(0);
    // Removed from the project: the comment chat is closed to them at once.
    t.db.run(sql`delete from user_projects where user_id = ${member.user.id} and project_id = ${project.id}`);
    expect((await find(member.cookie, "impellers")).body.totalElements).toBe(0);
  });

  test("a task's chat follows the task rule: a member limited to a category finds only the chats of tasks in it", async () => {
    const { project, moderator } = await f.projectScene();
    const given = f.category(project.id, { name: "Given" });
    const other = f.category(project.id, { name: "Other" });
    const limited = await t.userWithCookie("USER");
    f.assignCategories(f.member(limited.user.id, project.id).id, [given.id]);
    const task = async (name: string, categoryId: number) => {
      const res = await t.call("POST", "/issue/save", { cookie: moderator.cookie, body: { name, project: { id: project.id }, categoryList: [{ id: categoryId }] } });
      expect(res.status).toBe(200);
      say(moderator.user, res.body.chat.id, `${name}: the valve leaks`);
      return res.body.chat.id as number;
    };
    const seen = await task("Seen", given.id);
    await task("Hidden", other.id);
    expect(await ids(limited.cookie, "valves")).toEqual([`CHAT${seen}`]);
    expect((await find(moderator.cookie, "valves")).body.totalElements).toBe(2);
  });

  test("the database holds no plain text of a message after indexing: the index has only keyed hashes of its stems", async () => {
    const owner = await t.userWithCookie("USER");
    const chatId = await privateChat(owner, "Vault", []);
    const word = "квазиупругостью";
    const [stem] = stemsOf(word);
    say(owner.user, chatId, `Проверка ${word} опоры`);
    expect(await ids(owner.cookie, "квазиупругость")).toEqual([`CHAT${chatId}`]);
    const tables = fulltextTables();
    expect(tables).not.toContain(stem!);
    expect(tables).toContain(blindStem(t.ctx.box, stem!));
    t.db.run(sql`pragma wal_checkpoint(truncate)`);
    const file = readFileSync(t.config.dbPath);
    expect(file.includes(Buffer.from(stem!))).toBe(false);
    expect(file.includes(Buffer.from(blindStem(t.ctx.box, stem!)))).toBe(true);
  });

  test("an edited message is found by its new word and not its old one; a deleted one leaves the index", async () => {
    const owner = await t.userWithCookie("USER");
    const chatId = await privateChat(owner, "Crew", []);
    const id = say(owner.user, chatId, "The turbine is noisy");
    expect(await ids(owner.cookie, "turbines")).toEqual([`CHAT${chatId}`]);
    editMessage(t.ctx, owner.user, chatId, id, "The gearbox is noisy");
    expect(await ids(owner.cookie, "turbines")).toEqual([]);
    expect(await ids(owner.cookie, "gearboxes")).toEqual([`CHAT${chatId}`]);
    removeMessage(t.ctx, owner.user, chatId, id);
    expect(await ids(owner.cookie, "gearboxes")).toEqual([]);
    expect(t.db.all(sql`select rowid from fulltext_index where rowid = ${id * 4}`)).toEqual([]);
  });

  test("messages stored plain (before encrypt-messages) and a rebuild leave no plain word in the index", async () => {
    const admin = await t.userWithCookie("SYSTEM_ADMIN");
    const chatId = await privateChat(admin, "Legacy", []);
    t.db.insert(chatMessages).values({ chatId, authorId: admin.user.id, body: "Old flowmeter readings", encrypted: false }).run();
    expect(await ids(admin.cookie, "flowmeters")).toEqual([`CHAT${chatId}`]);
    expect(fulltextTables()).not.toContain("flowmet");
    expect((await t.call("POST", "/update/encrypt-messages", { cookie: admin.cookie })).body).toEqual({ encrypted: 1 });
    expect(await ids(admin.cookie, "flowmeters")).toEqual([`CHAT${chatId}`]);
    let status = (await t.call("POST", "/full-text-search/reindex", { cookie: admin.cookie })).body;
    expect(status).toMatchObject({ state: "RUNNING", total: 1 });
    while (status.state === "RUNNING") {
      await Bun.sleep(10);
      status = (await t.call("GET", "/full-text-search/reindex-status", { cookie: admin.cookie })).body;
    }
    expect(status).toEqual({ state: "DONE", done: 1, total: 1 });
    expect(await ids(admin.cookie, "flowmeters")).toEqual([`CHAT${chatId}`]);
    expect(fulltextTables()).not.toContain("flowmet");
    expect(fulltextTables()).toContain(blindStem(t.ctx.box, "flowmet"));
  });
});
