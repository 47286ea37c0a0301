import { describe, expect, test } from "bun:test";
import { and, count, eq } from "drizzle-orm";
import { dataItems, tableImports, tableRows, tableSortKeys } from "../../../db/schema";
import { withTestApp } from "../../testing/harness";
import type { AppError } from "../../lib/errors";
import { findPage } from "../data/search";
import { removeDataItem, restoreDataItem, setDataItemShown } from "../data/service";
import { discardUnfinishedImports, importTable } from "./import-write";
import { createTable } from "./service";

const { t, f } = withTestApp();

const rowsOf = (n: number) => Array.from({ length: n }, (_, i) => [`Pier ${i}`, i * 1.5, i % 7 === 0 ? null : "concrete"]);
const headers = ["Pier", "Height", "Material"];
const n = (query: { get(): { n: number } | undefined }) => query.get()?.n ?? 0;
/** Everything a table's rows leave in the database: rows, sort keys and entries of the filter's index. */
const leftovers = () => ({
  rows: n(t.db.select({ n: count() }).from(tableRows)),
  keys: n(t.db.select({ n: count() }).from(tableSortKeys)),
  search: t.db.$client.query<{ n: number }, []>("select count(*) n from table_rows_search").get()!.n,
  pending: n(t.db.select({ n: count() }).from(tableImports)),
});
const tablesNamed = (name: string) => t.db.select().from(dataItems).where(eq(dataItems.name, name)).all();

describe("importTable", () => {
  test("writes 8,000 rows in slices with the event loop free between them, the table hidden until the last slice", async () => {
    const s = await f.projectScene();
    let ticks = 0;
    const seen: boolean[] = [];
    const timer = setInterval(() => {
      ticks++;
      const item = tablesNamed("Piers")[0];
      if (item) seen.push(item.isActive);
    }, 0);
    const item = await importTable(t.db, s.moderator.user, s.project.id, { name: "Piers", headers, rows: rowsOf(8000) });
    clearInterval(timer);
    // One transaction would let no timer run until it ended.
    expect(ticks).toBeGreaterThan(5);
    expect(seen.length).toBeGreaterThan(2);
    expect(seen.every((active) => !active)).toBe(true);
    expect(tablesNamed("Piers")[0].isActive).toBe(true);
    expect(item.isActive).toBe(true);
    expect(leftovers()).toEqual({ rows: 8000, keys: 24_000, search: 8000, pending: 0 });
  }, 60_000);

  test("a write that fails halfway (the disk refuses) leaves no table, no rows, no sort keys, no search entries", async () => {
    const s = await f.projectScene();
    t.db.$client.exec(
      "create temp trigger refuse_after_3000 before insert on table_rows when (select count(*) from table_rows) >= 3000 begin select raise(abort, 'disk I/O error'); end",
    );
    await expect(importTable(t.db, s.moderator.user, s.project.id, { name: "Piers", headers, rows: rowsOf(10_000) })).rejects.toThrow("disk I/O error");
    expect(tablesNamed("Piers")).toEqual([]);
    expect(leftovers()).toEqual({ rows: 0, keys: 0, search: 0, pending: 0 });
  }, 60_000);

  test("a bad cell is refused before anything is written; a member may not import", async () => {
    const s = await f.projectScene();
    const rows = rowsOf(5000);
    rows[4321] = ["P", "x", "y", "one too many"];
    await expect(importTable(t.db, s.moderator.user, s.project.id, { name: "Piers", headers, rows })).rejects.toMatchObject({ status: 422, details: [{ path: "rows.4321" }] });
    await expect(importTable(t.db, s.member.user, s.project.id, { name: "Piers", headers, rows: rowsOf(3) })).rejects.toMatchObject({ status: 403 });
    expect(tablesNamed("Piers")).toEqual([]);
    expect(leftovers()).toEqual({ rows: 0, keys: 0, search: 0, pending: 0 });
  });

  test("a table still importing is not among the removed items, nor restorable, until its last slice commits", async () => {
    const s = await f.projectScene();
    const removed = () =>
      findPage(t.db, s.moderator.user, { type: "TABLE", projectId: s.project.id }, { criteria: [{ name: "isActive", value: false }] }).content.map((item) => item.name);
    const restoreStatus = (id: number) => {
      try {
        restoreDataItem(t.ctx, s.moderator.user, id);
        return 200;
      } catch (error) {
        return (error as AppError).status;
      }
    };
    const seen: { listed: boolean; restore: number }[] = [];
    const timer = setInterval(() => {
      const item = tablesNamed("Piers")[0];
      if (item && !item.isActive) seen.push({ listed: removed().includes("Piers"), restore: restoreStatus(item.id) });
    }, 0);
    const item = await importTable(t.db, s.moderator.user, s.project.id, { name: "Piers", headers, rows: rowsOf(8000) }).finally(() => clearInterval(timer));
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.filter((moment) => moment.listed || moment.restore !== 404)).toEqual([]);
    expect(leftovers().rows).toBe(8000);

    // Once imported it is a table like any other: removed, it is listed and comes back.
    removeDataItem(t.ctx, s.moderator.user, item.id);
    expect(removed()).toEqual(["Piers"]);
    expect(restoreStatus(item.id)).toBe(200);
    expect(removed()).toEqual([]);
  }, 60_000);

  test("at start-up, an import a crash interrupted is removed with its rows; finished tables stay", async () => {
    const s = await f.projectScene();
    const kept = t.db.transaction((tx) => createTable(tx, s.moderator.user, s.project.id, { name: "Kept", headers, rows: rowsOf(10) }));
    const cut = t.db.transaction((tx) => {
      const item = createTable(tx, s.moderator.user, s.project.id, { name: "Cut short", headers, rows: rowsOf(1200) });
      setDataItemShown(tx, item.id, false);
      tx.insert(tableImports).values({ dataId: item.id }).run();
      return item;
    });
    await discardUnfinishedImports(t.db);
    expect(tablesNamed("Cut short")).toEqual([]);
    expect(n(t.db.select({ n: count() }).from(tableRows).where(eq(tableRows.tableId, cut.id)))).toBe(0);
    expect(n(t.db.select({ n: count() }).from(tableRows).where(and(eq(tableRows.tableId, kept.id))))).toBe(10);
    expect(leftovers()).toEqual({ rows: 10, keys: 30, search: 10, pending: 0 });
  });
});
