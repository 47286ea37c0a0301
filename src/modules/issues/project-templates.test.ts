import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { issueTemplates } from "../../../db/schema";
import { withTestApp } from "../../testing/harness";

const { t, f } = withTestApp();

const fields = [
  { name: "Site", type: "STRING", required: true },
  { name: "Level", type: "LIST", options: "low, high" },
  { name: "Depth", type: "NUMBER" },
];

const save = (cookie: string, body: Record<string, unknown>) => t.call("POST", "/issue-template/save", { cookie, body: { name: "Inspection", fields, ...body } });
const names = (list: { name: string }[]) => list.map((x) => x.name);

describe("a project's own task templates", () => {
  test("its moderators keep them; plain members, outsiders and other projects' moderators may not", async () => {
    const s = await f.projectScene();
    const other = await f.projectScene({ name: "Tunnel" });
    const made = await save(s.moderator.cookie, { project: { id: s.project.id } });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ name: "Inspection", project: { id: s.project.id } });
    expect((await save(s.member.cookie, { project: { id: s.project.id } })).status).toBe(403);
    expect((await save(s.outsider.cookie, { project: { id: s.project.id } })).status).toBe(404);
    expect((await save(other.moderator.cookie, { id: made.body.id, name: "Taken over" })).status).toBe(404);
    expect((await save(s.member.cookie, { id: made.body.id, name: "Renamed" })).status).toBe(403);
    expect((await t.call("POST", `/issue-template/delete?id=${made.body.id}`, { cookie: s.member.cookie })).status).toBe(403);
    // A global template stays the system administrators'; a project moderator makes none.
    expect((await save(s.moderator.cookie, {})).status).toBe(403);
    expect((await save(s.admin.cookie, {})).status).toBe(403);
    // A saved template does not move between projects or to the global ones.
    const moved = await save(s.moderator.cookie, { id: made.body.id, project: null });
    expect(moved.status).toBe(422);
    expect(moved.body.details[0].code).toBe("issue.templateCannotMove");
    // Nothing changed by the refused calls.
    expect(t.db.select().from(issueTemplates).where(eq(issueTemplates.id, made.body.id)).get()).toMatchObject({ name: "Inspection", projectId: s.project.id });
    expect((await t.call("POST", `/issue-template/delete?id=${made.body.id}`, { cookie: s.moderator.cookie })).body).toEqual({ id: made.body.id });
  });

  test("a project offers the global templates and its own, never another project's", async () => {
    const sys = await t.userWithCookie("SYSTEM_ADMIN");
    const s = await f.projectScene();
    const other = await f.projectScene({ name: "Tunnel" });
    const global = (await save(sys.cookie, { name: "Audit" })).body;
    const own = (await save(s.moderator.cookie, { name: "Pour", project: { id: s.project.id } })).body;
    const foreign = (await save(other.moderator.cookie, { name: "Blast", project: { id: other.project.id } })).body;
    expect(names((await t.call("GET", `/issue-template/get-all?projectId=${s.project.id}`, { cookie: s.member.cookie })).body)).toEqual(["Audit", "Pour"]);
    expect(names((await t.call("GET", "/issue-template/get-all", { cookie: s.member.cookie })).body)).toEqual(["Audit"]);
    expect((await t.call("GET", `/issue-template/get-all?projectId=${s.project.id}`, { cookie: s.outsider.cookie })).status).toBe(404);
    const task = (template: number) => t.call("POST", "/issue/save", { cookie: s.member.cookie, body: { name: "x", project: { id: s.project.id }, template: { id: template }, additionalFields: { Site: "A" } } });
    expect((await task(global.id)).status).toBe(200);
    expect((await task(own.id)).status).toBe(200);
    const refused = await task(foreign.id);
    expect(refused.status).toBe(422);
    expect(refused.body.details[0]).toMatchObject({ path: "body.template", code: "issue.templateMissing" });
  });

  test("fields keep the order they are saved in, and a reorder is saved as given", async () => {
    const s = await f.projectScene();
    const made = (await save(s.moderator.cookie, { project: { id: s.project.id } })).body;
    expect(names(made.fields)).toEqual(["Site", "Level", "Depth"]);
    const reordered = await save(s.moderator.cookie, { id: made.id, fields: [fields[2], fields[0], fields[1]] });
    expect(names(reordered.body.fields)).toEqual(["Depth", "Site", "Level"]);
    const read = (await t.call("GET", `/issue-template/get-all?projectId=${s.project.id}`, { cookie: s.member.cookie })).body;
    expect(names(read[0].fields)).toEqual(["Depth", "Site", "Level"]);
  });

  test("removing the project removes its templates", async () => {
    const s = await f.projectScene();
    const made = (await save(s.moderator.cookie, { project: { id: s.project.id } })).body;
    const sys = await t.userWithCookie("SYSTEM_ADMIN");
    const removed = await t.call("GET", `/project/remove?id=${s.project.id}`, { cookie: sys.cookie });
    expect(removed.status).toBe(200);
    expect(t.db.select().from(issueTemplates).where(eq(issueTemplates.id, made.id)).get()).toBeUndefined();
  });
});
