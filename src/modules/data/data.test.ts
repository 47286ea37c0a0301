import { describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import {
  activityLog, dataCategories, dataItems, dataKeywords, dataRelations, docVersions, keywords, providers, DATA_TYPES, type DataItem,
} from "../../../db/schema";
import { withTestApp } from "../../testing/harness";
import { containsPatterns, likePattern } from "./text-match";
import { categoryProgress } from "./counts";

const { t, f } = withTestApp();

// Projects, memberships and categories are other modules' work; tests put them in directly.
const world = () => f.projectScene({ outsiderRole: "MODERATOR" });
const insertItems = (rows: (Partial<typeof dataItems.$inferInsert> & { projectId: number; name: string })[]) =>
  rows.map((row) => f.dataItem(row.projectId, row));

const itemCount = () => t.db.select().from(dataItems).all().length;
const auditKinds = (dataId: number) =>
  t.db.select().from(activityLog).where(eq(activityLog.dataId, dataId)).all().map((r) => r.activityType);

async function save(cookie: string, body: Record<string, unknown>) {
  return t.call("POST", "/data/save", { cookie, body });
}

async function page(cookie: string, projectId: number, body: Record<string, unknown>, type = "DOC") {
  const res = await t.call("POST", `/data/find-pageable-search-result?type=${type}&projectId=${projectId}`, { cookie, body });
  return res;
}
const names = (res: { body: { content: { name: string }[] } }) => res.body.content.map((c) => c.name);

describe("access", () => {
  test("signed out: 401 on every data call", async () => {
    for (const [method, path] of [
      ["POST", "/data/find-pageable-search-result?projectId=1"],
      ["GET", "/data/get?id=1"],
      ["POST", "/data/save"],
      ["GET", "/data/remove?id=1"],
      ["GET", "/data/remove-forever?id=1"],
      ["GET", "/relations-data/get?id=1"],
      ["GET", "/provider/get-all-for-project/?id=1"],
    ]) {
      expect((await t.call(method!, path!, { body: method === "POST" ? {} : undefined })).status).toBe(401);
    }
  });

  test("a plain member reads but gets 403 on save, remove, restore and linking", async () => {
    const { project, member } = await world();
    const [a, b] = insertItems([
      { projectId: project.id, name: "a" },
      { projectId: project.id, name: "b" },
    ]);
    expect((await t.call("GET", `/data/get?id=${a!.id}`, { cookie: member.cookie })).status).toBe(200);
    expect((await page(member.cookie, project.id, {})).body.totalElements).toBe(2);
    const created = await save(member.cookie, { project: { id: project.id }, dataType: "DOC", name: "mine" });
    expect(created.status).toBe(403);
    expect(created.body.error).toBe("forbidden");
    expect((await save(member.cookie, { id: a!.id, project: { id: project.id }, dataType: "DOC", name: "renamed" })).status).toBe(403);
    for (const path of [`/data/remove?id=${a!.id}`, `/data/restore?id=${a!.id}`, `/relations-data/add?idNode=${a!.id}&id=${b!.id}`]) {
      expect((await t.call("GET", path, { cookie: member.cookie })).status).toBe(403);
    }
    expect((await t.call("GET", `/data/remove-forever?id=${a!.id}`, { cookie: member.cookie })).status).toBe(403);
    expect(itemCount()).toBe(2);
    expect(t.db.select().from(dataItems).where(eq(dataItems.id, a!.id)).get()!.name).toBe("a");
  });

  test("a USER with the project's moderator flag creates and edits; the log says so", async () => {
    const { project, moderator } = await world();
    const res = await save(moderator.cookie, {
      project: { id: project.id },
      dataType: "CALC",
      name: "  Load  ",
      description: "beam load",
      script: "function main() {}",
      props: '[{"variable":"x","name":"X"}]',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: "Load",
      dataType: "CALC",
      status: "NO_DATA",
      isActive: true,
      owner: { id: moderator.user.id, firstName: moderator.user.firstName, lastName: moderator.user.lastName },
      project: { id: project.id, name: "Bridge" },
      script: "function main() {}",
      keywords: [],
      categoryList: [],
      provider: null,
      firstVersion: null,
    });
    expect(JSON.stringify(res.body)).not.toMatch(/passwordHash|login/);
    const updated = await save(moderator.cookie, { id: res.body.id, project: { id: project.id }, dataType: "CALC", name: "Load 2", status: "CHECKED" });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: "Load 2", status: "CHECKED", description: "beam load", script: "function main() {}" });
    // Fields left out keep their values (status included).
    const renamed = await save(moderator.cookie, { id: res.body.id, project: { id: project.id }, dataType: "CALC", name: "Load 3" });
    expect(renamed.body).toMatchObject({ name: "Load 3", status: "CHECKED", description: "beam load" });
    expect(auditKinds(res.body.id)).toEqual(["CREATE", "UPDATE", "UPDATE"]);
  });

  test("a non-member gets 404 for the project's items and lists, even as a global MODERATOR", async () => {
    const { project, outsider } = await world();
    const [a] = insertItems([{ projectId: project.id, name: "secret" }]);
    const cat = f.category(project.id, { name: "C" });
    for (const path of [
      `/data/get?id=${a!.id}`,
      `/data/remove?id=${a!.id}`,
      `/data/get-all-for-category?id=${cat.id}`,
      `/data/search?projectId=${project.id}&str=s`,
      `/relations-data/get?id=${a!.id}`,
      `/provider/get-all-for-project/?id=${project.id}`,
      `/keyword/get-all-for-project?id=${project.id}`,
    ]) {
      const res = await t.call("GET", path, { cookie: outsider.cookie });
      expect(res.status).toBe(404);
    }
    expect((await page(outsider.cookie, project.id, {})).status).toBe(404);
    const res = await save(outsider.cookie, { project: { id: project.id }, dataType: "DOC", name: "x" });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe("project_not_found");
    expect((await save(outsider.cookie, { id: a!.id, project: { id: project.id }, dataType: "DOC", name: "x" })).status).toBe(404);
    expect((await t.call("GET", "/data/get?id=999999", { cookie: outsider.cookie })).body.error).toBe("data_not_found");
  });

  test("'not yours' answers exactly as 'does not exist': the same status and body for an outsider, and for a plain member asking about a removed item", async () => {
    const { project, outsider, member, moderator } = await world();
    const [visible, removed] = insertItems([{ projectId: project.id, name: "visible" }, { projectId: project.id, name: "removed", isActive: false }]);
    const missing = 999_999;
    // Each call names the hidden item where it takes an id: [path, the query before the id].
    const calls = [["/data/get", "id="], ["/data/remove", "id="], ["/data/restore", "id="], ["/relations-data/get", "id="], ["/relations-data/add", `id=${visible!.id}&idNode=`]];
    for (const [path, query] of calls) {
      for (const [cookie, hidden] of [[outsider.cookie, visible!.id], [member.cookie, removed!.id]] as const) {
        const a = await t.call("GET", `${path}?${query}${hidden}`, { cookie });
        const b = await t.call("GET", `${path}?${query}${missing}`, { cookie });
        expect({ status: a.status, body: a.body }).toEqual({ status: b.status, body: b.body });
        expect(a.status).toBe(404);
      }
    }
    // A moderator sees the removed item; a plain member sees the visible one and only learns it may not change it.
    expect((await t.call("GET", `/data/restore?id=${removed!.id}`, { cookie: moderator.cookie })).status).toBe(200);
    expect((await t.call("GET", `/data/remove?id=${visible!.id}`, { cookie: member.cookie })).status).toBe(403);
  });
});

