import { describe, expect, test } from "bun:test";
import { en } from "../../locales/en";
import { withDom } from "../testing/dom";
import { fakeServer } from "../testing/fake-server";
import { pageStrings } from "../testing/page-strings";
import { createTaskDetail } from "./detail-store";
import { filtersIn } from "./filter-query";
import { createTaskList, NO_FILTERS } from "./list-store";
import { full, summary } from "./test-tasks";

withDom();
// withDom's cleanup imports it after each test: loaded here, before any test runs.
await import("@testing-library/react");
pageStrings("en", en);

const server = fakeServer();

const refusal = { status: 409, body: { status: 409, error: "conflict", message: "No", details: [] } };

describe("the task detail's store", () => {
  test("a change shows at once and is restored when the server refuses it; the list follows both", async () => {
    const detail = createTaskDetail([], full(8));
    const followed: string[] = [];
    detail.hooks.changed = (issue) => followed.push(`${issue.status}${issue.overdue ? " overdue" : ""}`);
    server.answers.push(refusal);
    const changing = detail.setStatus("DONE");
    expect(detail.shown.value?.status).toBe("DONE");
    expect(detail.shown.value?.overdue).toBe(false);
    await changing;
    expect(server.sent).toEqual([{ method: "POST", url: "/api/issue/change-status?id=8&status=DONE", body: {} }]);
    expect(detail.shown.value?.status).toBe("OPEN");
    expect(followed).toEqual(["DONE", "OPEN overdue"]);
  });

  test("the server's answer is what stays shown, the assignee named in the message", async () => {
    const detail = createTaskDetail([{ id: 4, firstName: "Grace", lastName: "Hopper" }], full(8));
    server.answers.push({ status: 200, body: full(8, { performer: { id: 4, firstName: "Grace", lastName: "Hopper" }, name: "Renamed elsewhere" }) });
    const assigning = detail.assign(4);
    expect(detail.shown.value?.performer?.lastName).toBe("Hopper");
    await assigning;
    expect(server.sent[0]?.url).toBe("/api/issue/assignee?id=8&userId=4");
    expect(detail.shown.value?.name).toBe("Renamed elsewhere");
    expect(document.body.textContent).toContain("Grace Hopper - assigned");
  });
});

describe("the task list's store", () => {
  const state = { projectId: 3, meId: 5, moderator: false, pageSize: 2, total: 5, items: [summary(9), summary(8)] };

  test("a filter starts again from the first page with its criteria; the next page follows what is shown", async () => {
    const list = createTaskList(state, createTaskDetail([]));
    server.answers.push({ status: 200, body: { content: [summary(7)], totalElements: 1 } });
    const searching = list.setFilters({ name: " crane ", performer: "4", status: "", categories: ["2", "6"], fields: { Grade: " C30 ", Site: "" }, sort: "nameUp" });
    expect(list.items.value).toEqual([]);
    await searching;
    expect(server.sent).toEqual([
      {
        method: "POST",
        url: "/api/issue/find-pageable-search-result?projectId=3",
        body: { page: 0, rowsPerPage: 2, sortBy: "name", desc: false, criteria: [{ name: "name", value: "crane" }, { name: "performer", value: "4" }, { name: "categories", value: "2,6" }, { name: "field:Grade", value: "C30" }] },
      },
    ]);
    expect(list.items.value.map((i) => i.id)).toEqual([7]);
    expect(list.total.value).toBe(1);
    expect(list.filtered.value).toBe(true);
    // The address keeps them, so a reload or a shared link opens the same list.
    expect(filtersIn(new URLSearchParams(location.search))).toEqual({ name: "crane", performer: "4", status: "", categories: ["2", "6"], fields: { Grade: "C30" }, sort: "nameUp" });
    await list.loadMore();
    expect(server.sent.length).toBe(1);
  });
});

describe("the task list's address", () => {
  test("holds only real filters: a bad status, sort, performer or category id is left out, a long name cut", () => {
    const params = new URLSearchParams({ name: "x".repeat(400), performer: "4,5", status: "LOST", categories: "2,abc,0,9", sort: "sideways", issue: "12" });
    const read = filtersIn(params);
    expect(read).toEqual({ name: "x".repeat(read.name.length), performer: "", status: "", categories: ["2", "9"], fields: {}, sort: NO_FILTERS.sort });
    expect(filtersIn(new URLSearchParams("field:Grade=C30&field:=x&field:Site=%20"))).toMatchObject({ fields: { Grade: "C30" } });
    expect(read.name.length).toBeLessThan(400);
    expect(filtersIn(new URLSearchParams("status=DONE&sort=createdUp&performer=7"))).toMatchObject({ status: "DONE", sort: "createdUp", performer: "7" });
  });

  test("a list opened with the address's filters starts from them, and clearing them leaves the address's other parts", async () => {
    history.replaceState(null, "", "/project/3/issue?issue=12&status=DONE");
    const state = { projectId: 3, meId: 5, moderator: false, pageSize: 2, total: 0, items: [] };
    const list = createTaskList({ ...state, filters: filtersIn(new URLSearchParams(location.search)) }, createTaskDetail([]));
    expect(list.filters.value.status).toBe("DONE");
    server.answers.push({ status: 200, body: { content: [], totalElements: 0 } });
    await list.setFilters(NO_FILTERS);
    expect(`${location.pathname}${location.search}`).toBe("/project/3/issue?issue=12");
  });
});
