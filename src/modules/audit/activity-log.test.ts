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
    const read = async (query: string) => {
      const res = await t.app.handle(new Request(`http://plexus.test/api/admin/activity-log/export/xlsx${query}`, { headers: { cookie } }));
      expect(res.status).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(await res.arrayBuffer());
      return book.worksheets[0];
    };
    const sheet = await read(`?userId=${ann.id}`);
    expect(sheet.rowCount).toBe(1 + 2); // ann's sign-in and the READ
    const row = sheet.getRow(2);
    expect([row.getCell(2).value, row.getCell(3).value, row.getCell(6).value]).toEqual(["READ", "ann", "Схема моста"]);
    expect(row.getCell(5).value).toBe("=cmd|' /C calc'!A0");
    expect(row.getCell(5).formula).toBeUndefined();
    expect(row.getCell(7).value).toBe(`${t.config.publicUrl}/project/${project.id}/table/${item.id}`);
    expect((await read("")).rowCount).toBeGreaterThan(3);
    expect((await t.call("GET", "/admin/activity-log/export/xlsx?userId=abc", { cookie })).status).toBe(422);
  });
});
