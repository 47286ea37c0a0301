import { describe, expect, test } from "bun:test";
import { en } from "../../locales/en";
import { withDom } from "../testing/dom";
import { fakeServer } from "../testing/fake-server";
import { pageStrings } from "../testing/page-strings";
import { createTaskDetail } from "./detail-store";
import { createTaskList } from "./list-store";
import { summary } from "./test-tasks";
import type { IssueSummary, Status } from "./types";

withDom();
await import("@testing-library/react");
pageStrings("en", en);

const server = fakeServer();

const card = (id: number, status: Status = "OPEN") => summary(id, { status, dueDate: null, overdue: false });
const page = (content: IssueSummary[], totalElements: number) => ({ content, totalElements });
const board = (open: IssueSummary[], openTotal: number) => ({ BACKLOG: page([], 0), OPEN: page(open, openTotal), IN_PROGRESS: page([], 0), DONE: page([card(1, "DONE")], 1) });
const state = { projectId: 3, meId: 5, moderator: false, pageSize: 2, total: 0, items: [] };

describe("the board's store", () => {
  test("counts come from the server per column, and a column loads its next page by itself with its status", async () => {
    const list = createTaskList(state, createTaskDetail([]));
    server.answers.push({ status: 200, body: board([card(9), card(8)], 31) });
    await list.board.reload();
    expect(server.sent[0]).toEqual({ method: "POST", url: "/api/issue/find-board?projectId=3", body: { sortBy: "id", desc: true, criteria: [], page: 0, rowsPerPage: 2 } });
    expect(list.board.columns.value.OPEN.total).toBe(31);
    expect(list.board.columns.value.DONE.items.map((i) => i.id)).toEqual([1]);
    server.answers.push({ status: 200, body: page([card(7), card(6)], 31) });
    await list.board.loadMore("OPEN");
    expect(server.sent[1]).toEqual({
      method: "POST",
      url: "/api/issue/find-pageable-search-result?projectId=3",
      body: { sortBy: "id", desc: true, criteria: [{ name: "status", value: "OPEN" }], page: 1, rowsPerPage: 2 },
    });
    expect(list.board.columns.value.OPEN.items.map((i) => i.id)).toEqual([9, 8, 7, 6]);
    // The done column has all its tasks: it asks for nothing.
    await list.board.loadMore("DONE");
    expect(server.sent.length).toBe(2);
    // A filter reloads the board once it has been shown.
    server.answers.push({ status: 200, body: board([card(9)], 1) }, { status: 200, body: page([], 0) });
    await list.setFilters({ name: "pump", performer: "", status: "", categories: [], fields: {}, sort: "newest" });
    expect(server.sent[2]).toMatchObject({ url: "/api/issue/find-board?projectId=3", body: { criteria: [{ name: "name", value: "pump" }] } });
    expect(list.board.columns.value.OPEN.total).toBe(1);
  });

  test("a card moved shows in its new column at once with the counts, and goes back when the server refuses", async () => {
    const list = createTaskList(state, createTaskDetail([]));
    server.answers.push({ status: 200, body: board([card(9), card(8)], 31) });
    await list.board.reload();
    expect(list.canMove(card(9))).toBe(true);
    server.answers.push({ status: 409, body: { status: 409, error: "conflict", message: "No", details: [] } });
    const moving = list.move(card(9), "IN_PROGRESS");
    const counts = () => [list.board.columns.value.OPEN.total, list.board.columns.value.IN_PROGRESS.total];
    expect(list.board.columns.value.IN_PROGRESS.items.map((i) => i.id)).toEqual([9]);
    expect(counts()).toEqual([30, 1]);
    await moving;
    expect(server.sent[1]?.url).toBe("/api/issue/change-status?id=9&status=IN_PROGRESS");
    expect(list.board.columns.value.OPEN.items.map((i) => i.id)).toContain(9);
    expect(counts()).toEqual([31, 0]);
  });
});
