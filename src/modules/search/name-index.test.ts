import { afterEach, beforeEach, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { dataItems } from "../../../db/schema";
import { factories } from "../../testing/factories";
import { testApp, type TestApp } from "../../testing/harness";
import { ftsPhrase } from "./name-index";

let t: TestApp;
beforeEach(() => (t = testApp()));
afterEach(() => t.close());

/** The ids the trigram index itself holds for `term`, read without data_items. */
const indexed = (term: string) =>
  t.db.$client.query<{ rowid: number }, [string]>("select rowid from data_item_names where data_item_names match ?").all(ftsPhrase(term)).map((r) => r.rowid);

test("the name index follows every write of data_items in its transaction: insert, rename, delete", async () => {
  const { project, member } = await factories(t).projectScene();
  const item = factories(t).dataItem(project.id, { name: "Отчёт о КАНДИДАТАХ" });
  expect(indexed("кандидат")).toEqual([item.id]);
  t.db.update(dataItems).set({ name: "Смета" }).where(eq(dataItems.id, item.id)).run();
  expect(indexed("кандидат")).toEqual([]);
  expect(indexed("смет")).toEqual([item.id]);
  const found = await t.call("GET", `/data/search?projectId=${project.id}&str=${encodeURIComponent("СМЕТ")}`, { cookie: member.cookie });
  expect(found.body).toEqual([{ id: item.id, name: "Смета", dataType: "DOC" }]);
  t.db.delete(dataItems).where(eq(dataItems.id, item.id)).run();
  expect(indexed("смет")).toEqual([]);
});

test("data/search: FTS syntax is text, and one- and two-letter parts still match (no trigram, a scan)", async () => {
  const { project, member } = await factories(t).projectScene();
  const item = factories(t).dataItem(project.id, { name: 'Plan "A" (v2) NEAR*' });
  const search = (str: string) => t.call("GET", `/data/search?projectId=${project.id}&str=${encodeURIComponent(str)}`, { cookie: member.cookie });
  for (const str of ['"A"', "(v2)", "near*", "v", '"', 'n "a']) {
    const res = await search(str);
    expect(res.status).toBe(200);
    expect(res.body.map((hit: { id: number }) => hit.id)).toEqual([item.id]);
  }
  expect((await search("plan b")).body).toEqual([]);
  expect((await search("-")).body).toEqual([]);
});
