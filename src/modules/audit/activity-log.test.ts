import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import ExcelJS from "exceljs";
import { activityLog } from "../../../db/schema";
import { testApp } from "../../testing/harness";
import { factories } from "../../testing/factories";
import { audit } from "./service";

let t: ReturnType<typeof testApp>;
beforeEach(() => {
  t = testApp();
});
afterEach(() => t.close());

const find = (cookie: string, body: Record<string, unknown>) => t.call("POST", "/admin/activity-log/find-pageable-search-result", { cookie, body });

describe("admin/activity-log/find-pageable-search-result", () => {
  test("pages, sorts both ways, filters by user and links a data item; only a SYSTEM_ADMIN reads it", async () => {
    const { cookie } = await t.userWithCookie("SYSTEM_ADMIN");
    const { user: ann } = await t.userWithCookie("USER", { login: "ann" });
    const { user: bob } = await t.userWithCookie("USER", { login: "bob" });
    const f = factories(t);
    const project = f.project();
    const item = f.dataItem(project.id, { name: "Bridge plan", dataType: "DOC" });
    t.db.delete(activityLog).run();
    for (let i = 0; i < 7; i++) audit(t.db, ann.id, "UPDATE", `ann ${i}`);
    audit(t.db, bob.id, "READ", "opened", item.id);

    const first = await find(cookie, { page: 0, rowsPerPage: 3, sortBy: "date", desc: true });
    expect(first.body.totalElements).toBe(8);
    expect(first.body.content.map((row: { description: string }) => row.description)).toEqual(["opened", "ann 6", "ann 5"]);
    expect(first.body.content[0]).toMatchObject({
      activityType: "READ",
      userEntity: { id: bob.id, login: "bob" },
      abstractData: { id: item.id, name: "Bridge plan", dataType: "DOC", projectId: project.id },
    });
    const last = await find(cookie, { page: 2, rowsPerPage: 3, sortBy: "date", desc: true });
    expect(last.body.content.map((row: { description: string }) => row.description)).toEqual(["ann 1", "ann 0"]);
    const ascending = await find(cookie, { page: 0, rowsPerPage: 2, sortBy: "date", desc: false });
    expect(ascending.body.content.map((row: { description: string }) => row.description)).toEqual(["ann 0", "ann 1"]);
    const byUser = await find(cookie, { page: 0, rowsPerPage: 1, sortBy: "user", desc: true });
    expect(byUser.body.content[0].userEntity.login).toBe("bob");
    const onlyBob = await find(cookie, { page: 0, rowsPerPage: 10, sortBy: "date", desc: true, userId: bob.id });
    expect([onlyBob.body.totalElements, onlyBob.body.content.length]).toEqual([1, 1]);

    const { cookie: admin } = await t.userWithCookie("ADMIN");
    expect((await find(admin, { page: 0, rowsPerPage: 3, sortBy: "date", desc: true })).status).toBe(403);
  });

  test("sorted by user: logins in order whatever their case, rows without a user first (ascending), pages seamless", async () => {
    const { cookie } = await t.userWithCookie("SYSTEM_ADMIN", { login: "zed" });
    const { user: ann } = await t.userWithCookie("USER", { login: "ann" });
    const { user: bob } = await t.userWithCookie("USER", { login: "Bob" });
    const { user: cid } = await t.userWithCookie("USER", { login: "cid" });
    t.db.delete(activityLog).run();
    audit(t.db, cid.id, "UPDATE", "cid 0");
    audit(t.db, null, "DOWNLOAD", "nobody 0");
    for (let i = 0; i < 3; i++) audit(t.db, ann.id, "UPDATE", `ann ${i}`);
    audit(t.db, bob.id, "UPDATE", "bob 0");
    audit(t.db, null, "DOWNLOAD", "nobody 1");
    audit(t.db, bob.id, "UPDATE", "bob 1");
    const expected = ["nobody 0", "nobody 1", "ann 0", "ann 1", "ann 2", "bob 0", "bob 1", "cid 0"];
    for (const desc of [false, true]) {
      const seen: string[] = [];
      for (let page = 0; page < 3; page++) {
        const res = await find(cookie, { page, rowsPerPage: 3, sortBy: "user", desc });
        expect(res.body.totalElements).toBe(8);
        seen.push(...res.body.content.map((row: { description: string }) => row.description));
      }
      expect(seen).toEqual(desc ? [...expected].reverse() : expected);
    }
    const past = await find(cookie, { page: 5, rowsPerPage: 3, sortBy: "user", desc: false });
    expect([past.body.content.length, past.body.totalElements]).toEqual([0, 8]);
    const onlyBob = await find(cookie, { page: 0, rowsPerPage: 5, sortBy: "user", desc: true, userId: bob.id });
    expect(onlyBob.body.content.map((row: { description: string }) => row.description)).toEqual(["bob 1", "bob 0"]);
  });

  test("an item deleted for good keeps its name in the log, without a link", async () => {
    const { cookie } = await t.userWithCookie("SYSTEM_ADMIN");
    const f = factories(t);
    const project = f.project();
    const item = f.dataItem(project.id, { name: "Old survey", dataType: "TABLE" });
    audit(t.db, null, "READ", "opened", item.id);
    expect((await t.call("GET", `/data/remove?id=${item.id}`, { cookie })).status).toBe(200);
    expect((await t.call("GET", `/data/remove-forever?id=${item.id}`, { cookie })).status).toBe(200);
    const rows = (await find(cookie, { page: 0, rowsPerPage: 10, sortBy: "date", desc: true })).body.content as { activityType: string; abstractData: unknown; dataName: string | null }[];
    const read = rows.find((row) => row.activityType === "READ")!;
    expect([read.abstractData, read.dataName]).toEqual([null, "Old survey"]);
    expect(rows.find((row) => row.activityType === "DELETE_FOREVER")!.dataName).toBe("Old survey");
  });

  test("revealing a secured setting is logged as READ, naming the setting and who saw it", async () => {
    const { cookie, user } = await t.userWithCookie("SYSTEM_ADMIN");
    t.db.delete(activityLog).run();
    expect((await t.call("POST", "/settings/reveal?label=SMTP_PASSWORD", { cookie })).status).toBe(200);
    const rows = (await find(cookie, { page: 0, rowsPerPage: 10, sortBy: "date", desc: true })).body.content;
    expect(rows.map((row: { activityType: string; description: string; userEntity: { id: number } }) => [row.activityType, row.description, row.userEntity.id])).toEqual([["READ", "setting SMTP_PASSWORD", user.id]]);
  });

  test("filters on the server by event kinds, a time range and a text, with the user and any sort; the rest of the log is not counted", async () => {
    const { cookie } = await t.userWithCookie("SYSTEM_ADMIN");
    const { user: ann } = await t.userWithCookie("USER", { login: "ann" });
    const { user: bob } = await t.userWithCookie("USER", { login: "bob" });
    t.db.delete(activityLog).run();
    const day = (d: number) => new Date(Date.UTC(2026, 10, d, 12));
    const rows = [
      [ann.id, "CREATE", "ISSUE 1 Inspect the bearings", 10],
      [ann.id, "UPDATE", "ISSUE 1 Inspect the bearings on span 2", 12],
      [bob.id, "UPDATE", "category 4 \"Bearings_50%\" in project 1", 12],
      [bob.id, "DELETE", "ARTICLE 3 Mooring rules", 14],
      [ann.id, "LOGIN", "", 12],
    ] as const;
    for (const [userId, activityType, description, d] of rows) t.db.insert(activityLog).values({ userId, activityType, description, date: day(d) }).run();
    const described = async (filters: Record<string, unknown>, sortBy = "date") => {
      const res = await find(cookie, { page: 0, rowsPerPage: 10, sortBy, desc: false, ...filters });
      expect(res.status).toBe(200);
      expect(res.body.totalElements).toBe(res.body.content.length);
      return res.body.content.map((row: { description: string }) => row.description);
    };
    expect(await described({ activityTypes: ["UPDATE", "DELETE"] })).toEqual(["ISSUE 1 Inspect the bearings on span 2", 'category 4 "Bearings_50%" in project 1', "ARTICLE 3 Mooring rules"]);
    expect(await described({ from: day(11).getTime(), to: day(13).getTime() })).toEqual(["ISSUE 1 Inspect the bearings on span 2", 'category 4 "Bearings_50%" in project 1', ""]);
    expect(await described({ text: "BEARINGS" })).toEqual(["ISSUE 1 Inspect the bearings", "ISSUE 1 Inspect the bearings on span 2", 'category 4 "Bearings_50%" in project 1']);
    // % and _ are the text's own characters, not patterns.
    expect(await described({ text: "_50%" })).toEqual(['category 4 "Bearings_50%" in project 1']);
    expect(await described({ text: "bearing_ on" })).toEqual([]);
    expect(await described({ text: "bearings", activityTypes: ["UPDATE"], userId: ann.id })).toEqual(["ISSUE 1 Inspect the bearings on span 2"]);
    expect(await described({ text: "bearings" }, "user")).toEqual(["ISSUE 1 Inspect the bearings", "ISSUE 1 Inspect the bearings on span 2", 'category 4 "Bearings_50%" in project 1']);
    for (const bad of [{ activityTypes: ["DROP"] }, { from: -1 }, { to: "yesterday" }, { text: "x".repeat(201) }]) {
      expect((await find(cookie, { page: 0, rowsPerPage: 10, sortBy: "date", desc: true, ...bad })).status).toBe(422);
    }
  });

  test("the text filter ignores case in Cyrillic and accented Latin too, in the description and the item's name", async () => {
    const { cookie } = await t.userWithCookie("SYSTEM_ADMIN");
    t.db.delete(activityLog).run();
    const descriptions = ["ISSUE 7 Осмотр опор пролёта 2", "ISSUE 8 Inspección de los APOYOS", "ARTICLE 9 Правила швартовки", ""];
    for (const description of descriptions) t.db.insert(activityLog).values({ activityType: "UPDATE", description, dataName: description ? null : "ÁRIDOS Ñandú" }).run();
    const described = async (text: string) => {
      const res = await find(cookie, { page: 0, rowsPerPage: 10, sortBy: "date", desc: false, text });
      expect(res.status).toBe(200);
      return res.body.content.map((row: { description: string; dataName?: string }) => row.description || row.dataName);
    };
    expect(await described("ОСМОТР")).toEqual(["ISSUE 7 Осмотр опор пролёта 2"]);
    expect(await described("правила ШВАРТОВКИ")).toEqual(["ARTICLE 9 Правила швартовки"]);
    expect(await described("INSPECCIÓN")).toEqual(["ISSUE 8 Inspección de los APOYOS"]);
    expect(await described("áridos ñandú")).toEqual(["ÁRIDOS Ñandú"]);
    expect(await described("опоры")).toEqual([]);
  });

  test("a task or article the event names is its subject, linked to its page while it exists", async () => {
    const { cookie } = await t.userWithCookie("SYSTEM_ADMIN");
    const project = factories(t).project("Quay");
    expect((await t.call("POST", "/project/add-user-project", { cookie, body: { user: { id: (await t.userWithCookie("USER")).user.id }, project: { id: project.id }, moderator: false } })).status).toBe(200);
    const task = await t.call("POST", "/issue/save", { cookie, body: { name: "Inspect the quay", project: { id: project.id } } });
    expect(task.status).toBe(200);
    const article = await t.call("POST", "/article/save", { cookie, body: { title: "Mooring rules", content: "<p>Ropes</p>" } });
    expect(article.status).toBe(200);
    audit(t.db, null, "DELETE", "ARTICLE 999999 Gone article");
    const content = (await find(cookie, { page: 0, rowsPerPage: 10, sortBy: "date", desc: true, activityTypes: ["CREATE", "DELETE"] })).body.content as { subject: unknown; description: string }[];
    const subjectOf = (start: string) => content.find((row) => row.description.startsWith(start))?.subject;
    expect(subjectOf("ISSUE")).toEqual({ type: "ISSUE", name: "Inspect the quay", path: `/project/${project.id}/issue/${task.body.id}` });
    expect(subjectOf(`ARTICLE ${article.body.article.id}`)).toEqual({ type: "ARTICLE", name: "Mooring rules", path: `/wiki/${article.body.article.id}` });
    expect(subjectOf("ARTICLE 999999")).toEqual({ type: "ARTICLE", name: "Gone article", path: null });
  });

  test("bad paging and sorting are a 422, never a 500", async () => {
    const { cookie } = await t.userWithCookie("SYSTEM_ADMIN");
    const bad = [
      { page: -1, rowsPerPage: 3, sortBy: "date", desc: true },
      { page: 0, rowsPerPage: 0, sortBy: "date", desc: true },
      { page: 0, rowsPerPage: 100000, sortBy: "date", desc: true },
      { page: 0, rowsPerPage: 3, sortBy: "password_hash", desc: true },
      { page: 0, rowsPerPage: 3, sortBy: "date; DROP TABLE users", desc: true },
      { page: "0 OR 1", rowsPerPage: 3, sortBy: "date", desc: true },
      { page: 0, rowsPerPage: 3, sortBy: "date", desc: true, userId: "x" },
    ];
    for (const body of bad) expect([body, (await find(cookie, body)).status]).toEqual([body, 422]);
  });
});

