import { call, server } from "../lib/server";
import type { Cell, Header } from "./cells";

/** A row as table/get-table gives it: `id` and one cell per header field. */
export type TableItem = { id: number } & Record<string, Cell>;

/** What the server sorts and filters by. */
export interface RowQuery {
  sortBy?: string;
  desc?: boolean;
  filter?: string;
}

/** Rows per request; the server allows up to 500. The data page draws and hands over the first page of this size. */
export const PAGE_ROWS = 100;

/** A page of rows as table/get-table answers it. */
export interface RowsPage {
  name: string;
  headers: Header[];
  items: TableItem[];
  totalElements: number;
}
/** Pages kept around the visible ones; farther pages are dropped and fetched again when scrolled back to. */
const KEPT_AROUND = 3;
/** The table load timeout of spec 2 (240 s). */
const LOAD_TIMEOUT = 240_000;

/**
 * The rows of a table as far as they have been fetched: the server pages, sorts and filters, and
 * this keeps only the pages around the scroll position. A new query (sort, filter) aborts every
 * request in flight, so an old answer never lands in the new view.
 */
export function createRowStore(tableId: number, initial: RowQuery, events: { changed: () => void; failed: (error: unknown) => void }, firstPage?: RowsPage) {
  let query: RowQuery = initial;
  let generation = 0;
  const pages = new Map<number, TableItem[]>();
  const inflight = new Map<number, AbortController>();
  const failed = new Set<number>();
  /** `fresh`: an answer has come since the last reset. */
  const state = { total: undefined as number | undefined, headers: [] as Header[], name: "", fresh: false };

  function accept(page: number, answer: RowsPage) {
    pages.set(page, answer.items);
    // An item saved through data/save may hold anything in its value: only real headers are columns.
    const headers = Array.isArray(answer.headers) ? answer.headers.filter((header) => typeof header?.field === "string" && typeof header.name === "string") : [];
    Object.assign(state, { total: answer.totalElements, headers, name: answer.name, fresh: true });
  }
  // The page that came with the data page's HTML: the view shows it at once, without asking again.
  if (firstPage) accept(0, firstPage);

  async function load(page: number) {
    const controller = new AbortController();
    const asked = generation;
    inflight.set(page, controller);
    try {
      const answer = await call(
        server.table["get-table"]({ id: tableId }).get({
          query: {
            page,
            rowsPerPage: PAGE_ROWS,
            ...(query.sortBy ? { sortBy: query.sortBy, desc: query.desc ? ("true" as const) : ("false" as const) } : {}),
            ...(query.filter ? { filter: query.filter } : {}),
          },
          fetch: { signal: AbortSignal.any([controller.signal, AbortSignal.timeout(LOAD_TIMEOUT)]) },
        }),
      );
      if (asked !== generation) return;
      accept(page, { ...answer, items: answer.items as TableItem[] });
      events.changed();
    } catch (error) {
      if (controller.signal.aborted || asked !== generation) return;
      failed.add(page);
      events.failed(error);
    } finally {
      if (inflight.get(page) === controller) inflight.delete(page);
    }
  }

  return {
    state,
    get query() {
      return query;
    },
    /** The row at `index` of the current order, when its page is here. */
    row: (index: number): TableItem | undefined => pages.get(Math.floor(index / PAGE_ROWS))?.[index % PAGE_ROWS],
    /** The fetched row with `id`, wherever it is. */
    find(id: number): TableItem | undefined {
      for (const items of pages.values()) {
        const item = items.find((row) => row.id === id);
        if (item) return item;
      }
      return undefined;
    },
    /** Fetches the pages rows `first`..`last` need and forgets pages far from them. */
    want(first: number, last: number) {
      const from = Math.floor(Math.max(0, first) / PAGE_ROWS);
      const to = Math.floor(Math.max(0, last) / PAGE_ROWS);
      for (const [page, controller] of inflight) if (page < from - 1 || page > to + 1) controller.abort();
      for (const page of pages.keys()) if (page < from - KEPT_AROUND || page > to + KEPT_AROUND) pages.delete(page);
      for (let page = from; page <= to; page++) if (!pages.has(page) && !inflight.has(page) && !failed.has(page)) void load(page);
    },
    /** Starts over with `next` (or the same query, after a change on the server). */
    reset(next: RowQuery = query) {
      query = next;
      generation++;
      for (const controller of inflight.values()) controller.abort();
      inflight.clear();
      pages.clear();
      failed.clear();
      state.fresh = false;
      events.changed();
    },
    /** Puts a saved row in place of its cached copy. */
    replace(row: TableItem) {
      for (const items of pages.values()) {
        const at = items.findIndex((item) => item.id === row.id);
        if (at >= 0) items[at] = row;
      }
    },
    stop() {
      generation++;
      for (const controller of inflight.values()) controller.abort();
    },
  };
}
