import { describe, expect, test } from "bun:test";
import { issues, ISSUE_STATUSES, type IssueStatus } from "../../../db/schema";
import { withTestApp } from "../../testing/harness";

const { t, f } = withTestApp();

/** `n` tasks of `status` in the project, written straight to the table (the board reads, it makes none). */
function seed(projectId: number, reporterId: number, status: IssueStatus, n: number, name: string = status) {
  t.db
    .insert(issues)
    .values(Array.from({ length: n }, (_, i) => ({ projectId, reporterId, status, name: `${name} ${i + 1}`, description: "" })))
    .run();
}

describe("the board, column by column", () => {
  test("each status's count is all its tasks, however many a page holds, and each column pages on its own", async () => {
    const s = await f.projectScene();
    seed(s.project.id, s.member.user.id, "OPEN", 31);
    seed(s.project.id, s.member.user.id, "DONE", 12);
    seed(s.project.id, s.member.user.id, "BACKLOG", 1);
    const board = await t.call("POST", `/issue/find-board?projectId=${s.project.id}`, { cookie: s.member.cookie, body: { rowsPerPage: 10 } });
    expect(board.status).toBe(200);
    const counts = Object.fromEntries(ISSUE_STATUSES.map((st) => [st, board.body[st].totalElements]));
    expect(counts).toEqual({ BACKLOG: 1, OPEN: 31, IN_PROGRESS: 0, DONE: 12 });
    expect(board.body.OPEN.content).toHaveLength(10);
    expect(board.body.OPEN.content.every((i: { status: string }) => i.status === "OPEN")).toBe(true);
    // The open column's fourth page, by itself: the last task.
    const last = await t.call("POST", `/issue/find-pageable-search-result?projectId=${s.project.id}`, {
      cookie: s.member.cookie,
      body: { page: 3, rowsPerPage: 10, sortBy: "name", desc: false, criteria: [{ name: "status", value: "OPEN" }] },
    });
    expect(last.body).toMatchObject({ totalElements: 31 });
    expect(last.body.content.map((i: { name: string }) => i.name)).toEqual(["OPEN 9"]);
  });

  test("the filters narrow every column's count; outsiders see nothing", async () => {
    const s = await f.projectScene();
    seed(s.project.id, s.member.user.id, "OPEN", 15, "Pump");
    seed(s.project.id, s.member.user.id, "OPEN", 4, "Valve");
    seed(s.project.id, s.member.user.id, "DONE", 3, "Valve");
    const board = await t.call("POST", `/issue/find-board?projectId=${s.project.id}`, { cookie: s.member.cookie, body: { rowsPerPage: 10, criteria: [{ name: "name", value: "valve" }] } });
    expect([board.body.OPEN.totalElements, board.body.DONE.totalElements, board.body.BACKLOG.totalElements]).toEqual([4, 3, 0]);
    expect((await t.call("POST", `/issue/find-board?projectId=${s.project.id}`, { cookie: s.outsider.cookie, body: {} })).status).toBe(404);
  });
});