describe("remove, restore, remove forever", () => {
  test("soft removal hides an item from plain users; restore brings it back; both are audited", async () => {
    const { project, moderator, member } = await world();
    const [a] = insertItems([{ projectId: project.id, name: "a" }]);
    const removed = await t.call("GET", `/data/remove?id=${a!.id}`, { cookie: moderator.cookie });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ id: a!.id, isActive: false });
    expect((await t.call("GET", `/data/get?id=${a!.id}`, { cookie: member.cookie })).status).toBe(404);
    expect((await t.call("GET", `/data/get?id=${a!.id}`, { cookie: moderator.cookie })).body.isActive).toBe(false);
    expect((await page(member.cookie, project.id, {})).body.totalElements).toBe(0);
    expect((await page(member.cookie, project.id, { criteria: [{ name: "isActive", value: "false" }] })).body.totalElements).toBe(0);
    expect((await page(moderator.cookie, project.id, {})).body.totalElements).toBe(1);
    expect((await page(moderator.cookie, project.id, { criteria: [{ name: "isActive", value: "true" }] })).body.totalElements).toBe(0);
    expect((await t.call("GET", `/data/restore?id=${a!.id}`, { cookie: moderator.cookie })).body.isActive).toBe(true);
    expect((await t.call("GET", `/data/get?id=${a!.id}`, { cookie: member.cookie })).status).toBe(200);
    expect(auditKinds(a!.id)).toEqual(["DELETE", "RESTORE"]);
  });

  test("remove-forever: ADMIN only, inactive only; the row, its links and its files go", async () => {
    const { project, moderator, admin } = await world();
    const [doc, other] = insertItems([
      { projectId: project.id, name: "doc" },
      { projectId: project.id, name: "other" },
    ]);
    const folder = join(t.config.dataDir, "files", "2026", "01");
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, "stored1"), "pdf bytes");
    t.db.insert(docVersions).values({ dataId: doc!.id, name: "v1", type: "PDF", fileName: "a.pdf", filePath: "files/2026/01/stored1", mime: "application/pdf", size: 9 }).run();
    await t.call("GET", `/relations-data/add?idNode=${doc!.id}&id=${other!.id}`, { cookie: moderator.cookie });

    const active = await t.call("GET", `/data/remove-forever?id=${doc!.id}`, { cookie: admin.cookie });
    expect(active.status).toBe(409);
    expect(active.body.error).toBe("data_active");
    await t.call("GET", `/data/remove?id=${doc!.id}`, { cookie: moderator.cookie });
    expect((await t.call("GET", `/data/remove-forever?id=${doc!.id}`, { cookie: moderator.cookie })).status).toBe(403);
    const gone = await t.call("GET", `/data/remove-forever?id=${doc!.id}`, { cookie: admin.cookie });
    expect(gone.status).toBe(200);
    expect(gone.body).toEqual({ id: doc!.id, removedFiles: 1 });
    expect(t.db.select().from(dataItems).where(eq(dataItems.id, doc!.id)).get()).toBeUndefined();
    expect(t.db.select().from(docVersions).all()).toHaveLength(0);
    expect(t.db.select().from(dataRelations).all()).toHaveLength(0);
    expect(existsSync(join(folder, "stored1"))).toBe(false);
    expect(auditKinds(doc!.id)).toContain("DELETE_FOREVER");
    expect((await t.call("GET", `/data/remove-forever?id=${doc!.id}`, { cookie: admin.cookie })).status).toBe(404);
  });
});

