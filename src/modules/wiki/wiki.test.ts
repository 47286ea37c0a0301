import { beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { activityLog, articles, articleVersions } from "../../../db/schema";
import { type TestApp, withTestApp } from "../../testing/harness";
import { compareContents } from "./compare";
import { ancestorsOf, openBranches } from "./service";
import { WIKI_LIMITS } from "./limits";

const { t } = withTestApp();

type Cookie = { cookie: string };
const save = (who: Cookie, body: Record<string, unknown>) => t.call("POST", "/article/save", { cookie: who.cookie, body });
const addVersion = (who: Cookie, id: number, body: Record<string, unknown>) => t.call("POST", `/article/add-new-version/${id}`, { cookie: who.cookie, body });
const get = (who: Cookie, path: string) => t.call("GET", `/article/${path}`, { cookie: who.cookie });

/** Creates an article as `who` and answers its article id. */
async function article(who: Cookie, title: string, parentId?: number, content = `<p>${title}</p>`) {
  const res = await save(who, { title, content, parentId });
  expect(res.status).toBe(200);
  return res.body.article.id as number;
}

/** Everything the wiki keeps, to prove a refused call changed nothing. */
const snapshot = () => JSON.stringify([t.db.select().from(articles).all(), t.db.select().from(articleVersions).all()]);

type Node = { id: number; title: string; children: Node[] };
const shape = (nodes: Node[]): unknown[] => nodes.map((n) => (n.children.length ? [n.title, shape(n.children)] : n.title));

let writer: Awaited<ReturnType<TestApp["userWithCookie"]>>;
let reader: Awaited<ReturnType<TestApp["userWithCookie"]>>;
let admin: Awaited<ReturnType<TestApp["userWithCookie"]>>;
beforeEach(async () => {
  writer = await t.userWithCookie("MODERATOR", { firstName: "Ann", lastName: "Lee" });
  reader = await t.userWithCookie("USER");
  admin = await t.userWithCookie("ADMIN");
});

describe("the tree", () => {
  test("nests articles, siblings in the order they were made, and every signed-in user reads it", async () => {
    const guide = await article(writer, "Guide");
    const setup = await article(writer, "Setup", guide);
    await article(writer, "Backups", setup);
    await article(writer, "Usage", guide);
    await article(writer, "About");
    const res = await get(reader, "get-articles-tree");
    expect(res.status).toBe(200);
    expect(shape(res.body)).toEqual([["Guide", [["Setup", ["Backups"]], "Usage"]], "About"]);
    expect(res.body[0]).toMatchObject({ id: guide, indexNumber: 0 });
    expect((await t.call("GET", "/article/get-articles-tree")).status).toBe(401);
  });

  test("a page carries the top level and the open branch only; the others say whether they have children", async () => {
    const a = await article(writer, "A");
    const a1 = await article(writer, "A1", a);
    await article(writer, "A1x", a1);
    const b = await article(writer, "B");
    await article(writer, "B1", b);
    await article(writer, "C");
    expect(openBranches(t.db, [], [])).toEqual([
      { id: a, title: "A", hasChildren: true },
      { id: b, title: "B", hasChildren: true },
      expect.objectContaining({ title: "C", hasChildren: false }),
    ]);
    const open = openBranches(t.db, [], [...ancestorsOf(t.db, a1).map((x) => x.id), a1]);
    expect(ancestorsOf(t.db, a1)).toEqual([{ id: a, title: "A" }]);
    expect(open[0]).toEqual({ id: a, title: "A", hasChildren: true, children: [{ id: a1, title: "A1", hasChildren: true, children: [expect.objectContaining({ title: "A1x", hasChildren: false })] }] });
    expect(open[1]).toEqual({ id: b, title: "B", hasChildren: true });
  });

  test("set-parent moves an article with everything under it, last among its new siblings; no parent moves it to the top", async () => {
    const a = await article(writer, "A");
    const b = await article(writer, "B");
    const b1 = await article(writer, "B1", b);
    await article(writer, "A1", a);
    const moved = await get(writer, `set-parent?parentId=${a}&childId=${b}`);
    expect(moved.status).toBe(200);
    expect(moved.body).toEqual({ id: b, parentId: a, indexNumber: 1 });
    expect(shape((await get(reader, "get-articles-tree")).body)).toEqual([["A", ["A1", ["B", ["B1"]]]]]);
    for (const query of [`childId=${b1}`, `childId=${b1}&parentId=`, `childId=${b1}&parentId=null`]) {
      expect((await get(writer, `set-parent?${query}`)).body.parentId).toBeNull();
    }
    expect(shape((await get(reader, "get-articles-tree")).body)).toEqual([["A", ["A1", "B"]], "B1"]);
  });

  test("a parent that would make a cycle is refused with 409 article_cycle, and nothing moves", async () => {
    const a = await article(writer, "A");
    const b = await article(writer, "B", a);
    const c = await article(writer, "C", b);
    const before = snapshot();
    for (const parent of [a, b, c]) {
      const res = await get(writer, `set-parent?parentId=${parent}&childId=${a}`);
      expect(res.status).toBe(409);
      expect(res.body.error).toBe("article_cycle");
      expect(res.body.details[0]).toMatchObject({ path: "query.parentId" });
    }
    expect(snapshot()).toBe(before);
  });

  test("unrelated articles: the parent picker's candidates, never the node or anything under it, by title in any case or script", async () => {
    const root = await article(writer, "Ёлки и Палки");
    const child = await article(writer, "Ёжик", root);
    await article(writer, "Еда", child);
    const other = await article(writer, "Другое");
    await article(writer, "ELK notes");
    const titles = async (query: string) => (await get(reader, `get-unrelated-articles?${query}`)).body.map((c: { title: string }) => c.title);
    expect(await titles(`node=${root}`)).toEqual(["ELK notes", "Другое"]);
    expect(await titles(`node=${child}`)).toEqual(["ELK notes", "Другое", "Ёлки и Палки"]);
    expect(await titles("title=%D0%B5%D0%BB%D0%BA")).toEqual(["Ёлки и Палки"]); // "елк" finds «Ёлки»
    expect(await titles("title=elk")).toEqual(["ELK notes"]);
    expect(await titles(`title=%D0%B4%D0%A0%D0%A3&node=${other}`)).toEqual([]); // «дРУ»: the node itself is left out
    expect(await titles("title=%D0%B4%D0%A0%D0%A3")).toEqual(["Другое"]);
    expect((await get(reader, "get-unrelated-articles?node=999999")).status).toBe(404);
  });
});

describe("versions", () => {
  test("saving a new article makes version 1 with its author; every save after adds a version, and the tree follows the title", async () => {
    const created = await save(writer, { title: "  Setup  ", content: "<p>one</p>" });
    expect(created.status).toBe(200);
    const id = created.body.article.id;
    expect(created.body).toMatchObject({
      title: "Setup",
      content: "<p>one</p>",
      version: 1,
      indexNumber: 0,
      article: { id, parentId: null, author: { id: writer.user.id, firstName: "Ann", lastName: "Lee" } },
      updatedBy: { id: writer.user.id },
    });
    const second = await addVersion(admin, id, { title: "Setup guide", content: "<p>two</p>" });
    expect(second.body).toMatchObject({ version: 2, title: "Setup guide", updatedBy: { id: admin.user.id }, article: { author: { id: writer.user.id } } });
    await addVersion(writer, id, { title: "Setup guide", content: "<p>three</p>", baseVersion: 2 });

    const last = await get(reader, `get-last-version-by-article/${id}`);
    expect(last.body).toMatchObject({ version: 3, content: "<p>three</p>" });
    const history = await get(reader, `get-all-versions/${id}`);
    expect(history.body.map((v: { version: number }) => v.version)).toEqual([3, 2, 1]);
    expect(history.body[0]).not.toHaveProperty("content");
    const first = await get(reader, `get-article-version/${history.body[2].id}`);
    expect(first.body).toMatchObject({ version: 1, title: "Setup", content: "<p>one</p>" });
    expect((await get(reader, "get-articles-tree")).body[0].title).toBe("Setup guide");
  });

  test("restoring an old version saves its words again as the newest version; the old ones stay", async () => {
    const id = await article(writer, "Plan", undefined, "<p>first words</p>");
    await addVersion(writer, id, { title: "Plan B", content: "<p>second words</p>" });
    const old = (await get(reader, `get-all-versions/${id}`)).body.find((v: { version: number }) => v.version === 1);
    const v1 = (await get(reader, `get-article-version/${old.id}`)).body;
    const restored = await addVersion(writer, id, { title: v1.title, content: v1.content, baseVersion: 2 });
    expect(restored.body).toMatchObject({ version: 3, title: "Plan", content: "<p>first words</p>" });
    expect((await get(reader, `get-all-versions/${id}`)).body.map((v: { title: string }) => v.title)).toEqual(["Plan", "Plan B", "Plan"]);
  });

  test("a save based on an older version than the newest is refused with 409, and nothing is saved", async () => {
    const id = await article(writer, "Shared");
    await addVersion(admin, id, { title: "Shared", content: "<p>by admin</p>", baseVersion: 1 });
    const before = snapshot();
    const res = await addVersion(writer, id, { title: "Shared", content: "<p>stale</p>", baseVersion: 1 });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe("article_version_conflict");
    expect(snapshot()).toBe(before);
  });

  test("compare data: any two versions' contents, word by word in every script, inline and side by side", async () => {
    const id = await article(writer, "Отчёт", undefined, "<p>Сроки в марте и апреле.</p>");
    await addVersion(writer, id, { title: "Отчёт", content: "<p>Сроки в мае.</p>" });
    await addVersion(writer, id, { title: "Отчёт", content: "<p>Сроки в мае и июне.</p>" });
    const versions = (await get(reader, `get-all-versions/${id}`)).body as { id: number; version: number }[];
    const content = async (n: number) => (await get(reader, `get-article-version/${versions.find((v) => v.version === n)!.id}`)).body.content;
    const diff = compareContents(await content(1), await content(3));
    expect(diff.inline).toBe("<p>Сроки в <del>марте</del><ins>мае</ins> и <del>апреле</del><ins>июне</ins>.</p>");
    expect(diff.before).toBe("<p>Сроки в <del>марте</del> и <del>апреле</del>.</p>");
    expect(diff.after).toBe("<p>Сроки в <ins>мае</ins> и <ins>июне</ins>.</p>");
    // Version 2 with version 1, in either order of asking: the page sorts them; the diff itself is directional.
    expect(compareContents(await content(1), await content(2)).after).toBe("<p>Сроки в <ins>мае</ins>.</p>");
    // Text added in bold: the old side drops the insertion whole, and keeps no bold words of its own.
    const bolder = compareContents("<p>Old words.</p>", "<p>New words. <strong>Bring it.</strong></p>");
    expect(bolder.before).toBe("<p><del>Old</del> words.<strong></strong></p>");
    // A link whose words changed is left out of the side that has none of them, never kept as an empty link.
    const relinked = compareContents('<p>See <a href="https://a.test/">old page</a></p>', '<p>See <a href="https://a.test/">new site</a></p>');
    expect(relinked.after).toBe('<p>See <a href="https://a.test/"><ins>new</ins> <ins>site</ins></a></p>');
    expect(compareContents('<p>See <a href="https://a.test/">this</a></p>', "<p>See</p>").after).toBe("<p>See</p>");
    expect(bolder.after).toBe("<p><ins>New</ins> words.<ins> </ins><strong><ins>Bring it.</ins></strong></p>");
  });
});

describe("hostile HTML", () => {
  test("scripts, event handlers, javascript: links, styles and foreign images are never stored or served", async () => {
    const hostile = [
      "<h2 onclick=\"steal()\" style=\"position:fixed\">Title</h2><script>steal()</script>",
      "<p><a href=\"javascript:steal()\">x</a> <a href=\"https://example.test/\" onmouseover=\"steal()\">ok</a></p>",
      "<img src=\"https://tracker.test/p.png\" onerror=\"steal()\"><img src=\"//tracker.test/p.png\"><img src=\"/api/files/get-user-file/abc\" alt=\"plan\">",
      "<iframe src=\"https://evil.test\"></iframe><svg onload=\"steal()\"></svg><style>body{display:none}</style>",
    ].join("");
    const created = await save(writer, { title: "<b>Bold</b> title", content: hostile });
    const id = created.body.article.id;
    const updated = await addVersion(writer, id, { title: "Again", content: `<p>again</p>${hostile}` });
    for (const body of [created.body, updated.body, (await get(reader, `get-last-version-by-article/${id}`)).body]) {
      expect(body.content).not.toMatch(/<script|<iframe|<svg|<style|\bon[a-z]+=|javascript:|steal|tracker|position/i);
      expect(body.content).toContain('<a href="https://example.test/">ok</a>');
      expect(body.content).toContain('<img src="/api/files/get-user-file/abc" alt="plan" />');
    }
    for (const row of t.db.select().from(articleVersions).all()) expect(row.content).not.toMatch(/<script|\bon[a-z]+=|javascript:/i);
    // A title is text: shown escaped, never as markup.
    expect(created.body.title).toBe("<b>Bold</b> title");
  });
});

describe("who may do what", () => {
  test("a USER reads but cannot create, edit, move or delete; a MODERATOR cannot delete; an ADMIN deletes", async () => {
    const a = await article(writer, "A");
    const b = await article(writer, "B");
    const before = snapshot();
    expect((await save(reader, { title: "X", content: "" })).status).toBe(403);
    expect((await addVersion(reader, a, { title: "X", content: "" })).status).toBe(403);
    expect((await get(reader, `set-parent?parentId=${a}&childId=${b}`)).status).toBe(403);
    expect((await t.call("POST", `/article/delete/${a}`, { cookie: reader.cookie })).status).toBe(403);
    expect((await t.call("POST", `/article/delete/${a}`, { cookie: writer.cookie })).status).toBe(403);
    expect(snapshot()).toBe(before);
    expect((await get(reader, `get-last-version-by-article/${a}`)).status).toBe(200);
    const deleted = await t.call("POST", `/article/delete/${a}`, { cookie: admin.cookie });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ id: a });
    expect((await get(reader, `get-last-version-by-article/${a}`)).status).toBe(404);
  });

  test("deleting an article removes its versions; its children move up into its place, in their order", async () => {
    const first = await article(writer, "First");
    const parent = await article(writer, "Parent");
    await article(writer, "Last");
    const c1 = await article(writer, "C1", parent);
    await article(writer, "C2", parent);
    await article(writer, "G", c1);
    await addVersion(writer, parent, { title: "Parent", content: "<p>2</p>" });
    const versionIds = (await get(reader, `get-all-versions/${parent}`)).body.map((v: { id: number }) => v.id);
    expect((await t.call("POST", `/article/delete/${parent}`, { cookie: admin.cookie })).status).toBe(200);
    expect(shape((await get(reader, "get-articles-tree")).body)).toEqual(["First", ["C1", ["G"]], "C2", "Last"]);
    for (const id of versionIds) expect((await get(reader, `get-article-version/${id}`)).status).toBe(404);
    expect((await get(reader, "get-articles-tree")).body[0].id).toBe(first);
  });
});

