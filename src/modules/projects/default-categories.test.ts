import { afterEach, beforeEach, expect, test } from "bun:test";
import { asc, eq } from "drizzle-orm";
import { activityLog, categories } from "../../../db/schema";
import { factories } from "../../testing/factories";
import { testApp } from "../../testing/harness";

let t: ReturnType<typeof testApp>;
beforeEach(() => {
  t = testApp();
});
afterEach(() => t.close());

const allCategories = () => t.db.select().from(categories).orderBy(asc(categories.id)).all();
const defaultsOf = (projectId: number) => allCategories().filter((row) => row.projectId === projectId && row.isDefault);

test("set-default-category gives each project without one its hidden Default, once, and logs who asked", async () => {
  const f = factories(t);
  const root = await t.userWithCookie("SYSTEM_ADMIN");
  const made = await t.call("POST", "/project/create", { cookie: root.cookie, body: { name: "Has one" } });
  expect(made.status).toBe(200);
  // Rows as a database from before default categories has them: one bare, one with only an ordinary category named "Default".
  const bare = f.project("Bare");
  const named = f.project("Named");
  f.category(named.id, { name: "Default" });
  expect(defaultsOf(bare.id)).toHaveLength(0);
  expect(defaultsOf(named.id)).toHaveLength(0);

  const first = await t.call("POST", "/update/set-default-category", { cookie: root.cookie });
  expect(first).toMatchObject({ status: 200, body: { checked: 3, created: 2 } });
  for (const project of [bare, named]) {
    expect(defaultsOf(project.id)).toEqual([expect.objectContaining({ name: "Default", isDefault: true, number: 0, type: null })]);
  }
  expect(defaultsOf(made.body.id)).toHaveLength(1);

  const after = allCategories();
  const second = await t.call("POST", "/update/set-default-category", { cookie: root.cookie });
  expect(second).toMatchObject({ status: 200, body: { checked: 3, created: 0 } });
  expect(allCategories()).toEqual(after);

  const logged = t.db.select().from(activityLog).where(eq(activityLog.userId, root.user.id)).all().filter((row) => row.activityType === "UPDATE");
  expect(logged.map((row) => row.description)).toEqual([
    "Default categories: 2 created, 3 projects checked",
    "Default categories: 0 created, 3 projects checked",
  ]);
});

test("members see the new category flagged as default, so pickers hide it", async () => {
  const f = factories(t);
  const root = await t.userWithCookie("SYSTEM_ADMIN");
  const { project, member } = await f.projectScene();
  f.category(project.id, { name: "Photos" });
  await t.call("POST", "/update/set-default-category", { cookie: root.cookie });
  const seen = await t.call("GET", `/category/get-all-for-project/?id=${project.id}`, { cookie: member.cookie });
  expect(seen.body.map((row: { name: string; isDefault: boolean }) => [row.name, row.isDefault])).toEqual([["Photos", false], ["Default", true]]);
});

test("an administrator below SYSTEM_ADMIN is refused and nothing changes", async () => {
  factories(t).project("Bare");
  const admin = await t.userWithCookie("ADMIN");
  const res = await t.call("POST", "/update/set-default-category", { cookie: admin.cookie });
  expect(res).toMatchObject({ status: 403, body: { error: "forbidden" } });
  expect(allCategories()).toEqual([]);
  expect(t.db.select().from(activityLog).all().filter((row) => row.activityType === "UPDATE")).toEqual([]);
});