describe("save: free-text providers and keywords, categories, validation", () => {
  test("an unknown provider name creates one with description '_'; names and keywords are reused ignoring case", async () => {
    const { project, moderator, member } = await world();
    const first = await save(moderator.cookie, {
      project: { id: project.id },
      dataType: "TABLE",
      name: "t1",
      value: '{"headers":[],"items":[]}',
      provider: "Acme Survey",
      keywords: ["Soil", "soil ", "Water", ""],
    });
    expect(first.status).toBe(200);
    expect(first.body.provider).toMatchObject({ name: "Acme Survey", description: "_" });
    expect(first.body.keywords.map((k: { value: string }) => k.value)).toEqual(["Soil", "Water"]);
    const second = await save(moderator.cookie, {
      project: { id: project.id },
      dataType: "CHART",
      name: "c1",
      provider: { name: "ACME survey" },
      keywords: [{ value: "SOIL" }, { value: "Газ" }],
    });
    expect(second.body.provider.id).toBe(first.body.provider.id);
    expect(second.body.keywords.find((k: { value: string }) => k.value === "Soil").id).toBe(first.body.keywords[0].id);
    const cyr1 = await save(moderator.cookie, { project: { id: project.id }, dataType: "DOC", name: "d1", provider: "Газпром", keywords: ["ГАЗ"] });
    const cyr2 = await save(moderator.cookie, { project: { id: project.id }, dataType: "DOC", name: "d2", provider: "ГАЗПРОМ" });
    expect(cyr2.body.provider.id).toBe(cyr1.body.provider.id);
    expect(cyr1.body.keywords[0].value).toBe("Газ");
    const byId = await save(moderator.cookie, { project: { id: project.id }, dataType: "DOC", name: "d3", provider: { id: first.body.provider.id } });
    expect(byId.body.provider.name).toBe("Acme Survey");

    expect(t.db.select().from(providers).all()).toHaveLength(2);
    expect(t.db.select().from(keywords).all()).toHaveLength(3);
    for (const path of [`/provider/get-all-for-project/?id=${project.id}`, `/provider/get-all-for-project?id=${project.id}`]) {
      const res = await t.call("GET", path, { cookie: member.cookie });
      expect(res.status).toBe(200);
      expect(res.body.map((p: { name: string }) => p.name)).toEqual(["Acme Survey", "Газпром"]);
    }
    const kw = await t.call("GET", `/keyword/get-all-for-project/?id=${project.id}`, { cookie: member.cookie });
    expect(kw.body.map((k: { value: string }) => k.value)).toEqual(["Soil", "Water", "Газ"]);
    expect((await t.call("GET", `/keyword/get-all-for-project?id=${project.id}`, { cookie: member.cookie })).status).toBe(200);

    // Clearing: null provider, empty keywords.
    const cleared = await save(moderator.cookie, { id: first.body.id, project: { id: project.id }, dataType: "TABLE", name: "t1", provider: null, keywords: [] });
    expect(cleared.body.provider).toBeNull();
    expect(cleared.body.keywords).toEqual([]);
  });

  test("providers and keywords are per project", async () => {
    const { project, moderator, admin } = await world();
    const other = f.project("Other");
    const a = await save(moderator.cookie, { project: { id: project.id }, dataType: "DOC", name: "a", provider: "Acme", keywords: ["k"] });
    const b = await save(admin.cookie, { project: { id: other.id }, dataType: "DOC", name: "b", provider: "acme", keywords: ["K"] });
    expect(b.status).toBe(200);
    expect(b.body.provider.id).not.toBe(a.body.provider.id);
    expect(b.body.keywords[0].id).not.toBe(a.body.keywords[0].id);
    const foreign = await save(moderator.cookie, { project: { id: project.id }, dataType: "DOC", name: "c", provider: { id: b.body.provider.id } });
    expect(foreign.status).toBe(422);
    expect(foreign.body.details[0].path).toBe("body.provider.id");
  });

  test("categories must be of the item's project; a refused save leaves nothing behind", async () => {
    const { project, moderator } = await world();
    const mine = f.category(project.id, { name: "Survey", type: "Stage", number: 2 });
    const mine2 = f.category(project.id, { name: "Design", number: 1 });
    const foreign = f.category(f.project("Other").id, { name: "Theirs" });
    const bad = await save(moderator.cookie, {
      project: { id: project.id },
      dataType: "DOC",
      name: "x",
      provider: "Brand new",
      keywords: ["fresh"],
      categoryList: [{ id: mine.id }, { id: foreign.id }],
    });
    expect(bad.status).toBe(422);
    expect(bad.body.details[0].path).toBe("body.categoryList");
    expect(itemCount()).toBe(0);
    expect(t.db.select().from(providers).all()).toHaveLength(0);
    expect(t.db.select().from(keywords).all()).toHaveLength(0);

    const ok = await save(moderator.cookie, { project: { id: project.id }, dataType: "DOC", name: "x", categoryList: [{ id: mine.id }, { id: mine2.id }, { id: mine.id }] });
    expect(ok.status).toBe(200);
    expect(ok.body.categoryList).toEqual([
      { id: mine2.id, name: "Design", type: null, isDefault: false },
      { id: mine.id, name: "Survey", type: "Stage", isDefault: false },
    ]);
    // An update with a foreign category changes nothing, not even the name.
    const badUpdate = await save(moderator.cookie, { id: ok.body.id, project: { id: project.id }, dataType: "DOC", name: "renamed", categoryList: [{ id: foreign.id }] });
    expect(badUpdate.status).toBe(422);
    const after = (await t.call("GET", `/data/get?id=${ok.body.id}`, { cookie: moderator.cookie })).body;
    expect(after.name).toBe("x");
    expect(after.categoryList).toHaveLength(2);
  });

  test("bad input: empty or long names, long descriptions, wrong types, unknown enums, moved items", async () => {
    const { project, moderator } = await world();
    const base = { project: { id: project.id }, dataType: "DOC", name: "ok" };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, name: "   " }, "body.name"],
      [{ ...base, name: "n".repeat(256) }, "body.name"],
      [{ ...base, description: "d".repeat(1025) }, "body.description"],
      [{ ...base, shortDescription: "s".repeat(256) }, "body.shortDescription"],
      [{ ...base, name: 42 }, "body.name"],
      [{ ...base, status: "FINISHED" }, "body.status"],
      [{ ...base, dataType: "SPREADSHEET" }, "body.dataType"],
      [{ ...base, keywords: "one,two" }, "body.keywords"],
      [{ ...base, keywords: ["a", { value: "b" }] }, "body.keywords"],
      [{ ...base, provider: ["Acme"] }, "body.provider"],
      [{ ...base, categoryList: [{ id: "1; drop" }] }, "body.categoryList"],
      [{ ...base, project: { id: "x" } }, "body.project.id"],
      [{ ...base, dataType: "CHART", value: "{not json" }, "body.value"],
      [{ ...base, props: "[oops" }, "body.props"],
    ];
    for (const [body, path] of cases) {
      const res = await save(moderator.cookie, body);
      expect(res.status).toBe(422);
      expect(res.body.error).toBe("validation_failed");
      expect(res.body.details.map((d: { path: string }) => d.path)).toContain(path);
    }
    expect(itemCount()).toBe(0);
    expect((await save(moderator.cookie, { ...base, name: "n".repeat(255) })).status).toBe(200);

    const item = (await save(moderator.cookie, base)).body;
    const other = f.project("Other");
    f.member(moderator.user.id, other.id, true);
    const moved = await save(moderator.cookie, { ...base, id: item.id, project: { id: other.id } });
    expect(moved.status).toBe(422);
    const retyped = await save(moderator.cookie, { ...base, id: item.id, dataType: "TABLE" });
    expect(retyped.status).toBe(422);
    expect(retyped.body.details[0].path).toBe("body.dataType");
    expect((await save(moderator.cookie, { ...base, id: 999999 })).status).toBe(404);
    const row = t.db.select().from(dataItems).where(eq(dataItems.id, item.id)).get()!;
    expect([row.projectId, row.dataType]).toEqual([project.id, "DOC"]);
  });

  test("all eight types are served; report HTML is sanitised with the report setting, as report/save does", async () => {
    const { project, moderator } = await world();
    for (const dataType of DATA_TYPES) {
      const res = await save(moderator.cookie, { project: { id: project.id }, dataType, name: dataType.toLowerCase() });
      expect(res.status).toBe(200);
      expect(res.body.dataType).toBe(dataType);
    }
    const report = await save(moderator.cookie, {
      project: { id: project.id },
      dataType: "REPORT",
      name: "r",
      body: '<h1 style="text-align:center">Title</h1><p onclick="steal()">[DATA-1]<script>alert(1)</script><a href="javascript:x()">l</a></p><img src="x" onerror="y()">',
    });
    expect(report.body.body).toBe('<h1>Title</h1><p>[DATA-1]<a>l</a></p><img src="x" />');
  });

  test("documents show their newest active version as firstVersion", async () => {
    const { project, member } = await world();
    const [doc] = insertItems([{ projectId: project.id, name: "doc" }]);
    const version = (name: string, at: number, isActive = true) =>
      t.db.insert(docVersions).values({ dataId: doc!.id, name, type: "MS_DOC", fileName: `${name}.docx`, filePath: `files/x/${name}`, mime: "m", size: 1, isActive, creationDate: new Date(at) }).returning().get();
    version("v1", 1000);
    const v2 = version("v2", 2000);
    version("v3", 3000, false);
    const res = await t.call("GET", `/data/get?id=${doc!.id}`, { cookie: member.cookie });
    expect(res.body.firstVersion).toEqual({ id: v2.id, type: "MS_DOC", fileName: "v2.docx", name: "v2" });
  });
});

