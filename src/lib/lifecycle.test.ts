import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { chats, issues, projects, sessions, userProjects, users } from "../../db/schema";
import { withTestApp } from "../testing/harness";
import { conflict } from "./errors";
import { Lifecycle } from "./lifecycle";

const { t, f } = withTestApp();

const refuse = () => {
  throw conflict("kept_by_test", "A subscriber refused the removal");
};

async function projectWithTask() {
  const s = await f.projectScene();
  const res = await t.call("POST", "/issue/save", { cookie: s.moderator.cookie, body: { name: "Fix the pump", project: { id: s.project.id }, performer: { id: s.member.user.id } } });
  expect(res.status).toBe(200);
  return { ...s, issue: res.body as { id: number; chat: { id: number } } };
}

describe("the emitter", () => {
  test("subscribers run in the order they subscribed, inside the transaction; what they return runs after, and a failure there spares the rest", async () => {
    const lifecycle = new Lifecycle();
    const seen: string[] = [];
    const project = f.project("Doomed");
    lifecycle.on("projectRemoved", (tx, { projectId }) => {
      seen.push(`first sees ${tx.select().from(projects).where(eq(projects.id, projectId)).all().length}`);
      return () => {
        seen.push("first after");
        throw new Error("a file that would not go");
      };
    });
    lifecycle.on("projectRemoved", () => {
      seen.push("second");
      return () => seen.push(`second after, rows left ${t.db.select().from(projects).where(eq(projects.id, project.id)).all().length}`);
    });
    const actor = (await t.userWithCookie("ADMIN")).user;
    const afterCommit = t.db.transaction((tx) => {
      const then = lifecycle.emit(tx, "projectRemoved", { projectId: project.id, actor });
      seen.push("row deleted");
      tx.delete(projects).where(eq(projects.id, project.id)).run();
      return then;
    });
    seen.push("committed");
    afterCommit();
    expect(seen).toEqual(["first sees 1", "second", "row deleted", "committed", "first after", "second after, rows left 0"]);
  });
});

describe("a subscriber that throws undoes the whole removal", () => {
  test("project/remove: the project, its tasks and their chats stay (the tasks' own subscriber had already run)", async () => {
    const s = await projectWithTask();
    t.ctx.lifecycle.on("projectRemoved", refuse);
    const res = await t.call("GET", `/project/remove?id=${s.project.id}`, { cookie: s.admin.cookie });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe("kept_by_test");
    expect(t.db.select().from(projects).where(eq(projects.id, s.project.id)).get()).toBeDefined();
    expect(t.db.select().from(issues).where(eq(issues.id, s.issue.id)).get()).toBeDefined();
    expect(t.db.select().from(chats).where(eq(chats.id, s.issue.chat.id)).get()).toBeDefined();
  });

  test("project/remove-user-project: the membership stays and the member still performs the task", async () => {
    const s = await projectWithTask();
    const membership = t.db.select().from(userProjects).where(eq(userProjects.userId, s.member.user.id)).get()!;
    t.ctx.lifecycle.on("memberRemoved", refuse);
    expect((await t.call("POST", `/project/remove-user-project?id=${membership.id}`, { cookie: s.admin.cookie })).status).toBe(409);
    expect(t.db.select().from(userProjects).where(eq(userProjects.id, membership.id)).get()).toBeDefined();
    expect(t.db.select().from(issues).where(eq(issues.id, s.issue.id)).get()!.performerId).toBe(s.member.user.id);
  });

  test("users/deactivate: the account stays active and signed in", async () => {
    const admin = await t.userWithCookie("ADMIN");
    const user = await t.userWithCookie("USER");
    t.ctx.lifecycle.on("userDeactivated", refuse);
    expect((await t.call("POST", `/users/deactivate?id=${user.user.id}`, { cookie: admin.cookie })).status).toBe(409);
    expect(t.db.select().from(users).where(eq(users.id, user.user.id)).get()!.isActive).toBe(true);
    expect(t.db.select().from(sessions).where(eq(sessions.userId, user.user.id)).all()).toHaveLength(1);
    expect((await t.call("GET", "/users/get-user", { cookie: user.cookie })).status).toBe(200);
  });
});
