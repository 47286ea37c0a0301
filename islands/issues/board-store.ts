/**
 * The board's state: one column per status, each with its tasks, its count and its own paging, all
 * from the server (issue/find-board for the first pages, find-pageable-search-result with the status
 * for a column's next), under the list's filters and sort. Moving a card shows at once and is
 * restored if the server refuses.
 */
import { signal } from "@preact/signals-react";
import { reportFailure } from "../lib/failures";
import { t } from "../lib/i18n";
import { snack } from "../lib/snackbar";
import { changeStatus, findBoard, findIssues, type IssueSearch } from "./calls";
import { STATUSES, type IssueSummary, type Status } from "./types";

export interface Column {
  items: IssueSummary[];
  total: number;
  loading: boolean;
}

const EMPTY: Column = { items: [], total: 0, loading: false };
const emptyBoard = () => Object.fromEntries(STATUSES.map((s) => [s, EMPTY])) as Record<Status, Column>;

export function createBoard(projectId: number, pageSize: number, query: () => Omit<IssueSearch, "page" | "rowsPerPage">) {
  const columns = signal(emptyBoard());
  const loaded = signal(false);
  /** Bumped by each reload: the answers of an older one are dropped. */
  let generation = 0;
  const loads = new Map<Status, AbortController>();

  const put = (status: Status, column: Partial<Column>) => {
    columns.value = { ...columns.value, [status]: { ...columns.value[status], ...column } };
  };

  /** Every column from its first page again. */
  async function reload() {
    const mine = ++generation;
    for (const controller of loads.values()) controller.abort();
    loads.clear();
    const controller = new AbortController();
    try {
      const board = await findBoard(projectId, { ...query(), page: 0, rowsPerPage: pageSize }, controller.signal);
      if (mine !== generation) return;
      columns.value = Object.fromEntries(STATUSES.map((s) => [s, { items: board[s].content, total: board[s].totalElements, loading: false }])) as Record<Status, Column>;
      loaded.value = true;
    } catch (error) {
      if (mine === generation) reportFailure(error);
    }
  }

  /** A column's next page, by itself; nothing while it loads one or has them all. */
  async function loadMore(status: Status) {
    const column = columns.value[status];
    if (loads.has(status) || column.items.length >= column.total) return;
    const mine = generation;
    const controller = new AbortController();
    loads.set(status, controller);
    put(status, { loading: true });
    const asked = query();
    try {
      const page = await findIssues(
        projectId,
        { ...asked, page: Math.floor(column.items.length / pageSize), rowsPerPage: pageSize, criteria: [...(asked.criteria ?? []), { name: "status", value: status }] },
        controller.signal,
      );
      if (mine !== generation) return;
      const known = new Set(columns.value[status].items.map((i) => i.id));
      put(status, { items: [...columns.value[status].items, ...page.content.filter((i) => !known.has(i.id))], total: page.totalElements });
    } catch (error) {
      if (!controller.signal.aborted) reportFailure(error);
    } finally {
      if (loads.get(status) === controller) {
        loads.delete(status);
        put(status, { loading: false });
      }
    }
  }

  /** A task as it now is: shown in its status's column, counts following a change of status. */
  function update(issue: IssueSummary) {
    const from = STATUSES.find((s) => columns.value[s].items.some((i) => i.id === issue.id));
    if (!from) return;
    if (from === issue.status) {
      put(from, { items: columns.value[from].items.map((i) => (i.id === issue.id ? issue : i)) });
      return;
    }
    put(from, { items: columns.value[from].items.filter((i) => i.id !== issue.id), total: Math.max(0, columns.value[from].total - 1) });
    put(issue.status, { items: [issue, ...columns.value[issue.status].items], total: columns.value[issue.status].total + 1 });
  }

  return {
    columns,
    loaded,
    reload,
    loadMore,
    update,
    /** A card moved to another column: shown at once, restored if the server refuses; `saved` hears the server's answer. */
    async move(issue: IssueSummary, status: Status, saved: (issue: Awaited<ReturnType<typeof changeStatus>>) => void) {
      update({ ...issue, status, overdue: status !== "DONE" && issue.overdue });
      try {
        const answer = await changeStatus(issue.id, status);
        saved(answer);
        snack(t("issue.statusChanged"), "success");
      } catch (error) {
        update(issue);
        reportFailure(error);
      }
    },
    added(issue: IssueSummary) {
      put(issue.status, { items: [issue, ...columns.value[issue.status].items], total: columns.value[issue.status].total + 1 });
    },
    removed(id: number) {
      for (const s of STATUSES) {
        if (columns.value[s].items.some((i) => i.id === id)) put(s, { items: columns.value[s].items.filter((i) => i.id !== id), total: Math.max(0, columns.value[s].total - 1) });
      }
    },
  };
}