describe("activity log", () => {
  const logged = (userId: number) =>
    t.db.select().from(activityLog).where(eq(activityLog.userId, userId)).all().filter((row) => row.activityType !== "LOGIN").map((row) => [row.activityType, row.description, row.dataId]);

  test("creating an article is logged as CREATE by its author, with its id and title", async () => {
    const id = await article(writer, "Setup");
    expect(logged(writer.user.id)).toEqual([["CREATE", `ARTICLE ${id} Setup`, null]]);
  });

  test("each new version is logged as ADD_VERSION by its editor, with the title and version it saved", async () => {
    const id = await article(writer, "Setup");
    expect((await addVersion(admin, id, { title: "Setup guide", content: "<p>2</p>" })).status).toBe(200);
    expect(logged(admin.user.id)).toEqual([["ADD_VERSION", `ARTICLE ${id} Setup guide version 2`, null]]);
  });

  test("deleting an article is logged as DELETE_FOREVER by the administrator, naming the article it removed", async () => {
    const id = await article(writer, "Old notes");
    expect((await t.call("POST", `/article/delete/${id}`, { cookie: admin.cookie })).status).toBe(200);
    expect(logged(admin.user.id)).toEqual([["DELETE_FOREVER", `ARTICLE ${id} Old notes`, null]]);
  });
});

