/**
 * The task list's state and actions: the loaded tasks (infinite scroll of pages of 10), the filters and
 * sort (a change aborts the load in flight and starts again from the first page with an empty list),
 * and the board under the same filters (board-store). Made once per island (useState), so server
 * renders share nothing.
 */
import { computed, signal } from "@preact/signals-react";
import { reportFailure } from "../lib/failures";
import { createBoard } from "./board-store";
import { findIssues } from "./calls";
import type { TaskDetailStore } from "./detail-store";
import { addressWith } from "./filter-query";
import { SORTS } from "./sorts";
import type { Issue, IssueSummary, Status } from "./types";

export interface TaskListState {
  projectId: number;
  meId: number;
  moderator: boolean;
  pageSize: number;
  total: number;
  items: IssueSummary[];
  /** The filters the page's address held, which `items` were found with. */
  filters?: Filters;
}

export interface Filters {
  name: string;
  performer: string;
  status: string;
  categories: string[];
  /** Template values by field name: what each must hold. */
  fields: Record<string, string>;
  sort: string;
}

export const NO_FILTERS: Filters = { name: "", performer: "", status: "", categories: [], fields: {}, sort: SORTS[0].key };

/** The spec's criteria for the filters set, and `field:<name>` ones for template values. */
export function criteriaOf(filters: Filters) {
  const out: { name: string; value: string }[] = [];
  for (const name of ["name", "performer", "status"] as const) {
    const value = filters[name].trim();
    if (value) out.push({ name, value });
  }
  if (filters.categories.length) out.push({ name: "categories", value: filters.categories.join(",") });
  for (const [field, value] of Object.entries(filters.fields)) if (value.trim()) out.push({ name: `field:${field}`, value: value.trim() });
  return out;
}

/** The sort and criteria of a search under these filters. */
function queryOf(filters: Filters) {
  const sort = SORTS.find((s) => s.key === filters.sort) ?? SORTS[0];
  return { sortBy: sort.sortBy, desc: sort.desc, criteria: criteriaOf(filters) };
}

const summaryOf = (issue: Issue): IssueSummary => ({
  ...issue,
  template: issue.template && { id: issue.template.id, name: issue.template.name, icon: issue.template.icon },
  project: { id: issue.project.id },
});

export function createTaskList(state: TaskListState, detail: TaskDetailStore) {
  const items = signal(state.items);
  const total = signal(state.total);
  const loading = signal(false);
  const filters = signal(state.filters ?? NO_FILTERS);
  const filtered = computed(() => criteriaOf(filters.value).length > 0);
  const board = createBoard(state.projectId, state.pageSize, () => queryOf(filters.value));
  let inFlight: AbortController | undefined;
  let exhausted = false;

  /** One changed task is shown in place in the list and on the board. */
  function update(issue: IssueSummary) {
    if (items.value.some((i) => i.id === issue.id)) items.value = items.value.map((i) => (i.id === issue.id ? issue : i));
  }

  /** The next page, or with `reset` the first again (aborting the load in flight). */
  async function load(reset = false) {
    if (reset) {
      inFlight?.abort();
      inFlight = undefined;
      items.value = [];
      exhausted = false;
    } else if (inFlight || exhausted || items.value.length >= total.value) return;
    const controller = (inFlight = new AbortController());
    loading.value = true;
    try {
      const page = await findIssues(state.projectId, { page: Math.floor(items.value.length / state.pageSize), rowsPerPage: state.pageSize, ...queryOf(filters.value) }, controller.signal);
      if (controller.signal.aborted) return;
      total.value = page.totalElements;
      const known = new Set(items.value.map((i) => i.id));
      const fresh = page.content.filter((i) => !known.has(i.id));
      items.value = [...items.value, ...fresh];
      if (!fresh.length) exhausted = true;
    } catch (error) {
      if (!controller.signal.aborted) {
        exhausted = true;
        reportFailure(error);
      }
    } finally {
      if (inFlight === controller) {
        inFlight = undefined;
        loading.value = false;
      }
    }
  }

  detail.hooks.changed = (issue) => {
    update(summaryOf(issue));
    board.update(summaryOf(issue));
  };

  return {
    items,
    total,
    loading,
    filters,
    filtered,
    board,
    loadMore: () => load(),
    setFilters(next: Filters) {
      filters.value = next;
      if (board.loaded.value) void board.reload();
      history.replaceState(history.state, "", addressWith(next));
      return load(true);
    },
    /** Whether the reader may change this task's status (reporter, performer, moderators). */
    canMove: (issue: IssueSummary) => state.moderator || issue.reporter?.id === state.meId || issue.performer?.id === state.meId,
    /** A card moved on the board; the list and an open detail follow the server's answer. */
    move: (issue: IssueSummary, status: Status) =>
      board.move(issue, status, (saved) => {
        update(summaryOf(saved));
        board.update(summaryOf(saved));
        if (detail.shown.value?.id === saved.id) detail.show(saved);
      }),
    added(issue: Issue) {
      items.value = [summaryOf(issue), ...items.value];
      total.value += 1;
      board.added(summaryOf(issue));
    },
    removed(id: number) {
      items.value = items.value.filter((i) => i.id !== id);
      total.value = Math.max(0, total.value - 1);
      board.removed(id);
    },
  };
}

export type TaskListStore = ReturnType<typeof createTaskList>;
