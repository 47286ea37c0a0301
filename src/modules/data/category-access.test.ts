import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { dataItems, dataKeywords, docVersions, keywords, providers, type DataItem } from "../../../db/schema";
import { withTestApp } from "../../testing/harness";
import { categoryProgress } from "./counts";
import { categoryData } from "./search";

// A plain member given categories in the project users dialog sees only the data in them (none
// given: all), on every read path; moderators and administrators see everything.

const { t, f } = withTestApp();

/**
 * A project with "Site photos" and "Drawings", an item in each, one in both, one in neither; a
 * plain member given only "Site photos", one given nothing, a moderator given "Site photos" too.
 */
async function scene() {
  const { project, member: open, moderator, admin } = await f.projectScene();
  const limited = await t.userWithCookie("USER");
  const photos = f.category(project.id, { name: "Site photos", number: 1 });
  const drawings = f.category(project.id, { name: "Drawings", number: 2 });
  const photo = f.dataItem(project.id, { name: "Pier photo", status: "CHECKED" }, [photos.id]);
  const drawing = f.dataItem(project.id, { name: "Pier drawing" }, [drawings.id]);
  const both = f.dataItem(project.id, { name: "Pier survey", dataType: "TABLE" }, [photos.id, drawings.id]);
  const unfiled = f.dataItem(project.id, { name: "Pier notes" });
  f.assignCategories(f.member(limited.user.id, project.id).id, [photos.id]);
  const moderatorMembership = t.db.query.userProjects.findFirst({ where: (m, { and, eq }) => and(eq(m.userId, moderator.user.id), eq(m.projectId, project.id)) });
  f.assignCategories((await moderatorMembership)!.id, [photos.id]);
  return { project, limited, open, moderator, admin, photos, drawings, photo, drawing, both, unfiled };
}

const get = (cookie: string, path: string) => t.call("GET", path, { cookie });
const ids = (list: { id: number }[]) => list.map((x) => x.id).sort((a, b) => a - b);
const idsOf = (...items: DataItem[]) => ids(items);