describe("editing a document's details (data/save with an id)", () => {
  test("a moderator changes name, description, status, data source, keywords and categories; the category's progress moves", async () => {
    const { project, moderator, member } = await world();
    const site = f.category(project.id, { name: "Site photos" });
    const drawings = f.category(project.id, { name: "Drawings" });
    const fallback = f.category(project.id, { name: "Default", isDefault: true });
    const created = await save(moderator.cookie, { project: { id: project.id }, dataType: "DOC", name: "Pier", provider: "Survey Ltd", categoryList: [{ id: site.id }, { id: fallback.id }] });
    const other = await save(moderator.cookie, { project: { id: project.id }, dataType: "DOC", name: "Deck", provider: "Survey Ltd", categoryList: [{ id: site.id }] });
    expect(other.status).toBe(200);
    expect(categoryProgress(t.db, member.user, site.id)).toBe(0);

    const edited = await save(moderator.cookie, {
      id: created.body.id, project: { id: project.id }, dataType: "DOC", name: " Pier 4 ", description: "North side", status: "CHECKED",
      provider: "Harbour Office", keywords: ["piles", "Piles", "concrete"], categoryList: [{ id: site.id }, { id: drawings.id }, { id: fallback.id }],
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: "Pier 4", description: "North side", status: "CHECKED", provider: { name: "Harbour Office" } });
    expect(edited.body.keywords.map((k: { value: string }) => k.value)).toEqual(["concrete", "piles"]);
    expect(edited.body.categoryList.map((c: { name: string }) => c.name).sort()).toEqual(["Default", "Drawings", "Site photos"]);
    expect(categoryProgress(t.db, member.user, site.id)).toBe(50);
    expect(categoryProgress(t.db, member.user, drawings.id)).toBe(100);
    // Seen at once by a plain member: the item and the list.
    expect((await t.call("GET", `/data/get?id=${created.body.id}`, { cookie: member.cookie })).body.name).toBe("Pier 4");
    expect(auditKinds(created.body.id)).toEqual(["CREATE", "UPDATE"]);
  });

  test("a document's data source can change but not go (422, nothing changed); a plain member may not edit (403)", async () => {
    const { project, moderator, member } = await world();
    const created = await save(moderator.cookie, { project: { id: project.id }, dataType: "DOC", name: "Pier", provider: "Survey Ltd" });
    const edit = (cookie: string, fields: Record<string, unknown>) =>
      save(cookie, { id: created.body.id, project: { id: project.id }, dataType: "DOC", name: "Pier", ...fields });
    for (const provider of [null, "", "   "]) {
      const res = await edit(moderator.cookie, { provider, status: "CHECKED" });
      expect(res.status).toBe(422);
      expect(res.body.details[0].path).toBe("body.provider");
    }
    expect((await edit(member.cookie, { status: "CHECKED" })).status).toBe(403);
    const row = t.db.select().from(dataItems).where(eq(dataItems.id, created.body.id)).get()!;
    expect(row.status).toBe("NO_DATA");
    expect(row.providerId).not.toBeNull();
    // A table has no such rule.
    const table = await save(moderator.cookie, { project: { id: project.id }, dataType: "TABLE", name: "Loads", provider: "Survey Ltd" });
    expect((await save(moderator.cookie, { id: table.body.id, project: { id: project.id }, dataType: "TABLE", name: "Loads", provider: null })).status).toBe(200);
  });

  test("list rows carry a document's newest file name, for its type icon", async () => {
    const { project, member } = await world();
    const [doc, empty] = insertItems([{ projectId: project.id, name: "a" }, { projectId: project.id, name: "b" }]);
    const version = (fileName: string, at: number, isActive = true) =>
      t.db.insert(docVersions).values({ dataId: doc!.id, name: fileName, type: "OTHER", fileName, filePath: `files/x/${fileName}`, mime: "m", size: 1, isActive, creationDate: new Date(at) }).run();
    version("plan.pdf", 1000);
    version("plan.xlsx", 2000);
    version("gone.zip", 3000, false);
    const rows = (await page(member.cookie, project.id, {})).body.content;
    expect(rows.map((r: { id: number; fileName: string | null }) => [r.id, r.fileName])).toEqual([[doc!.id, "plan.xlsx"], [empty!.id, null]]);
  });
});