describe("admin/activity-log/export/xlsx", () => {
  test("the log, or one user's, as a workbook exceljs reads, with the data item's link", async () => {
    const { cookie } = await t.userWithCookie("SYSTEM_ADMIN");
    const { user: ann } = await t.userWithCookie("USER", { login: "ann" });
    const f = factories(t);
    const project = f.project();
    const item = f.dataItem(project.id, { name: "Схема моста", dataType: "TABLE" });
    audit(t.db, ann.id, "READ", "=cmd|' /C calc'!A0", item.id);
    const read = async (query: string, language = "plexus_locale=en") => {
      const res = await t.app.handle(new Request(`http://plexus.test/api/admin/activity-log/export/xlsx${query}`, { headers: { cookie: `${cookie}; ${language}` } }));
      expect(res.status).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(await res.arrayBuffer());
      return book.worksheets[0];
    };
    const sheet = await read(`?userId=${ann.id}`);
    expect(sheet.rowCount).toBe(1 + 2); // ann's sign-in and the READ
    const row = sheet.getRow(2);
    expect([row.getCell(2).value, row.getCell(3).value, row.getCell(6).value]).toEqual(["Viewed", "ann", "Схема моста"]);
    expect(row.getCell(5).value).toBe("=cmd|' /C calc'!A0");
    expect(row.getCell(5).formula).toBeUndefined();
    expect(row.getCell(7).value).toBe(`${t.config.publicUrl}/project/${project.id}/table/${item.id}`);
    expect((await read("")).rowCount).toBeGreaterThan(3);
    // In the reader's language (the language cookie the pages use): headings and event kinds.
    const russian = await read(`?userId=${ann.id}`, "plexus_locale=ru");
    expect([russian.name, russian.getRow(1).getCell(2).value, russian.getRow(2).getCell(2).value]).toEqual(["Действия пользователей", "Событие", "Просмотр"]);
    expect((await t.call("GET", "/admin/activity-log/export/xlsx?userId=abc", { cookie })).status).toBe(422);
  });
});
