import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { categories, dataItems, projects, userProjects } from "../../../db/schema";
import { withTestApp } from "../../testing/harness";

const { t } = withTestApp();

async function projectWithAdmin(name = "Bridge") {
  const admin = await t.userWithCookie("ADMIN");
  const res = await t.call("POST", "/project/create", { cookie: admin.cookie, body: { name, description: "River crossing", category: "Infra" } });
  expect(res.status).toBe(200);
  return { admin, project: res.body };
}

async function member(projectId: number, adminCookie: string, options: { moderator?: boolean; role?: "USER" | "MODERATOR" } = {}) {
  const person = await t.userWithCookie(options.role ?? "USER");
  const res = await t.call("POST", "/project/add-user-project", {
    cookie: adminCookie,
    body: { user: { id: person.user.id }, project: { id: projectId }, moderator: options.moderator ?? false },
  });
  expect(res.status).toBe(200);
  return { ...person, membershipId: res.body.id as number };
}

describe("projects", () => {
  test("an ADMIN creates a project with a hidden default category and becomes a member", async () => {
    const { admin, project } = await projectWithAdmin();
    expect(project).toMatchObject({ name: "Bridge", description: "River crossing", category: "Infra", timeline: { steps: [] } });
    const cats = t.db.select().from(categories).where(eq(categories.projectId, project.id)).all();
    expect(cats).toHaveLength(1);
    expect(cats[0].isDefault).toBe(true);
    const mine = await t.call("GET", "/users/get-user-projects", { cookie: admin.cookie });
    expect(mine.body.map((m: { project: { id: number } }) => m.project.id)).toEqual([project.id]);
  });

  test("names are required and counted (50), descriptions too (255); nothing is created on failure", async () => {
    const { cookie } = await t.userWithCookie("ADMIN");
    const empty = await t.call("POST", "/project/create", { cookie, body: { name: "   " }, headers: { "accept-language": "ru" } });
    expect(empty.status).toBe(422);
    expect(empty.body.details[0].message).toBe("Введите название проекта");
    expect((await t.call("POST", "/project/create", { cookie, body: { name: "x".repeat(51) } })).status).toBe(422);
    expect((await t.call("POST", "/project/create", { cookie, body: { name: "ok", description: "d".repeat(256) } })).status).toBe(422);
    expect(t.db.select().from(projects).all()).toHaveLength(0);
  });

  test("a USER cannot create, and a non-member sees nothing of a project (404)", async () => {
    const { project } = await projectWithAdmin();
    const outsider = await t.userWithCookie("MODERATOR");
    expect((await t.call("POST", "/project/create", { cookie: outsider.cookie, body: { name: "Mine" } })).status).toBe(403);
    for (const path of [`/project/get?id=${project.id}`, `/project/get-project-details?id=${project.id}`, `/project/get-users-by-project?id=${project.id}`]) {
      const res = await t.call("GET", path, { cookie: outsider.cookie });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe("project_not_found");
    }
    expect((await t.call("GET", "/project/get-project-list", { cookie: outsider.cookie })).body).toEqual([]);
  });

  test("details count active data by type and list the members", async () => {
    const { admin, project } = await projectWithAdmin();
    const m = await member(project.id, admin.cookie);
    t.db.insert(dataItems).values([
      { projectId: project.id, dataType: "DOC", name: "a" },
      { projectId: project.id, dataType: "DOC", name: "b" },
      { projectId: project.id, dataType: "TABLE", name: "c" },
      { projectId: project.id, dataType: "DOC", name: "gone", isActive: false },
    ]).run();
    const res = await t.call("GET", `/project/get-project-details?id=${project.id}`, { cookie: m.cookie });
    expect(res.status).toBe(200);
    expect(res.body.numberOfDataByType).toMatchObject({ DOC: 2, TABLE: 1, CHART: 0, MODBUS_UNIT: 0 });
    expect(res.body.userList.map((u: { id: number }) => u.id).sort()).toEqual([admin.user.id, m.user.id].sort());
    expect(JSON.stringify(res.body)).not.toMatch(/passwordHash|gisPassword/);
    expect(res.body.role).toBe("USER");
  });

  test("the moderator flag lifts a USER inside the project only; categories must be non-default ones of the project", async () => {
    const { admin, project } = await projectWithAdmin();
    const other = (await projectWithAdmin("Other")).project;
    const cat = t.db.insert(categories).values({ projectId: project.id, name: "Survey", type: "Stage" }).returning().get();
    const foreign = t.db.insert(categories).values({ projectId: other.id, name: "Elsewhere" }).returning().get();
    const fallback = t.db.select().from(categories).where(eq(categories.projectId, project.id)).all().find((c) => c.isDefault)!;
    const m = await member(project.id, admin.cookie, { moderator: true });
    expect((await t.call("GET", `/project/get-project-details?id=${project.id}`, { cookie: m.cookie })).body.role).toBe("MODERATOR");

    const save = (categoryList: { id: number }[]) =>
      t.call("POST", "/project/add-user-project", { cookie: admin.cookie, body: { id: m.membershipId, user: { id: m.user.id }, project: { id: project.id }, categoryList, moderator: true } });
    expect((await save([{ id: foreign.id }])).status).toBe(422);
    expect((await save([{ id: fallback.id }])).status).toBe(422);
    const ok = await save([{ id: cat.id }]);
    expect(ok.body.categoryList).toEqual([{ id: cat.id }]);
    expect((await t.call("GET", `/users/find-by-category?dataCategoryId=${cat.id}`, { cookie: m.cookie })).body.map((u: { id: number }) => u.id)).toEqual([m.user.id]);

    const mod = await member(project.id, admin.cookie, { role: "MODERATOR", moderator: true });
    const row = t.db.select().from(userProjects).where(eq(userProjects.id, mod.membershipId)).get()!;
    expect(row.moderator).toBe(false);
  });

  test("membership management is for ADMINs; removing a member takes the project away from them", async () => {
    const { admin, project } = await projectWithAdmin();
    const m = await member(project.id, admin.cookie, { moderator: true });
    const intruder = await t.userWithCookie("USER");
    expect((await t.call("POST", "/project/add-user-project", { cookie: m.cookie, body: { user: { id: intruder.user.id }, project: { id: project.id } } })).status).toBe(403);
    expect((await t.call("GET", `/project/get-all-unassigned?id=${intruder.user.id}`, { cookie: admin.cookie })).body.map((p: { id: number }) => p.id)).toEqual([project.id]);
    expect((await t.call("POST", `/project/remove-user-project?id=${m.membershipId}`, { cookie: admin.cookie })).status).toBe(200);
    expect((await t.call("GET", `/project/get?id=${project.id}`, { cookie: m.cookie })).status).toBe(404);
    expect((await t.call("POST", "/project/remove-user-project?id=999999", { cookie: admin.cookie })).status).toBe(404);
  });

  test("moderators and administrators are removed like anyone, but the project's last moderator stays (409, nothing changed)", async () => {
    const { admin, project } = await projectWithAdmin();
    const flagged = await member(project.id, admin.cookie, { moderator: true });
    const moderator = await member(project.id, admin.cookie, { role: "MODERATOR" });
    const reader = await member(project.id, admin.cookie);
    const own = (await t.call("GET", `/users/get-user-project-by-user?userId=${admin.user.id}&projectId=${project.id}`, { cookie: admin.cookie })).body.id;
    const remove = (id: number) => t.call("POST", `/project/remove-user-project?id=${id}`, { cookie: admin.cookie });
    const unflag = (m: typeof flagged) =>
      t.call("POST", "/project/add-user-project", { cookie: admin.cookie, body: { id: m.membershipId, user: { id: m.user.id }, project: { id: project.id }, moderator: false } });

    expect((await remove(moderator.membershipId)).status).toBe(200);
    expect((await remove(own)).status).toBe(200); // the administrator leaves; they still manage every project
    const last = await unflag(flagged);
    expect(last.status).toBe(409);
    expect(last.body.error).toBe("last_project_moderator");
    const removed = await remove(flagged.membershipId);
    expect(removed.status).toBe(409);
    expect(removed.body.error).toBe("last_project_moderator");
    expect(t.db.select().from(userProjects).where(eq(userProjects.id, flagged.membershipId)).get()?.moderator).toBe(true);

    // With a second moderator the first may go; plain members go whenever.
    await t.call("POST", "/project/add-user-project", { cookie: admin.cookie, body: { id: reader.membershipId, user: { id: reader.user.id }, project: { id: project.id }, moderator: true } });
    expect((await unflag(flagged)).status).toBe(200);
    expect((await remove(flagged.membershipId)).status).toBe(200);
    expect((await remove(reader.membershipId)).status).toBe(409);
  });

  test("an ADMIN renames and describes a project; its moderator may not (403) and a blank name changes nothing", async () => {
    const { admin, project } = await projectWithAdmin();
    const flagged = await member(project.id, admin.cookie, { moderator: true });
    const update = (cookie: string, body: object) => t.call("POST", "/project/update", { cookie, body: { id: project.id, ...body } });
    expect((await update(flagged.cookie, { name: "Mine now" })).status).toBe(403);
    expect((await update(admin.cookie, { name: "  " })).status).toBe(422);
    const saved = await update(admin.cookie, { name: " Bridge 2 ", description: "Second crossing", category: "Roads" });
    expect(saved.body).toMatchObject({ name: "Bridge 2", description: "Second crossing", category: "Roads" });
    expect((await t.call("GET", `/project/get?id=${project.id}`, { cookie: flagged.cookie })).body.name).toBe("Bridge 2");
  });

  test("favourites: members star projects; the list sorts them first", async () => {
    const { admin, project: a } = await projectWithAdmin("Alpha");
    const b = (await t.call("POST", "/project/create", { cookie: admin.cookie, body: { name: "Beta" } })).body;
    const m = await member(a.id, admin.cookie);
    await t.call("POST", "/project/add-user-project", { cookie: admin.cookie, body: { user: { id: m.user.id }, project: { id: b.id } } });
    expect((await t.call("POST", `/project/add-to-favorites?id=${b.id}`, { cookie: m.cookie })).body).toEqual({ id: b.id, favorite: true });
    expect((await t.call("GET", "/project/get-favorite-project-list", { cookie: m.cookie })).body).toEqual([{ id: b.id, name: "Beta" }]);
    const list = (await t.call("GET", "/project/get-project-list", { cookie: m.cookie })).body;
    expect(list.map((p: { name: string }) => p.name)).toEqual(["Beta", "Alpha"]);
    expect((await t.call("GET", "/project/get-project-list?search=alp", { cookie: m.cookie })).body.map((p: { name: string }) => p.name)).toEqual(["Alpha"]);
    await t.call("POST", `/project/remove-from-favorites?id=${b.id}`, { cookie: m.cookie });
    expect((await t.call("GET", "/project/get-favorite-project-list", { cookie: m.cookie })).body).toEqual([]);
  });

  test("the lists read through statements prepared once show a rename, a new project, new data and a star at the next request", async () => {
    const { admin, project } = await projectWithAdmin("Canal");
    const m = await member(project.id, admin.cookie);
    const list = async (cookie: string) => (await t.call("GET", "/project/get-project-list", { cookie })).body as { id: number; name: string; numberOfDataByType: Record<string, number> }[];
    const mine = async () => (await list(m.cookie)).map((p) => p.name);
    expect(await mine()).toEqual(["Canal"]);
    await t.call("POST", "/project/update", { cookie: admin.cookie, body: { id: project.id, name: "Lock" } });
    expect(await mine()).toEqual(["Lock"]);
    const other = (await t.call("POST", "/project/create", { cookie: admin.cookie, body: { name: "Weir" } })).body;
    expect(await mine()).toEqual(["Lock"]);
    expect((await list(admin.cookie)).map((p) => p.name)).toEqual(expect.arrayContaining(["Lock", "Weir"]));
    await t.call("POST", "/project/add-user-project", { cookie: admin.cookie, body: { user: { id: m.user.id }, project: { id: other.id } } });
    expect(await mine()).toEqual(["Lock", "Weir"]);
    t.db.insert(dataItems).values({ projectId: other.id, dataType: "TABLE", name: "levels" }).run();
    expect((await list(m.cookie)).map((p) => p.numberOfDataByType.TABLE)).toEqual([0, 1]);
    await t.call("POST", `/project/add-to-favorites?id=${other.id}`, { cookie: m.cookie });
    await t.call("POST", "/project/update", { cookie: admin.cookie, body: { id: other.id, name: "Sluice" } });
    expect((await t.call("GET", "/project/get-favorite-project-list", { cookie: m.cookie })).body).toEqual([{ id: other.id, name: "Sluice" }]);
  });

  test("the roadmap is saved as JSON with blue as the default colour; a bad shape changes nothing", async () => {
    const { admin, project } = await projectWithAdmin();
    const timeline = { description: "Phases", steps: [{ title: "Design", tag: "Q1", tooltip: "drawings" }, { title: "Build", color: "#ff0000" }] };
    const saved = await t.call("POST", "/project/update", { cookie: admin.cookie, body: { id: project.id, timeline: JSON.stringify(timeline) } });
    expect(saved.status).toBe(200);
    expect(saved.body.timeline.steps.map((s: { color: string }) => s.color)).toEqual(["blue", "#ff0000"]);
    expect((await t.call("POST", "/project/update", { cookie: admin.cookie, body: { id: project.id, timeline: "{not json" } })).status).toBe(422);
    expect((await t.call("POST", "/project/update", { cookie: admin.cookie, body: { id: project.id, name: "", timeline: { steps: "x" } } })).status).toBe(422);
    expect((await t.call("GET", `/project/get?id=${project.id}`, { cookie: admin.cookie })).body.timeline.steps).toHaveLength(2);
  });

  test("removing a project is for ADMINs and removes what it holds", async () => {
    const { admin, project } = await projectWithAdmin();
    const m = await member(project.id, admin.cookie, { moderator: true });
    t.db.insert(dataItems).values({ projectId: project.id, dataType: "DOC", name: "a" }).run();
    expect((await t.call("GET", `/project/remove?id=${project.id}`, { cookie: m.cookie })).status).toBe(403);
    expect((await t.call("GET", `/project/remove?id=${project.id}`, { cookie: admin.cookie })).status).toBe(200);
    expect(t.db.select().from(dataItems).all()).toHaveLength(0);
    expect((await t.call("GET", `/project/get?id=${project.id}`, { cookie: admin.cookie })).status).toBe(404);
  });
});
