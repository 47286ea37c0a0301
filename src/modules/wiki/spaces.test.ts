import { beforeEach, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { articles, articleVersions, userProjects } from "../../../db/schema";
import { withTestApp } from "../../testing/harness";

const { t, f } = withTestApp();

type Cookie = { cookie: string };
const save = (who: Cookie, body: Record<string, unknown>) => t.call("POST", "/article/save", { cookie: who.cookie, body });
const addVersion = (who: Cookie, id: number, body: Record<string, unknown>) => t.call("POST", `/article/add-new-version/${id}`, { cookie: who.cookie, body });
const get = (who: Cookie, path: string) => t.call("GET", `/article/${path}`, { cookie: who.cookie });
const titles = async (who: Cookie) => JSON.stringify((await get(who, "get-articles-tree")).body);
const snapshot = () => JSON.stringify([t.db.select().from(articles).all(), t.db.select().from(articleVersions).all()]);

let scene: Awaited<ReturnType<typeof f.projectScene>>;
let shared: number;
beforeEach(async () => {
  scene = await f.projectScene();
  const editor = await t.userWithCookie("MODERATOR");
  shared = (await save(editor, { title: "Shared", content: "<p>for all</p>" })).body.article.id;
});

describe("a project's wiki space", () => {
  test("the project's moderator (a USER with its flag) creates, edits and nests articles there, as spec 2's roles say", async () => {
    const created = await save(scene.moderator, { title: "Pour log", content: "<p>v1</p>", projectId: scene.project.id, summary: "First notes" });
    expect(created.status).toBe(200);
    expect(created.body.article.projectId).toBe(scene.project.id);
    const id = created.body.article.id;
    expect((await addVersion(scene.moderator, id, { title: "Pour log", content: "<p>v2</p>", baseVersion: 1 })).status).toBe(200);
    const child = await save(scene.moderator, { title: "Slab 3", content: "", parentId: id });
    expect([child.status, child.body.article.projectId]).toEqual([200, scene.project.id]);
    expect((await get(scene.moderator, `set-parent?childId=${child.body.article.id}`)).status).toBe(200);
  });

  test("a plain member reads but may not write (403); the moderator of one project does not write in the shared wiki (403)", async () => {
    const id = (await save(scene.moderator, { title: "Pour log", content: "<p>v1</p>", projectId: scene.project.id })).body.article.id;
    const before = snapshot();
    expect((await get(scene.member, `get-last-version-by-article/${id}`)).status).toBe(200);
    expect((await save(scene.member, { title: "X", content: "", projectId: scene.project.id })).status).toBe(403);
    expect((await addVersion(scene.member, id, { title: "X", content: "" })).status).toBe(403);
    expect((await save(scene.moderator, { title: "X", content: "" })).status).toBe(403);
    expect((await addVersion(scene.moderator, shared, { title: "X", content: "" })).status).toBe(403);
    expect(snapshot()).toBe(before);
  });

  test("someone outside the project neither reads nor finds the space: 404 as for nothing, absent from the tree and search", async () => {
    const id = (await save(scene.moderator, { title: "Confidential pour log", content: "<p>secret mix</p>", projectId: scene.project.id })).body.article.id;
    const globalModerator = await t.userWithCookie("MODERATOR");
    for (const who of [scene.outsider, globalModerator]) {
      for (const path of [`get-last-version-by-article/${id}`, `get-all-versions/${id}`]) expect((await get(who, path)).body.error).toBe("article_not_found");
      expect(await titles(who)).not.toContain("Confidential");
      expect((await t.call("GET", "/global-search/find?q=Confidential", { cookie: who.cookie })).body.articles).toEqual([]);
      expect((await save(who, { title: "X", content: "", parentId: id })).status).toBe(404);
    }
    expect(await titles(scene.member)).toContain("Confidential");
    expect(await titles(scene.admin)).toContain("Confidential");
    expect((await t.call("GET", "/global-search/find?q=Confidential", { cookie: scene.member.cookie })).body.articles).toEqual([{ id, currentTitle: "Confidential pour log" }]);
  });

  test("a branch stays in its space: moving into another space is refused with 409 article_other_space", async () => {
    const id = (await save(scene.moderator, { title: "Pour log", content: "", projectId: scene.project.id })).body.article.id;
    const moved = await get(scene.admin, `set-parent?parentId=${shared}&childId=${id}`);
    expect([moved.status, moved.body.error]).toEqual([409, "article_other_space"]);
    expect(t.db.select().from(articles).where(eq(articles.id, id)).get()!.parentId).toBeNull();
  });

  test("removing the project removes its space's articles; the shared wiki stays", async () => {
    await save(scene.moderator, { title: "Pour log", content: "", projectId: scene.project.id });
    expect((await t.call("GET", `/project/remove?id=${scene.project.id}`, { cookie: scene.admin.cookie })).status).toBe(200);
    expect(t.db.select({ id: articles.id }).from(articles).all()).toEqual([{ id: shared }]);
  });

  test("a member removed from the project stops reading its space at once", async () => {
    const id = (await save(scene.moderator, { title: "Pour log", content: "", projectId: scene.project.id })).body.article.id;
    const membership = t.db.select().from(userProjects).where(and(eq(userProjects.userId, scene.member.user.id), eq(userProjects.projectId, scene.project.id))).get()!;
    expect((await get(scene.member, `get-last-version-by-article/${id}`)).status).toBe(200);
    expect((await t.call("POST", `/project/remove-user-project?id=${membership.id}`, { cookie: scene.admin.cookie })).status).toBe(200);
    expect((await get(scene.member, `get-last-version-by-article/${id}`)).status).toBe(404);
  });
});

describe("change summaries", () => {
  test("a save's optional summary is stored with its version and listed in the history; one past 200 characters is refused", async () => {
    const editor = await t.userWithCookie("MODERATOR");
    expect((await addVersion(editor, shared, { title: "Shared", content: "<p>v2</p>", summary: "  Fixed the mix ratio  " })).status).toBe(200);
    expect((await addVersion(editor, shared, { title: "Shared", content: "<p>v3</p>" })).status).toBe(200);
    const history = await get(scene.member, `get-all-versions/${shared}`);
    expect(history.body.map((v: { version: number; summary: string }) => [v.version, v.summary])).toEqual([[3, ""], [2, "Fixed the mix ratio"], [1, ""]]);
    const before = snapshot();
    const long = await addVersion(editor, shared, { title: "Shared", content: "", summary: "x".repeat(201) });
    expect([long.status, long.body.details[0].path]).toEqual([422, "body.summary"]);
    expect(snapshot()).toBe(before);
  });
});

describe("edit conflicts", () => {
  test("a save started from version 1 after someone saved version 2 is refused with 409 and the newest version is what the merge shows", async () => {
    const [ann, bob] = [await t.userWithCookie("MODERATOR"), await t.userWithCookie("MODERATOR")];
    expect((await addVersion(ann, shared, { title: "Shared", content: "<p>Ann's words</p>", baseVersion: 1 })).status).toBe(200);
    const before = snapshot();
    const late = await addVersion(bob, shared, { title: "Shared", content: "<p>Bob's words</p>", baseVersion: 1 });
    expect([late.status, late.body.error]).toEqual([409, "article_version_conflict"]);
    expect(snapshot()).toBe(before);
    const newest = (await get(bob, `get-last-version-by-article/${shared}`)).body;
    expect([newest.version, newest.content]).toEqual([2, "<p>Ann's words</p>"]);
    expect((await addVersion(bob, shared, { title: "Shared", content: "<p>Ann's words</p><p>Bob's words</p>", baseVersion: 2, summary: "Merged" })).status).toBe(200);
  });
});