describe("bad input: a clear 4xx, nothing changed", () => {
  test("ids that are not ids, unknown articles and versions", async () => {
    const a = await article(writer, "A");
    const before = snapshot();
    for (const path of ["get-last-version-by-article/0", "get-last-version-by-article/abc", "get-all-versions/-1", "get-article-version/1e3", "get-article-version/01"]) {
      expect((await get(reader, path)).status).toBe(422);
    }
    expect((await get(reader, "get-last-version-by-article/999999")).body.error).toBe("article_not_found");
    expect((await get(reader, "get-all-versions/999999")).body.error).toBe("article_not_found");
    expect((await get(reader, "get-article-version/999999")).body.error).toBe("article_version_not_found");
    for (const query of ["", `childId=${a}&parentId=0`, `childId=x&parentId=${a}`, `childId=${a}&parentId=1.5`]) {
      expect((await get(writer, `set-parent?${query}`)).status).toBe(422);
    }
    expect((await get(writer, `set-parent?childId=${a}&parentId=999999`)).body.error).toBe("article_not_found");
    expect((await get(writer, `set-parent?childId=999999&parentId=${a}`)).body.error).toBe("article_not_found");
    expect((await t.call("POST", "/article/delete/999999", { cookie: admin.cookie })).status).toBe(404);
    expect((await addVersion(writer, 999999, { title: "X", content: "" })).status).toBe(404);
    expect(snapshot()).toBe(before);
  });

  test("bodies without a title, with a title too long, wrong types, a missing parent or content past the limit", async () => {
    const a = await article(writer, "A");
    const before = snapshot();
    const refused: [Record<string, unknown>, number, string][] = [
      [{ title: "   ", content: "<p>x</p>" }, 422, "validation_failed"],
      [{ title: "x".repeat(WIKI_LIMITS.title + 1), content: "" }, 422, "validation_failed"],
      [{ content: "<p>x</p>" }, 422, "validation_failed"],
      [{ title: "X" }, 422, "validation_failed"],
      [{ title: 5, content: "" }, 422, "validation_failed"],
      [{ title: "X", content: ["<p>"] }, 422, "validation_failed"],
      [{ title: "X", content: "", parentId: 1.5 }, 422, "validation_failed"],
      [{ title: "X", content: "", parentId: "first" }, 422, "validation_failed"],
      [{ title: "X", content: "", parentId: 0 }, 422, "validation_failed"],
      [{ title: "X", content: "x".repeat(WIKI_LIMITS.content + 1) }, 422, "validation_failed"],
      [{ title: "X", content: "", parentId: 999999 }, 404, "article_not_found"],
    ];
    for (const [body, status, error] of refused) {
      const res = await save(writer, body);
      expect([res.status, res.body.error]).toEqual([status, error]);
      // The same text refused as a new version (a parent is save's alone).
      if (!("parentId" in body)) expect((await addVersion(writer, a, body)).status).toBe(422);
    }
    const blank = await save(writer, { title: " ", content: "" });
    expect(blank.body.details).toEqual([{ path: "body.title", message: expect.any(String), code: "wiki.titleRequired" }]);
    expect((await addVersion(writer, a, { title: "X", content: "", baseVersion: 0 })).status).toBe(422);
    expect((await t.call("POST", "/article/save", { cookie: writer.cookie, raw: "{not json", headers: { "content-type": "application/json" } })).status).toBe(400);
    expect(snapshot()).toBe(before);
  });
});
