import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import {
  activityLog,
  categories,
  dataCategories,
  dataItems,
  dataKeywords,
  keywords,
  userProjectCategories,
  userProjects,
} from "../../../db/schema";
import { withTestApp } from "../../testing/harness";
import { categoryProgress } from "../data/counts";
import { categoryData } from "../data/search";

const { t, f } = withTestApp();

// Projects, memberships and items go in directly: this file tests categories, not the projects module.
const tag = (projectId: number, dataId: number, value: string) => {
  const keyword = t.db.insert(keywords).values({ projectId, value }).returning().get();
  t.db.insert(dataKeywords).values({ dataId, keywordId: keyword.id }).run();
};
const categoryRows = (projectId: number) => t.db.select().from(categories).where(eq(categories.projectId, projectId)).all();
const linksOf = (categoryId: number) =>
  t.db.select().from(dataCategories).where(eq(dataCategories.categoryId, categoryId)).all().map((l) => l.dataId).sort();
const auditKinds = (userId: number) =>
  t.db.select().from(activityLog).where(eq(activityLog.userId, userId)).all().map((r) => r.activityType).filter((kind) => kind !== "LOGIN");

const scene = async () => {
  const { outsider: stranger, ...rest } = await f.projectScene();
  return { ...rest, stranger };
};

describe("reading", () => {
  test("signed out gets 401 everywhere", async () => {
    const { project } = await scene();
    const cat = f.category(project.id);
    expect((await t.call("GET", `/category/get-all-for-project/?id=${project.id}`)).status).toBe(401);
    expect((await t.call("GET", `/category/get?id=${cat.id}`)).status).toBe(401);
    expect((await t.call("GET", `/category/get-category-details-list?id=${project.id}`)).status).toBe(401);
    expect((await t.call("POST", "/category/save", { body: { name: "x", project: { id: project.id } } })).status).toBe(401);
    expect((await t.call("POST", "/category/save-all", { body: [] })).status).toBe(401);
    expect((await t.call("POST", `/category/delete?id=${cat.id}`)).status).toBe(401);
    expect((await t.call("POST", `/category/make-copy?categoryId=${cat.id}&name=x`)).status).toBe(401);
  });

  test("members list a project's categories by number, then id, with or without the trailing slash", async () => {
    const { project, member, admin } = await scene();
    const c = f.category(project.id, { name: "C", number: 2 });
    const a = f.category(project.id, { name: "A", number: 1 });
    const b = f.category(project.id, { name: "B", number: 1 });
    f.category(f.project("Other").id, { name: "Elsewhere" });
    for (const path of ["/category/get-all-for-project/", "/category/get-all-for-project"]) {
      const res = await t.call("GET", `${path}?id=${project.id}`, { cookie: member.cookie });
      expect(res.status).toBe(200);
      expect(res.body.map((x: { id: number }) => x.id)).toEqual([a.id, b.id, c.id]);
    }
    const one = (await t.call("GET", `/category/get-all-for-project/?id=${project.id}`, { cookie: admin.cookie })).body[0];
    expect(one).toEqual({
      id: a.id, name: "A", type: null, number: 1, isDefault: false, isPublic: false, hasProcess: false, description: "", project: { id: project.id },
    });
  });

  test("non-members get 404, for the project and for its categories; unknown ids too", async () => {
    const { project, stranger, member } = await scene();
    const cat = f.category(project.id);
    const list = await t.call("GET", `/category/get-all-for-project/?id=${project.id}`, { cookie: stranger.cookie });
    expect(list.status).toBe(404);
    expect(list.body.error).toBe("project_not_found");
    const one = await t.call("GET", `/category/get?id=${cat.id}`, { cookie: stranger.cookie });
    expect(one.status).toBe(404);
    expect(one.body.error).toBe("category_not_found");
    expect((await t.call("GET", `/category/get-category-details-list?id=${project.id}`, { cookie: stranger.cookie })).status).toBe(404);
    expect((await t.call("GET", "/category/get?id=999999", { cookie: member.cookie })).body.error).toBe("category_not_found");
    expect((await t.call("GET", "/category/get-all-for-project/?id=999999", { cookie: member.cookie })).status).toBe(404);
    expect((await t.call("GET", "/category/get?id=abc", { cookie: member.cookie })).status).toBe(422);
    expect((await t.call("GET", "/category/get", { cookie: member.cookie })).status).toBe(422);
    expect((await t.call("GET", `/category/get?id=${cat.id}`, { cookie: member.cookie })).body.id).toBe(cat.id);
  });

  test("details count the active data items per type in each category, with zeros for the rest", async () => {
    const { project, member } = await scene();
    const first = f.category(project.id, { name: "First", number: 1 });
    const second = f.category(project.id, { name: "Second", number: 2 });
    f.dataItem(project.id, { dataType: "DOC" }, [first.id, second.id]);
    f.dataItem(project.id, { dataType: "DOC" }, [first.id]);
    f.dataItem(project.id, { dataType: "TABLE" }, [first.id]);
    f.dataItem(project.id, { dataType: "DOC", isActive: false }, [first.id, second.id]);
    f.dataItem(project.id, { dataType: "CHART" });
    const res = await t.call("GET", `/category/get-category-details-list?id=${project.id}`, { cookie: member.cookie });
    expect(res.status).toBe(200);
    expect(res.body.map((d: { category: { name: string } }) => d.category.name)).toEqual(["First", "Second"]);
    expect(res.body[0].numberOfDataByType).toEqual({ DOC: 2, TABLE: 1, LAYER: 0, MAP: 0, CHART: 0, CALC: 0, REPORT: 0, MODBUS_UNIT: 0 });
    expect(res.body[1].numberOfDataByType.DOC).toBe(1);
    expect(res.body[1].category.project).toEqual({ id: project.id });
  });
});

