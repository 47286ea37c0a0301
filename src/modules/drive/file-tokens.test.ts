import { afterEach, beforeEach, expect, test } from "bun:test";
import { asc, eq } from "drizzle-orm";
import { activityLog, driveFiles } from "../../../db/schema";
import { testApp } from "../../testing/harness";

let t: ReturnType<typeof testApp>;
beforeEach(() => {
  t = testApp();
});
afterEach(() => t.close());

const files = () => t.db.select().from(driveFiles).orderBy(asc(driveFiles.id)).all();
const sound = "A".repeat(16) + "b_-9".repeat(4);
const uuid = "7d444840-9dc0-11d1-b245-5ffdce74fad2";

test("add-tokens gives each drive file with an empty or malformed token a fresh one, once, and logs who asked", async () => {
  const root = await t.userWithCookie("SYSTEM_ADMIN");
  const owner = await t.userWithCookie("USER");
  const bad = ["", "short", "with space and more than thirty-two characters", "x".repeat(129), "слишком-длинный-и-не-латинский-токен-42"];
  for (const [i, token] of [...bad, sound, uuid].entries()) {
    t.db.insert(driveFiles).values({ ownerId: owner.user.id, name: `f${i}.txt`, type: "txt", size: 1, mime: "text/plain", storedPath: `files/x/${i}`, token, shareToken: i === 0 ? "kept-share-link" : null }).run();
  }

  const first = await t.call("POST", "/update/add-tokens", { cookie: root.cookie });
  expect(first).toMatchObject({ status: 200, body: { checked: 7, added: 5 } });
  const after = files();
  for (const row of after.slice(0, 5)) expect(row.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
  expect(new Set(after.map((row) => row.token)).size).toBe(7);
  expect(after.slice(5).map((row) => row.token)).toEqual([sound, uuid]);
  expect(after[0]!.shareToken).toBe("kept-share-link");
  // The owner reaches a repaired file by its new token.
  const entity = await t.call("GET", `/files/get-file-entity/${after[1]!.token}`, { cookie: owner.cookie });
  expect(entity).toMatchObject({ status: 200, body: { name: "f1.txt" } });

  const second = await t.call("POST", "/update/add-tokens", { cookie: root.cookie });
  expect(second).toMatchObject({ status: 200, body: { checked: 7, added: 0 } });
  expect(files()).toEqual(after);

  const logged = t.db.select().from(activityLog).where(eq(activityLog.userId, root.user.id)).all().filter((row) => row.activityType === "UPDATE");
  expect(logged.map((row) => row.description)).toEqual(["File tokens: 5 added, 7 files checked", "File tokens: 0 added, 7 files checked"]);
});

test("an administrator below SYSTEM_ADMIN is refused and nothing changes", async () => {
  const owner = await t.userWithCookie("USER");
  t.db.insert(driveFiles).values({ ownerId: owner.user.id, name: "a.txt", type: "txt", size: 1, mime: "text/plain", storedPath: "files/x/a", token: "" }).run();
  const admin = await t.userWithCookie("ADMIN");
  const res = await t.call("POST", "/update/add-tokens", { cookie: admin.cookie });
  expect(res).toMatchObject({ status: 403, body: { error: "forbidden" } });
  expect(files().map((row) => row.token)).toEqual([""]);
  expect(t.db.select().from(activityLog).all().filter((row) => row.activityType === "UPDATE")).toEqual([]);
});
