/**
 * A data list's state and actions (one store per list island): the rows shown, the count, the
 * filters and sort, the selected row. Components read the signals and call the actions; the actions
 * call the server and change a row only once it has answered.
 */
import { batch, computed, signal } from "@preact/signals-react";
import type { DataType } from "../../db/schema";
import type { Wire } from "../../src/lib/responses";
import type { PresentedSummary } from "../../src/modules/data/presenter";
import type { MessageKey } from "../../locales/en";
import { t } from "../lib/i18n";
import { call, server } from "../lib/server";
import { snack } from "../lib/snackbar";

/** A list row as data/find-pageable-search-result returns it. */
export type Summary = Wire<PresentedSummary>;

export type SortField = "name" | "creationDate" | "status";

export interface Filters {
  name: string;
  status: string;
  provider: string;
  keyword: string;
  category: string;
  showRemoved: boolean;
  sortBy: SortField;
  desc: boolean;
}

export const NO_FILTERS: Filters = { name: "", status: "", provider: "", keyword: "", category: "", showRemoved: false, sortBy: "name", desc: false };

export interface ListStart {
  projectId: number;
  dataType: DataType;
  pageSize: number;
  total: number;
  items: Summary[];
}

/** A choice of a filter's select: the project's data sources and keywords. */
export interface Choice {
  id: number;
  label: string;
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === "AbortError";

/** Logs a failure: the spec shows list loads and removals only in the log (the API client still says 403). */
const logFailure = (error: unknown) => {
  if (!isAbort(error)) console.error(error);
};

/** The criteria of data/find-pageable-search-result for `filters`. */
export function criteriaOf(filters: Filters) {
  const out: { name: string; value: string | boolean }[] = [];
  for (const name of ["name", "status", "provider", "keyword", "category"] as const) {
    const value = filters[name].trim();
    if (value) out.push({ name, value });
  }
  // Moderators see removed items only when they ask to; everyone else never does.
  if (!filters.showRemoved) out.push({ name: "isActive", value: true });
  return out;
}

/** The page after the `shown` rows, as `filters` ask. */
const fetchPage = (start: ListStart, filters: Filters, shown: number, signal: AbortSignal) =>
  call(
    server.data["find-pageable-search-result"].post(
      { page: Math.floor(shown / start.pageSize), rowsPerPage: start.pageSize, sortBy: filters.sortBy, desc: filters.desc, criteria: criteriaOf(filters) },
      { query: { type: start.dataType, projectId: start.projectId }, fetch: { signal } },
    ),
  );

export function createListStore(start: ListStart) {
  const items = signal<Summary[]>(start.items);
  const total = signal(start.total);
  const filters = signal<Filters>(NO_FILTERS);
  const selectedId = signal<number | undefined>(undefined);
  /** The detail panel takes the focus when it opens (a keyboard selection). */
  const detailFocus = signal(false);
  /** The row whose select button takes the focus back (the detail panel closed). */
  const focusRow = signal<number | undefined>(undefined);
  const loading = signal(false);
  /** Ids waiting for the server's answer to a row action. */
  const busy = signal<ReadonlySet<number>>(new Set());
  const providers = signal<Choice[] | undefined>(undefined);
  const keywords = signal<Choice[] | undefined>(undefined);
  let inFlight: AbortController | undefined;
  let exhausted = false;

  const filtering = computed(() => criteriaOf(filters.value).some((c) => c.name !== "isActive") || filters.value.showRemoved);
  const selected = computed(() => items.value.find((item) => item.id === selectedId.value));

  /** Loads the next page, or with `reset` starts again from the first (aborting the load in flight). */
  async function load(reset = false) {
    if (reset) {
      inFlight?.abort();
      inFlight = undefined;
      exhausted = false;
      items.value = [];
    } else if (inFlight || exhausted || items.value.length >= total.value) return;
    const controller = (inFlight = new AbortController());
    loading.value = true;
    try {
      const page = await fetchPage(start, filters.value, items.value.length, controller.signal);
      if (controller.signal.aborted) return;
      // Removals shift later pages back; asking by row count and skipping known ids fills the gap.
      const known = new Set(items.value.map((item) => item.id));
      const fresh = page.content.filter((item) => !known.has(item.id));
      batch(() => {
        total.value = page.totalElements;
        items.value = [...items.value, ...fresh];
      });
      if (!fresh.length) exhausted = true;
    } catch (error) {
      if (controller.signal.aborted) return;
      exhausted = true;
      logFailure(error);
    } finally {
      if (inFlight === controller) {
        inFlight = undefined;
        loading.value = false;
      }
    }
  }

  function setFilters(change: Partial<Filters>) {
    filters.value = { ...filters.value, ...change };
    return load(true);
  }

  /** Takes a row out of the list (and the count) once the server has removed or hidden it. */
  function drop(id: number) {
    batch(() => {
      items.value = items.value.filter((item) => item.id !== id);
      total.value = Math.max(0, total.value - 1);
      if (selectedId.value === id) selectedId.value = undefined;
    });
  }

  function setActive(id: number, isActive: boolean) {
    if (!isActive && !filters.value.showRemoved) return drop(id);
    items.value = items.value.map((item) => (item.id === id ? { ...item, isActive } : item));
  }

  async function act(id: number, run: () => Promise<unknown>, done: () => void, message: MessageKey) {
    busy.value = new Set([...busy.value, id]);
    try {
      await run();
      done();
      snack(t(message), "success");
    } catch (error) {
      logFailure(error);
    } finally {
      busy.value = new Set([...busy.value].filter((other) => other !== id));
    }
  }

  const remove = (id: number) => act(id, () => call(server.data.remove.get({ query: { id } })), () => setActive(id, false), "data.removed");
  const restore = (id: number) => act(id, () => call(server.data.restore.get({ query: { id } })), () => setActive(id, true), "data.restored");
  const removeForever = (id: number) => act(id, () => call(server.data["remove-forever"].get({ query: { id } })), () => drop(id), "data.deletedForever");

  /** After a create: the filters offer the project's data sources and keywords as they are now. */
  async function refreshChoices() {
    try {
      const [sources, words] = await Promise.all([
        call(server.provider["get-all-for-project"].get({ query: { id: start.projectId } })),
        call(server.keyword["get-all-for-project"].get({ query: { id: start.projectId } })),
      ]);
      batch(() => {
        providers.value = sources.map((p) => ({ id: p.id, label: p.name ?? "" }));
        keywords.value = words.map((k) => ({ id: k.id, label: k.value }));
      });
    } catch (error) {
      logFailure(error);
    }
  }

  return {
    items,
    total,
    filters,
    filtering,
    selectedId,
    selected,
    loading,
    busy,
    providers,
    keywords,
    /** Every row the server has is shown, or asking again would bring nothing. */
    isFull: () => exhausted || items.value.length >= total.value,
    load,
    setFilters,
    detailFocus,
    focusRow,
    select(id: number, focus: boolean) {
      batch(() => {
        selectedId.value = id;
        detailFocus.value = focus;
      });
    },
    closeDetail() {
      batch(() => {
        focusRow.value = selectedId.value;
        selectedId.value = undefined;
      });
    },
    remove,
    restore,
    removeForever,
    refreshChoices,
  };
}

export type ListStore = ReturnType<typeof createListStore>;