describe("find-pageable-search-result", () => {
  async function listed() {
    const w = await world();
    const { project, moderator } = w;
    const soil = (await save(moderator.cookie, { project: { id: project.id }, dataType: "DOC", name: "seed", provider: "Acme", keywords: ["soil"] })).body;
    const cat = f.category(project.id, { name: "Survey" });
    const rows = insertItems(
      Array.from({ length: 23 }, (_, i) => ({
        projectId: project.id,
        name: `${i % 2 ? "item" : "Item"} ${String(i).padStart(2, "0")}`,
        status: (["NO_DATA", "CHECKED", "DATA_RECEIVED"] as const)[i % 3],
        creationDate: new Date(Date.UTC(2026, 0, 1) + (23 - i) * 60_000),
        description: i === 7 ? "contains the needle" : "",
        ownerId: i < 5 ? w.member.user.id : null,
        providerId: i === 3 ? soil.provider.id : null,
      })),
    );
    t.db.insert(dataKeywords).values([4, 9].map((i) => ({ dataId: rows[i]!.id, keywordId: soil.keywords[0].id }))).run();
    t.db.insert(dataCategories).values([1, 2, 3].map((i) => ({ dataId: rows[i]!.id, categoryId: cat.id }))).run();
    insertItems([{ projectId: project.id, name: "a table", dataType: "TABLE" }, { projectId: f.project("Other").id, name: "Item elsewhere" }]);
    return { ...w, rows, soil, cat };
  }

  test("pages by name (ignoring case) with totals; the last page is short; past the end is empty", async () => {
    const { project, member } = await listed();
    const first = await page(member.cookie, project.id, { page: 0, rowsPerPage: 10 });
    expect(first.status).toBe(200);
    expect(first.body.totalElements).toBe(24);
    expect(names(first)).toEqual(["Item 00", "item 01", "Item 02", "item 03", "Item 04", "item 05", "Item 06", "item 07", "Item 08", "item 09"]);
    const third = await page(member.cookie, project.id, { page: 2, rowsPerPage: 10 });
    expect(names(third)).toEqual(["Item 20", "item 21", "Item 22", "seed"]);
    const beyond = await page(member.cookie, project.id, { page: 5 });
    expect(beyond.body).toEqual({ content: [], totalElements: 24 });
    const desc = await page(member.cookie, project.id, { rowsPerPage: 3, desc: true });
    expect(names(desc)).toEqual(["seed", "Item 22", "item 21"]);
    const defaults = await page(member.cookie, project.id, {});
    expect(defaults.body.content).toHaveLength(10);
    const row = defaults.body.content.find((c: { name: string }) => c.name === "item 03");
    expect(row).toMatchObject({ dataType: "DOC", status: "NO_DATA", provider: { name: "Acme" }, owner: { firstName: member.user.firstName } });
    expect(row.categoryList).toHaveLength(1);
    expect(row).not.toHaveProperty("value");
    const tables = await page(member.cookie, project.id, {}, "TABLE");
    expect(names(tables)).toEqual(["a table"]);
  });

  test("sorts by creationDate, status, id and dataType", async () => {
    const { project, member, rows } = await listed();
    const byDate = await page(member.cookie, project.id, { sortBy: "creationDate", rowsPerPage: 3 });
    expect(names(byDate)).toEqual(["item 22".replace("item", "Item"), "item 21", "Item 20"]);
    const byId = await page(member.cookie, project.id, { sortBy: "id", desc: true, rowsPerPage: 2 });
    expect(byId.body.content.map((c: { id: number }) => c.id)).toEqual([rows[22]!.id, rows[21]!.id]);
    const byStatus = await page(member.cookie, project.id, { sortBy: "status", rowsPerPage: 100 });
    const statuses = byStatus.body.content.map((c: { status: string }) => c.status);
    expect(statuses).toEqual([...statuses].sort());
    const mixed = await t.call("POST", `/data/find-pageable-search-result?projectId=${project.id}`, { cookie: member.cookie, body: { sortBy: "dataType", desc: true, rowsPerPage: 1 } });
    expect(mixed.body).toMatchObject({ totalElements: 25, content: [{ dataType: "TABLE" }] });
  });

  test("filters by name, search, status, provider, keyword, category and owner", async () => {
    const { project, member, soil, cat } = await listed();
    const count = async (criteria: { name: string; value: unknown }[]) => (await page(member.cookie, project.id, { criteria })).body.totalElements;
    expect(await count([{ name: "name", value: "ITEM 1" }])).toBe(10);
    expect(await count([{ name: "name", value: "item" }, { name: "status", value: "CHECKED" }])).toBe(8);
    expect(await count([{ name: "status", value: "CHECKED" }, { name: "status", value: "NO_DATA" }])).toBe(17); // with the seed
    expect(await count([{ name: "search", value: "NEEDLE" }])).toBe(1);
    expect(await count([{ name: "provider", value: soil.provider.id }])).toBe(2);
    expect(await count([{ name: "keyword", value: String(soil.keywords[0].id) }])).toBe(3);
    expect(await count([{ name: "category", value: cat.id }])).toBe(3);
    expect(await count([{ name: "category", value: cat.id }, { name: "keyword", value: soil.keywords[0].id }])).toBe(0);
    expect(await count([{ name: "owner", value: member.user.id }])).toBe(5);
    expect(await count([{ name: "name", value: "" }, { name: "status", value: null }])).toBe(24);
    // A text filter with a sorted order counts in the same pass as the page; past the end still has the total.
    const dated = await page(member.cookie, project.id, { criteria: [{ name: "name", value: "item 1" }], sortBy: "creationDate", rowsPerPage: 4, page: 2 });
    expect(dated.body.totalElements).toBe(10);
    expect(names(dated)).toEqual(["item 11", "Item 10"]);
    const past = await page(member.cookie, project.id, { criteria: [{ name: "search", value: "item 1" }], sortBy: "status", page: 3 });
    expect(past.body).toEqual({ content: [], totalElements: 10 });
    const none = await page(member.cookie, project.id, { criteria: [{ name: "search", value: "nothing like it" }], sortBy: "status" });
    expect(none.body).toEqual({ content: [], totalElements: 0 });
  });

  test("refuses unknown criteria, bad values, page sizes and sort fields with 422", async () => {
    const { project, member } = await listed();
    const bodies = [
      { criteria: [{ name: "colour", value: "red" }] },
      { criteria: "name" },
      { criteria: [{ name: "name", value: ["x"] }] },
      { criteria: [{ name: "status", value: "DONE" }] },
      { criteria: [{ name: "keyword", value: "abc" }] },
      { criteria: [{ name: "isActive", value: "maybe" }] },
      { rowsPerPage: 101 },
      { rowsPerPage: 0 },
      { page: -1 },
      { sortBy: "password" },
    ];
    for (const body of bodies) {
      const res = await page(member.cookie, project.id, body);
      expect(res.status).toBe(422);
      expect(res.body.error).toBe("validation_failed");
    }
    expect((await page(member.cookie, project.id, {}, "SPREADSHEET")).status).toBe(422);
    expect((await t.call("POST", `/data/find-pageable-search-result?type=DOC`, { cookie: member.cookie, body: {} })).status).toBe(422);
  });

  test("wildcards typed by users match themselves; other scripts match ignoring case", async () => {
    const { project, member } = await world();
    insertItems(["50% done", "500 units", "Plan_B", "PlanXB", "a*b", "what?", "[draft]", "Кандидат", "ёлка", "C:\\temp", "Ёж 10%", "Ёж 100"].map((name) => ({ projectId: project.id, name })));
    const found = async (value: string) => names(await page(member.cookie, project.id, { criteria: [{ name: "name", value }] })).sort();
    expect(await found("50%")).toEqual(["50% done"]);
    expect(await found("%")).toEqual(["50% done", "Ёж 10%"]);
    expect(await found("n_B")).toEqual(["Plan_B"]);
    expect(await found("*")).toEqual(["a*b"]);
    expect(await found("?")).toEqual(["what?"]);
    expect(await found("[d")).toEqual(["[draft]"]);
    expect(await found("]")).toEqual(["[draft]"]);
    expect(await found("кан")).toEqual(["Кандидат"]);
    expect(await found("ЁЛ")).toEqual(["ёлка"]);
    expect(await found("\\")).toEqual(["C:\\temp"]);
    expect(await found("ёж 10%")).toEqual(["Ёж 10%"]);
    expect(await found("Ж 1_0")).toEqual([]);
    expect(containsPatterns("Яa*")).toEqual(["*Я[aA][*]*", "*я[aA][*]*"]);
    expect(containsPatterns("[ё")).toEqual(["*[[][ёЁ]*"]);
    expect(likePattern("50%_\\")).toBe("%50\\%\\_\\\\%");
    const search = await t.call("GET", `/data/search?projectId=${project.id}&str=${encodeURIComponent("%")}`, { cookie: member.cookie });
    expect(search.body.map((r: { name: string }) => r.name)).toEqual(["50% done", "Ёж 10%"]);
  });
});