describe("a member limited to categories", () => {
  test("opens only items in one of their categories; others answer as if they did not exist", async () => {
    const s = await scene();
    for (const item of [s.photo, s.both]) expect((await get(s.limited.cookie, `/data/get?id=${item.id}`)).status).toBe(200);
    const missing = await get(s.limited.cookie, "/data/get?id=999999");
    for (const item of [s.drawing, s.unfiled]) {
      const res = await get(s.limited.cookie, `/data/get?id=${item.id}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(missing.body);
    }
    // data/get lists only the item's categories the member sees.
    expect((await get(s.limited.cookie, `/data/get?id=${s.both.id}`)).body.categoryList.map((c: { name: string }) => c.name)).toEqual(["Site photos"]);
    expect((await get(s.open.cookie, `/data/get?id=${s.both.id}`)).body.categoryList.map((c: { name: string }) => c.name)).toEqual(["Site photos", "Drawings"]);
  });

  test("the data-source and keyword lists hold only the words of items the member reaches", async () => {
    const s = await scene();
    const keyword = (value: string, item: DataItem) => {
      const row = t.db.insert(keywords).values({ projectId: s.project.id, value }).returning().get();
      t.db.insert(dataKeywords).values({ dataId: item.id, keywordId: row.id }).run();
    };
    const provider = (name: string, item: DataItem) => {
      const row = t.db.insert(providers).values({ projectId: s.project.id, name, description: "_" }).returning().get();
      t.db.update(dataItems).set({ providerId: row.id }).where(eq(dataItems.id, item.id)).run();
    };
    keyword("quay", s.photo);
    keyword("secret pier", s.drawing);
    provider("Photo office", s.photo);
    provider("Drawing office", s.drawing);
    const words = async (cookie: string) => ({
      keywords: (await get(cookie, `/keyword/get-all-for-project/?id=${s.project.id}`)).body.map((k: { value: string }) => k.value),
      providers: (await get(cookie, `/provider/get-all-for-project/?id=${s.project.id}`)).body.map((p: { name: string }) => p.name),
    });
    expect(await words(s.limited.cookie)).toEqual({ keywords: ["quay"], providers: ["Photo office"] });
    expect(await words(s.open.cookie)).toEqual({ keywords: ["quay", "secret pier"], providers: ["Drawing office", "Photo office"] });
  });

  test("none given means all; the moderator flag and the administrator see everything whatever is given", async () => {
    const s = await scene();
    for (const who of [s.open, s.moderator, s.admin]) {
      for (const item of [s.photo, s.drawing, s.both, s.unfiled]) expect((await get(who.cookie, `/data/get?id=${item.id}`)).status).toBe(200);
      const page = await t.call("POST", `/data/find-pageable-search-result?projectId=${s.project.id}`, { cookie: who.cookie, body: { rowsPerPage: 50 } });
      expect(page.body.totalElements).toBe(4);
    }
  });

  test("lists, name search and category lists hold only their items, and the totals count only those", async () => {
    const s = await scene();
    const page = (body: object, type = "") =>
      t.call("POST", `/data/find-pageable-search-result?projectId=${s.project.id}${type}`, { cookie: s.limited.cookie, body: { rowsPerPage: 50, ...body } });
    const all = await page({});
    expect(ids(all.body.content)).toEqual(idsOf(s.photo, s.both));
    expect(all.body.totalElements).toBe(2);
    expect(all.body.content.find((x: { id: number }) => x.id === s.both.id).categoryList.map((c: { name: string }) => c.name)).toEqual(["Site photos"]);
    // The text filter takes the one-pass path (sorted by status): the same rule holds there.
    const text = await page({ sortBy: "status", criteria: [{ name: "search", value: "Pier" }] });
    expect([ids(text.body.content), text.body.totalElements]).toEqual([idsOf(s.photo, s.both), 2]);
    expect(ids((await page({}, "&type=DOC")).body.content)).toEqual(idsOf(s.photo));
    const other = await page({ criteria: [{ name: "category", value: s.drawings.id }] });
    expect([other.body.content, other.body.totalElements]).toEqual([[], 0]);

    expect(ids((await get(s.limited.cookie, `/data/search?projectId=${s.project.id}&str=Pier`)).body)).toEqual(idsOf(s.photo, s.both));
    expect(ids((await get(s.limited.cookie, `/data/search-by-type?projectId=${s.project.id}&dataType=DOC&str=pier`)).body)).toEqual(idsOf(s.photo));
    expect(ids((await get(s.limited.cookie, `/data/get-all-for-category?id=${s.photos.id}`)).body)).toEqual(idsOf(s.photo, s.both));
    expect((await get(s.limited.cookie, `/data/get-all-for-category?id=${s.drawings.id}`)).status).toBe(404);
    expect(ids((await get(s.open.cookie, `/data/get-all-for-category?id=${s.drawings.id}`)).body)).toEqual(idsOf(s.drawing, s.both));
  });

  test("see only their categories, and counts and progress give no hidden item away", async () => {
    const s = await scene();
    const list = await get(s.limited.cookie, `/category/get-all-for-project/?id=${s.project.id}`);
    expect(list.body.map((c: { name: string }) => c.name)).toEqual(["Site photos"]);
    const details = await get(s.limited.cookie, `/category/get-category-details-list?id=${s.project.id}`);
    expect(details.body.map((d: { category: { name: string }; numberOfDataByType: { DOC: number; TABLE: number } }) => [d.category.name, d.numberOfDataByType.DOC, d.numberOfDataByType.TABLE]))
      .toEqual([["Site photos", 1, 1]]);
    for (const path of [`/category/get?id=${s.drawings.id}`, `/users/find-by-category?dataCategoryId=${s.drawings.id}`]) {
      const res = await get(s.limited.cookie, path);
      expect([path, res.status, res.body.error]).toEqual([path, 404, "category_not_found"]);
    }
    expect(() => categoryData(t.db, s.limited.user, s.drawings.id)).toThrow("No such category");
    expect(() => categoryProgress(t.db, s.limited.user, s.drawings.id)).toThrow("No such category");
    expect(categoryData(t.db, s.limited.user, s.photos.id).map((x) => x.id)).toEqual([s.photo.id, s.both.id].sort((a, b) => a - b));
    expect(categoryProgress(t.db, s.limited.user, s.photos.id)).toBe(50);

    // The project's counts: 2 of the 4 items (one DOC, one TABLE) for the limited member; 4 for the others.
    const counted = async (cookie: string) => {
      const card = (await get(cookie, "/project/get-project-list")).body.find((p: { id: number }) => p.id === s.project.id).numberOfDataByType;
      const home = (await get(cookie, `/project/get-project-details?id=${s.project.id}`)).body.numberOfDataByType;
      expect(home).toEqual(card);
      return [card.DOC, card.TABLE];
    };
    expect(await counted(s.limited.cookie)).toEqual([1, 1]);
    expect(await counted(s.open.cookie)).toEqual([3, 1]);
  });

  test("versions, their bodies and files, relations and comments of a hidden item are not there", async () => {
    const s = await scene();
    const version = (item: DataItem) =>
      t.db.insert(docVersions).values({ dataId: item.id, name: "v1", type: "MS_DOC", fileName: "a.docx", filePath: "missing", mime: "application/octet-stream", size: 1, body: "<p>x</p>" }).returning().get();
    const seen = version(s.photo);
    const hidden = version(s.drawing);
    expect((await get(s.limited.cookie, `/docs/get-all-versions/${s.photo.id}`)).body.map((v: { id: number }) => v.id)).toEqual([seen.id]);
    expect((await get(s.limited.cookie, `/docs/get-body/${seen.id}`)).status).toBe(200);
    expect((await get(s.limited.cookie, `/docs/get-all-versions/${s.drawing.id}`)).status).toBe(404);
    for (const path of [`/docs/get-body/${hidden.id}`, `/files/get-doc-version/${hidden.id}`]) {
      const res = await get(s.limited.cookie, path);
      expect([path, res.status, res.body.error]).toEqual([path, 404, "version_not_found"]);
    }

    for (const other of [s.drawing, s.both]) {
      expect((await get(s.moderator.cookie, `/relations-data/add?idNode=${s.photo.id}&id=${other.id}`)).status).toBe(200);
    }
    expect((await get(s.limited.cookie, `/relations-data/get?id=${s.photo.id}`)).body.map((r: { id: number }) => r.id)).toEqual([s.both.id]);
    expect(ids((await get(s.open.cookie, `/relations-data/get?id=${s.photo.id}`)).body)).toEqual(idsOf(s.drawing, s.both));
    expect((await get(s.limited.cookie, `/relations-data/get?id=${s.drawing.id}`)).status).toBe(404);

    const chat = await t.call("POST", "/chats/new-chat-for-data", { cookie: s.open.cookie, body: { dataId: s.drawing.id, message: "Pier 4 needs a second look" } });
    expect(chat.status).toBe(200);
    expect((await t.call("POST", "/chats/new-chat-for-data", { cookie: s.limited.cookie, body: { dataId: s.drawing.id } })).status).toBe(404);
    for (const path of [`/chat-records/get-messages?chatId=${chat.body.id}`, `/chats/get?chatId=${chat.body.id}`, `/data/get-by-chat?chatId=${chat.body.id}`]) {
      expect([path, (await get(s.limited.cookie, path)).status]).toEqual([path, 404]);
    }
    expect((await get(s.limited.cookie, "/chats/get-all")).body.some((c: { id: number }) => c.id === chat.body.id)).toBe(false);
    expect((await t.call("POST", "/chats/new-chat-for-data", { cookie: s.limited.cookie, body: { dataId: s.photo.id, message: "Looks fine" } })).status).toBe(200);
  });

  test("a change of categories in the users dialog applies at the next request", async () => {
    const s = await scene();
    const membership = (await get(s.admin.cookie, `/project/get-users-by-project?id=${s.project.id}`)).body.find((m: { user: { id: number } }) => m.user.id === s.limited.user.id);
    const give = (categoryIds: number[]) =>
      t.call("POST", "/project/add-user-project", {
        cookie: s.admin.cookie,
        body: { id: membership.id, user: { id: s.limited.user.id }, project: { id: s.project.id }, categoryList: categoryIds.map((id) => ({ id })) },
      });
    expect((await give([s.drawings.id])).status).toBe(200);
    expect((await get(s.limited.cookie, `/data/get?id=${s.photo.id}`)).status).toBe(404);
    expect((await get(s.limited.cookie, `/data/get?id=${s.drawing.id}`)).status).toBe(200);
    expect((await give([])).status).toBe(200);
    for (const item of [s.photo, s.drawing, s.unfiled]) expect((await get(s.limited.cookie, `/data/get?id=${item.id}`)).status).toBe(200);
  });
});