describe("saving", () => {
  test("an ADMIN creates a category last, with trimmed name and sanitised description, and it is audited", async () => {
    const { project, admin } = await scene();
    f.category(project.id, { number: 7 });
    const res = await t.call("POST", "/category/save", {
      cookie: admin.cookie,
      body: {
        name: "  Survey  ", type: "Stage", number: 1, isPublic: true, hasProcess: true,
        description: '<p onclick="x()">Hi<script>alert(1)</script> <b>there</b></p>', project: { id: project.id },
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "Survey", type: "Stage", number: 8, isPublic: true, hasProcess: true, isDefault: false, project: { id: project.id } });
    expect(res.body.description).toBe("<p>Hi <b>there</b></p>");
    expect(auditKinds(admin.user.id)).toContain("CREATE");
    const first = f.project("Empty");
    const alone = await t.call("POST", "/category/save", { cookie: admin.cookie, body: { name: "Only", project: { id: first.id } } });
    expect(alone.body.number).toBe(1);
  });

  test("USER members, moderators included, get 403 and nothing is created", async () => {
    const { project, member, moderator } = await scene();
    for (const who of [member, moderator]) {
      const res = await t.call("POST", "/category/save", { cookie: who.cookie, body: { name: "Mine", project: { id: project.id } } });
      expect(res.status).toBe(403);
      expect(res.body.error).toBe("forbidden");
    }
    expect(categoryRows(project.id)).toHaveLength(0);
  });

  test("names are required and at most 100 characters; the message comes in the caller's language", async () => {
    const { project, admin } = await scene();
    const empty = await t.call("POST", "/category/save", { cookie: admin.cookie, body: { name: "   ", project: { id: project.id } }, headers: { "accept-language": "ru" } });
    expect(empty.status).toBe(422);
    expect(empty.body.details).toEqual([{ path: "body.name", code: "category.nameRequired", message: "Введите название категории" }]);
    const missing = await t.call("POST", "/category/save", { cookie: admin.cookie, body: { project: { id: project.id } } });
    expect(missing.body.details[0].code).toBe("category.nameRequired");
    const long = await t.call("POST", "/category/save", { cookie: admin.cookie, body: { name: "x".repeat(101), project: { id: project.id } } });
    expect(long.status).toBe(422);
    expect(long.body.details[0]).toMatchObject({ path: "body.name", code: "validation.tooLong" });
    const exact = await t.call("POST", "/category/save", { cookie: admin.cookie, body: { name: ` ${"x".repeat(100)} `, project: { id: project.id } } });
    expect(exact.status).toBe(200);
    const wrongTypes = await t.call("POST", "/category/save", { cookie: admin.cookie, body: { name: 5, isPublic: "yes", project: { id: project.id } } });
    expect(wrongTypes.status).toBe(422);
    expect(wrongTypes.body.error).toBe("validation_failed");
    const noProject = await t.call("POST", "/category/save", { cookie: admin.cookie, body: { name: "x" } });
    expect(noProject.status).toBe(422);
    const unknownProject = await t.call("POST", "/category/save", { cookie: admin.cookie, body: { name: "x", project: { id: 999999 } } });
    expect(unknownProject.status).toBe(404);
    expect(categoryRows(project.id)).toHaveLength(1);
  });

  test("an update keeps the project: a category named with another project is not found and stays as it was", async () => {
    const { project, admin } = await scene();
    const other = f.project("Other");
    const cat = f.category(project.id, { name: "Old", number: 3, description: "<p>keep</p>", isPublic: true });
    const moved = await t.call("POST", "/category/save", { cookie: admin.cookie, body: { id: cat.id, name: "Moved", project: { id: other.id } } });
    expect(moved.status).toBe(404);
    expect(moved.body.error).toBe("category_not_found");
    expect(t.db.select().from(categories).where(eq(categories.id, cat.id)).get()).toEqual(cat);
    const unknown = await t.call("POST", "/category/save", { cookie: admin.cookie, body: { id: 999999, name: "Ghost", project: { id: project.id } } });
    expect(unknown.status).toBe(404);
    const res = await t.call("POST", "/category/save", { cookie: admin.cookie, body: { id: cat.id, name: "New", project: { id: project.id } } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: cat.id, name: "New", number: 3, description: "<p>keep</p>", isPublic: true });
    expect(auditKinds(admin.user.id)).toEqual(["UPDATE"]);
    expect(categoryRows(project.id)).toHaveLength(1);
  });

  test("a name taken in the project, in any case and script, is refused on create, rename and copy (409, translated); nothing changes", async () => {
    const { project, admin } = await scene();
    const photos = f.category(project.id, { name: "Фото площадки", number: 1 });
    const drawings = f.category(project.id, { name: "Drawings", number: 2 });
    const before = categoryRows(project.id);
    const save = (body: object, lang = "en") =>
      t.call("POST", "/category/save", { cookie: admin.cookie, body: { project: { id: project.id }, ...body }, headers: { "accept-language": lang } });
    const created = await save({ name: "  фото ПЛОЩАДКИ " }, "ru");
    expect(created.status).toBe(409);
    expect(created.body).toMatchObject({ error: "category_name_taken", message: "В проекте уже есть категория с таким названием" });
    expect(created.body.details).toEqual([{ path: "body.name", code: "error.category_name_taken", message: "В проекте уже есть категория с таким названием" }]);
    const renamed = await save({ id: drawings.id, name: "ФОТО площадки" }, "es");
    expect([renamed.status, renamed.body.details[0].message]).toEqual([409, "Este proyecto ya tiene una categoría con este nombre"]);
    const copied = await t.call("POST", "/category/make-copy", { cookie: admin.cookie, body: { categoryId: photos.id, name: "drawings" } });
    expect([copied.status, copied.body.error, copied.body.details[0].path]).toEqual([409, "category_name_taken", "body.name"]);
    expect(categoryRows(project.id)).toEqual(before);

    // A category keeps its own name in another case; another project and the hidden default category do not count.
    expect((await save({ id: drawings.id, name: "DRAWINGS" })).status).toBe(200);
    expect((await t.call("POST", "/category/save", { cookie: admin.cookie, body: { name: "Drawings", project: { id: f.project("Other").id } } })).status).toBe(200);
    f.category(project.id, { name: "Default", isDefault: true });
    expect((await save({ name: "default" })).status).toBe(200);
  });

  test("save-all reorders one project's categories in one go", async () => {
    const { project, admin, member } = await scene();
    const a = f.category(project.id, { name: "A", number: 1 });
    const b = f.category(project.id, { name: "B", number: 2 });
    const c = f.category(project.id, { name: "C", number: 3 });
    const order = [{ id: c.id, number: 1 }, { id: a.id, number: 2 }, { id: b.id, number: 3 }];
    expect((await t.call("POST", "/category/save-all", { cookie: member.cookie, body: order })).status).toBe(403);
    const res = await t.call("POST", "/category/save-all", { cookie: admin.cookie, body: order });
    expect(res.status).toBe(200);
    expect(res.body.map((x: { name: string }) => x.name)).toEqual(["C", "A", "B"]);
    const list = await t.call("GET", `/category/get-all-for-project/?id=${project.id}`, { cookie: member.cookie });
    expect(list.body.map((x: { name: string }) => x.name)).toEqual(["C", "A", "B"]);
    expect((await t.call("POST", "/category/save-all", { cookie: admin.cookie, body: [] })).body).toEqual([]);
  });

  test("save-all with an unknown id, a category of another project or a repeated id changes nothing", async () => {
    const { project, admin } = await scene();
    const a = f.category(project.id, { name: "A", number: 1 });
    const b = f.category(project.id, { name: "B", number: 2 });
    const foreign = f.category(f.project("Other").id, { name: "F", number: 1 });
    const before = t.db.select().from(categories).all();
    const unknown = await t.call("POST", "/category/save-all", { cookie: admin.cookie, body: [{ id: a.id, number: 5 }, { id: 999999, number: 6 }] });
    expect(unknown.status).toBe(404);
    const mixed = await t.call("POST", "/category/save-all", { cookie: admin.cookie, body: [{ id: a.id, number: 5 }, { id: foreign.id, number: 6 }] });
    expect(mixed.status).toBe(422);
    expect(mixed.body.details[0].path).toBe("body.1.id");
    const twice = await t.call("POST", "/category/save-all", { cookie: admin.cookie, body: [{ id: a.id, number: 5 }, { id: a.id, number: 6 }] });
    expect(twice.status).toBe(422);
    const badShape = await t.call("POST", "/category/save-all", { cookie: admin.cookie, body: { categories: [{ id: b.id, number: 1 }] } });
    expect(badShape.status).toBe(422);
    expect(t.db.select().from(categories).all()).toEqual(before);
  });
});

describe("deleting", () => {
  test("deletes a category and its links, never the data items", async () => {
    const { project, admin, member } = await scene();
    const cat = f.category(project.id);
    const kept = f.category(project.id, { name: "Kept" });
    const item = f.dataItem(project.id, {}, [cat.id, kept.id]);
    const lonely = f.dataItem(project.id, {}, [cat.id]);
    const membership = t.db.select().from(userProjects).where(eq(userProjects.userId, member.user.id)).get()!;
    f.assignCategories(membership.id, [cat.id, kept.id]);
    expect((await t.call("POST", `/category/delete?id=${cat.id}`, { cookie: member.cookie })).status).toBe(403);
    const res = await t.call("POST", `/category/delete?id=${cat.id}`, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(cat.id);
    expect(categoryRows(project.id).map((c) => c.id)).toEqual([kept.id]);
    expect(t.db.select().from(dataItems).all().map((d) => d.id).sort()).toEqual([item.id, lonely.id].sort());
    expect(linksOf(cat.id)).toEqual([]);
    expect(linksOf(kept.id)).toEqual([item.id]);
    expect(t.db.select().from(userProjectCategories).all()).toEqual([{ userProjectId: membership.id, categoryId: kept.id }]);
    expect(auditKinds(admin.user.id)).toEqual(["DELETE"]);
    expect((await t.call("POST", `/category/delete?id=${cat.id}`, { cookie: admin.cookie })).status).toBe(404);
  });

  test("a category that is the only one given to a member stays (409, translated), so they are not left seeing everything", async () => {
    const { project, admin, member } = await scene();
    const only = f.category(project.id, { name: "Site photos" });
    const other = f.category(project.id, { name: "Drawings" });
    const membership = t.db.select().from(userProjects).where(eq(userProjects.userId, member.user.id)).get()!;
    f.assignCategories(membership.id, [only.id]);
    const refused = await t.call("POST", `/category/delete?id=${only.id}`, { cookie: admin.cookie, headers: { "accept-language": "es" } });
    expect([refused.status, refused.body.error]).toEqual([409, "category_only_given"]);
    expect(refused.body.message).toBe("Algunos miembros solo tienen asignada esta categoría: asígneles otra antes de eliminarla");
    expect(categoryRows(project.id).map((c) => c.id)).toEqual([only.id, other.id]);
    expect(t.db.select().from(userProjectCategories).all()).toEqual([{ userProjectId: membership.id, categoryId: only.id }]);
    expect(auditKinds(admin.user.id)).toEqual([]);
    // Given another one too, the member keeps that one.
    f.assignCategories(membership.id, [other.id]);
    expect((await t.call("POST", `/category/delete?id=${only.id}`, { cookie: admin.cookie })).status).toBe(200);
    expect(t.db.select().from(userProjectCategories).all()).toEqual([{ userProjectId: membership.id, categoryId: other.id }]);
  });

  test("a default category cannot be deleted", async () => {
    const { project, admin } = await scene();
    const cat = f.category(project.id, { isDefault: true });
    const res = await t.call("POST", `/category/delete?id=${cat.id}`, { cookie: admin.cookie, headers: { "accept-language": "ru" } });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe("category_default");
    expect(res.body.message).toBe("Категорию по умолчанию нельзя удалить");
    expect(categoryRows(project.id)).toHaveLength(1);
  });
});

describe("copying", () => {
  test("a copy sits right after the original with its fields and data links, never default", async () => {
    const { project, admin } = await scene();
    const a = f.category(project.id, { name: "A", number: 1, type: "Stage", description: "<p>d</p>", isDefault: true, isPublic: true, hasProcess: true });
    const b = f.category(project.id, { name: "B", number: 2 });
    const x = f.dataItem(project.id, {}, [a.id]);
    const y = f.dataItem(project.id, { isActive: false }, [a.id, b.id]);
    const res = await t.call("POST", `/category/make-copy?categoryId=${a.id}&name=${encodeURIComponent(" A copy ")}`, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "A copy", number: 2, type: "Stage", description: "<p>d</p>", isDefault: false, isPublic: true, hasProcess: true, project: { id: project.id } });
    expect(linksOf(res.body.id)).toEqual([x.id, y.id].sort());
    expect(linksOf(a.id)).toEqual([x.id, y.id].sort());
    const list = await t.call("GET", `/category/get-all-for-project/?id=${project.id}`, { cookie: admin.cookie });
    expect(list.body.map((c: { name: string; number: number }) => [c.name, c.number])).toEqual([["A", 1], ["A copy", 2], ["B", 3]]);
    expect(auditKinds(admin.user.id)).toEqual(["CREATE"]);
  });

  test("the arguments may come in a JSON body", async () => {
    const { project, admin } = await scene();
    const a = f.category(project.id, { name: "A" });
    const res = await t.call("POST", "/category/make-copy", { cookie: admin.cookie, body: { categoryId: a.id, name: "B" } });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe("B");
  });

  test("an empty name is refused with the spec's message; USERs and strangers' ids are refused; nothing is copied", async () => {
    const { project, admin, member } = await scene();
    const a = f.category(project.id, { name: "A" });
    const empty = await t.call("POST", `/category/make-copy?categoryId=${a.id}&name=%20%20`, { cookie: admin.cookie, headers: { "accept-language": "ru" } });
    expect(empty.status).toBe(422);
    expect(empty.body.details).toEqual([{ path: "query.name", code: "category.nameRequired", message: "Введите название категории" }]);
    const bodyEmpty = await t.call("POST", "/category/make-copy", { cookie: admin.cookie, body: { categoryId: a.id, name: "" } });
    expect(bodyEmpty.body.details[0].path).toBe("body.name");
    const noName = await t.call("POST", `/category/make-copy?categoryId=${a.id}`, { cookie: admin.cookie, headers: { "accept-language": "es" } });
    expect(noName.body.details[0].message).toBe("Introduzca el nombre de la categoría");
    expect((await t.call("POST", "/category/make-copy?name=x", { cookie: admin.cookie })).status).toBe(422);
    expect((await t.call("POST", `/category/make-copy?categoryId=${a.id}&name=${"x".repeat(101)}`, { cookie: admin.cookie })).status).toBe(422);
    expect((await t.call("POST", `/category/make-copy?categoryId=${a.id}&name=x`, { cookie: member.cookie })).status).toBe(403);
    expect((await t.call("POST", "/category/make-copy?categoryId=999999&name=x", { cookie: admin.cookie })).status).toBe(404);
    expect(categoryRows(project.id)).toHaveLength(1);
  });
});

describe("category page", () => {
  test("progress is the share of active items CHECKED, with one decimal, 0 when empty", async () => {
    const { project, member, stranger } = await scene();
    const cat = f.category(project.id);
    expect(() => categoryProgress(t.db, stranger.user, cat.id)).toThrow();
    expect(categoryProgress(t.db, member.user, cat.id)).toBe(0);
    f.dataItem(project.id, { status: "CHECKED" }, [cat.id]);
    f.dataItem(project.id, { status: "NO_DATA" }, [cat.id]);
    f.dataItem(project.id, { status: "NEEDS_IMPROVEMENT" }, [cat.id]);
    f.dataItem(project.id, { status: "CHECKED", isActive: false }, [cat.id]);
    f.dataItem(project.id, { status: "CHECKED" });
    expect(categoryProgress(t.db, member.user, cat.id)).toBe(33.3);
    f.dataItem(project.id, { status: "CHECKED" }, [cat.id]);
    expect(categoryProgress(t.db, member.user, cat.id)).toBe(50);
    f.dataItem(project.id, { status: "CHECKED" }, [cat.id]);
    f.dataItem(project.id, { status: "CHECKED" }, [cat.id]);
    expect(categoryProgress(t.db, member.user, cat.id)).toBe(66.7);
  });

  test("the data list holds active items with keywords, filtered by name or keyword in any case", async () => {
    const { project, member, stranger } = await scene();
    const cat = f.category(project.id);
    const bridge = f.dataItem(project.id, { name: "Bridge plan", dataType: "DOC", status: "CHECKED", shortDescription: "span" }, [cat.id]);
    const survey = f.dataItem(project.id, { name: "Survey", dataType: "TABLE" }, [cat.id]);
    f.dataItem(project.id, { name: "Old bridge", isActive: false }, [cat.id]);
    f.dataItem(project.id, { name: "Bridge elsewhere" });
    tag(project.id, survey.id, "Кандидаты");
    tag(project.id, bridge.id, "steel");
    const all = categoryData(t.db, member.user, cat.id);
    expect(all).toEqual([
      { id: bridge.id, name: "Bridge plan", dataType: "DOC", status: "CHECKED", shortDescription: "span", keywords: [{ id: expect.any(Number), value: "steel" }], fileName: null },
      { id: survey.id, name: "Survey", dataType: "TABLE", status: "NO_DATA", shortDescription: "", keywords: [{ id: expect.any(Number), value: "Кандидаты" }], fileName: null },
    ]);
    expect(categoryData(t.db, member.user, cat.id, "BRIDGE").map((d) => d.id)).toEqual([bridge.id]);
    expect(categoryData(t.db, member.user, cat.id, "кандидат").map((d) => d.id)).toEqual([survey.id]);
    expect(categoryData(t.db, member.user, cat.id, "STEEL").map((d) => d.id)).toEqual([bridge.id]);
    expect(categoryData(t.db, member.user, cat.id, "  ")).toHaveLength(2);
    expect(categoryData(t.db, member.user, cat.id, "nothing")).toEqual([]);
    expect(() => categoryData(t.db, stranger.user, cat.id)).toThrow("No such category");
  });
});