describe("search, categories and relations", () => {
  test("search: active items by name, at most 20; search-by-type filters the type", async () => {
    const { project, member } = await world();
    insertItems(Array.from({ length: 25 }, (_, i) => ({ projectId: project.id, name: `Pump ${String(i).padStart(2, "0")}` })));
    insertItems([
      { projectId: project.id, name: "Pump chart", dataType: "CHART" },
      { projectId: project.id, name: "Pump removed", isActive: false },
    ]);
    const res = await t.call("GET", `/data/search?projectId=${project.id}&str=pump`, { cookie: member.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(20);
    expect(Object.keys(res.body[0]).sort()).toEqual(["dataType", "id", "name"]);
    const charts = await t.call("GET", `/data/search-by-type?projectId=${project.id}&str=PUMP&dataType=CHART`, { cookie: member.cookie });
    expect(charts.body.map((r: { name: string }) => r.name)).toEqual(["Pump chart"]);
    const removed = await t.call("GET", `/data/search?projectId=${project.id}&str=removed`, { cookie: member.cookie });
    expect(removed.body).toEqual([]);
    expect((await t.call("GET", `/data/search-by-type?projectId=${project.id}&str=p&dataType=NOPE`, { cookie: member.cookie })).status).toBe(422);
  });

  test("get-all-for-category: the category's active items", async () => {
    const { project, member, outsider } = await world();
    const cat = f.category(project.id, { name: "Survey" });
    const rows = insertItems([
      { projectId: project.id, name: "b" },
      { projectId: project.id, name: "A" },
      { projectId: project.id, name: "gone", isActive: false },
      { projectId: project.id, name: "elsewhere" },
    ]);
    t.db.insert(dataCategories).values(rows.slice(0, 3).map((r) => ({ dataId: r.id, categoryId: cat.id }))).run();
    const res = await t.call("GET", `/data/get-all-for-category?id=${cat.id}`, { cookie: member.cookie });
    expect(res.status).toBe(200);
    expect(names({ body: { content: res.body } })).toEqual(["A", "b"]);
    expect((await t.call("GET", `/data/get-all-for-category?id=${cat.id}`, { cookie: outsider.cookie })).status).toBe(404);
    expect((await t.call("GET", `/data/get-all-for-category?id=999999`, { cookie: member.cookie })).body.error).toBe("category_not_found");
  });

  test("relations: linked once (lower id first), seen from both sides, idempotent, same project only, no self-links", async () => {
    const { project, moderator, member } = await world();
    const [a, b, c] = insertItems([
      { projectId: project.id, name: "a" },
      { projectId: project.id, name: "b", dataType: "TABLE" },
      { projectId: project.id, name: "c", isActive: false },
    ]) as [DataItem, DataItem, DataItem];
    const [foreign] = insertItems([{ projectId: f.project("Other").id, name: "f" }]);

    const added = await t.call("GET", `/relations-data/add?idNode=${b.id}&id=${a.id}`, { cookie: moderator.cookie });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ id: a.id, name: "a", dataType: "DOC", isActive: true });
    const again = await t.call("GET", `/relations-data/add?idNode=${a.id}&id=${b.id}`, { cookie: moderator.cookie });
    expect(again.body.relationId).toBe(added.body.relationId);
    expect(t.db.select().from(dataRelations).all()).toEqual([{ id: added.body.relationId, fromId: a.id, toId: b.id, byEmbed: false }]);
    await t.call("GET", `/relations-data/add?idNode=${a.id}&id=${c.id}`, { cookie: moderator.cookie });

    const fromA = await t.call("GET", `/relations-data/get?id=${a.id}`, { cookie: moderator.cookie });
    expect(fromA.body).toEqual([
      { relationId: added.body.relationId, id: b.id, name: "b", dataType: "TABLE", isActive: true },
      expect.objectContaining({ id: c.id, isActive: false }),
    ]);
    expect((await t.call("GET", `/relations-data/get?id=${a.id}`, { cookie: member.cookie })).body.map((r: { id: number }) => r.id)).toEqual([b.id]);
    expect((await t.call("GET", `/relations-data/get?id=${b.id}`, { cookie: member.cookie })).body.map((r: { id: number }) => r.id)).toEqual([a.id]);

    expect((await t.call("GET", `/relations-data/add?idNode=${a.id}&id=${a.id}`, { cookie: moderator.cookie })).status).toBe(422);
    expect((await t.call("GET", `/relations-data/add?idNode=${a.id}&id=${foreign!.id}`, { cookie: moderator.cookie })).status).toBe(422);
    expect((await t.call("GET", `/relations-data/add?idNode=${a.id}&id=999999`, { cookie: moderator.cookie })).status).toBe(404);
    expect((await t.call("GET", `/relations-data/remove?id=${added.body.relationId}`, { cookie: member.cookie })).status).toBe(403);
    const removed = await t.call("GET", `/relations-data/remove?id=${added.body.relationId}`, { cookie: moderator.cookie });
    expect(removed.status).toBe(200);
    expect(t.db.select().from(dataRelations).where(and(eq(dataRelations.fromId, a.id), eq(dataRelations.toId, b.id))).get()).toBeUndefined();
    expect((await t.call("GET", `/relations-data/remove?id=${added.body.relationId}`, { cookie: moderator.cookie })).status).toBe(404);
  });
});
