import type { DataType } from "../../db/schema";
import { dataItemPath } from "../../src/lib/data-paths";
import { api } from "../lib/api";
import { t, tf } from "../lib/i18n";
import { snack } from "../lib/snackbar";
import { scrollPager } from "../lib/scroll-pager";
import { fileIconElement } from "../lib/file-icons";
import { byId, debounce } from "./common";
import { detailPanel } from "./detail";
import type { Wire } from "../../src/lib/responses";
import type { PresentedSummary, PresentedSummaryPage } from "../../src/modules/data/presenter";
import { CREATORS } from "./creators";

/** A list row as data/find-pageable-search-result returns it. */
export type Summary = Wire<PresentedSummary>;

/** What the page hands its script (see pages/project/[projectId]/[dataType].astro). */
interface PageState {
  projectId: number;
  dataType: DataType;
  canModerate: boolean;
  pageSize: number;
  total: number;
  items: Summary[];
}

type Page = Wire<PresentedSummaryPage>;

const COLLAPSED_KEY = "plexus.dataFilters.collapsed";
/** The spec's infinite-scroll distance is 10 px; a little more keeps scrolling smooth. */
const SCROLL_MARGIN = 120;

const isAbort = (error: unknown) => error instanceof DOMException && error.name === "AbortError";

/** Logs a failure: the spec shows list loads and removals only in the log (the API client still says 403). */
const logFailure = (error: unknown) => {
  if (!isAbort(error)) console.error(error);
};

/**
 * The data list page: filters and sort (a new search aborts the one in progress and starts from
 * page 0 with an empty list), infinite scroll, the count chip, row menus (open, remove, restore,
 * remove forever) that change a row once the server has answered, the detail panel, and the
 * document upload wizard, loaded when first opened.
 */
export function startDataList() {
  const state = JSON.parse(byId("dl-state").textContent!) as PageState;
  const layout = byId("dl-layout");
  const list = byId<HTMLUListElement>("dl-list");
  const count = byId<HTMLOutputElement>("dl-count");
  const empty = byId("dl-empty");
  const loading = byId("dl-loading");
  const sentinel = byId("dl-sentinel");
  const form = byId<HTMLFormElement>("dl-filters-form");
  const sortDir = byId<HTMLButtonElement>("dl-sort-dir");
  const rowTemplate = byId<HTMLTemplateElement>("dl-row-template");
  const dateFormat = new Intl.DateTimeFormat(document.documentElement.lang || undefined, { dateStyle: "medium" });
  const control = <T extends Element = HTMLInputElement>(name: string) => form.elements.namedItem(name) as T | null;

  const items = new Map<number, Summary>(state.items.map((item) => [item.id, item]));
  let total = state.total;

  const detail = detailPanel(byId("dl-detail"), {
    projectId: state.projectId,
    canModerate: state.canModerate,
    onClose: () => {
      const id = detail.id;
      detail.hide();
      layout.classList.remove("has-detail");
      markSelected(undefined);
      if (id !== undefined) rowOf(id)?.querySelector<HTMLButtonElement>("[data-select]")?.focus();
    },
  });

  // ---------------------------------------------------------------------------------------------
  // Rows

  const rowOf = (id: number) => list.querySelector<HTMLLIElement>(`li[data-id="${id}"]`);

  function fillRow(li: HTMLLIElement, item: Summary) {
    li.dataset.id = String(item.id);
    li.classList.toggle("is-inactive", !item.isActive);
    li.querySelector("[data-name]")!.textContent = item.name;
    li.querySelector("[data-provider]")!.textContent = item.provider?.name ?? "—";
    const date = li.querySelector<HTMLTimeElement>("[data-date]")!;
    date.dateTime = new Date(item.creationDate).toISOString();
    date.textContent = dateFormat.format(new Date(item.creationDate));
    li.querySelector<HTMLElement>("[data-removed]")!.hidden = item.isActive;
    const chip = li.querySelector<HTMLElement>("[data-status]")!;
    chip.className = `dl-chip dl-chip--${item.status}`;
    chip.textContent = t(`dataStatus.${item.status}`);
    li.querySelector("[data-row-menu]")!.setAttribute("aria-label", tf("data.actions", { name: item.name }));
    li.querySelector("[data-select]")!.setAttribute("aria-current", String(detail.id === item.id));
    if (item.dataType === "DOC" && item.fileName) li.querySelector("[data-icon]")!.replaceChildren(fileIconElement(item.fileName));
  }

  function newRow(item: Summary) {
    const li = rowTemplate.content.firstElementChild!.cloneNode(true) as HTMLLIElement;
    fillRow(li, item);
    return li;
  }

  // ---------------------------------------------------------------------------------------------
  // Search and pages

  function criteria() {
    const out: { name: string; value: string | number | boolean }[] = [];
    for (const name of ["name", "status", "provider", "keyword", "category"]) {
      const value = control<HTMLInputElement | HTMLSelectElement>(name)?.value.trim();
      if (value) out.push({ name, value });
    }
    // Moderators see removed items only when they ask to; everyone else never does.
    if (!control("showRemoved")?.checked) out.push({ name: "isActive", value: true });
    return out;
  }

  const filtering = () => criteria().some((c) => c.name !== "isActive") || Boolean(control("showRemoved")?.checked);

  function showCount() {
    count.value = String(total);
    const nothing = items.size === 0 && !pager.busy;
    empty.hidden = !nothing;
    empty.textContent = filtering() ? empty.dataset.noMatch! : empty.dataset.empty!;
  }

  const pager = scrollPager({
    sentinel,
    loading,
    margin: SCROLL_MARGIN,
    isFull: () => items.size >= total,
    clear: () => {
      list.replaceChildren();
      items.clear();
    },
    fetchPage: (signal) =>
      api<Page>("data/find-pageable-search-result", {
        query: { type: state.dataType, projectId: state.projectId },
        body: {
          page: Math.floor(items.size / state.pageSize),
          rowsPerPage: state.pageSize,
          sortBy: control<HTMLSelectElement>("sortBy")!.value,
          desc: sortDir.getAttribute("aria-pressed") === "true",
          criteria: criteria(),
        },
        signal,
      }),
    accept: (page) => {
      total = page.totalElements;
      // Removals shift later pages back; asking by row count and skipping known ids fills the gap.
      const fresh = page.content.filter((item) => !items.has(item.id));
      for (const item of fresh) items.set(item.id, item);
      list.append(...fresh.map(newRow));
      return fresh.length;
    },
    onFailure: logFailure,
    onChange: showCount,
  });
  const load = pager.load;

  const search = () => load(true);
  const searchSoon = debounce(search, 300);
  form.addEventListener("input", (event) => {
    if ((event.target as HTMLElement).getAttribute("name") === "name") searchSoon();
  });
  form.addEventListener("change", (event) => {
    if ((event.target as HTMLElement).getAttribute("name") !== "name") search();
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    search();
  });
  form.addEventListener("reset", () => {
    sortDir.setAttribute("aria-pressed", "false");
    setTimeout(search);
  });
  sortDir.addEventListener("click", () => {
    sortDir.setAttribute("aria-pressed", String(sortDir.getAttribute("aria-pressed") !== "true"));
    search();
  });

  // ---------------------------------------------------------------------------------------------
  // The filter panel: collapsible to a strip on wide screens, shown by a toggle on narrow ones

  const panel = byId("dl-filters");
  const collapse = byId<HTMLButtonElement>("dl-filters-collapse");
  const setCollapsed = (collapsed: boolean) => {
    panel.classList.toggle("is-collapsed", collapsed);
    collapse.setAttribute("aria-expanded", String(!collapsed));
    const label = collapsed ? collapse.dataset.labelExpand! : collapse.dataset.labelCollapse!;
    collapse.setAttribute("aria-label", label);
    collapse.title = label;
    localStorage.setItem(COLLAPSED_KEY, collapsed ? "1" : "");
  };
  if (localStorage.getItem(COLLAPSED_KEY)) setCollapsed(true);
  collapse.addEventListener("click", () => setCollapsed(!panel.classList.contains("is-collapsed")));
  const toggle = byId<HTMLButtonElement>("dl-filters-toggle");
  toggle.addEventListener("click", () => {
    const open = !panel.classList.contains("is-open");
    panel.classList.toggle("is-open", open);
    toggle.setAttribute("aria-expanded", String(open));
    if (open) control("name")?.focus();
  });

  // ---------------------------------------------------------------------------------------------
  // Selection and the detail panel

  function markSelected(id: number | undefined) {
    list.querySelectorAll<HTMLElement>("[data-select]").forEach((button) => {
      button.setAttribute("aria-current", String(button.closest<HTMLElement>("li")!.dataset.id === String(id)));
    });
  }

  list.addEventListener("click", (event) => {
    const target = event.target as Element;
    const menuButton = target.closest<HTMLButtonElement>("[data-row-menu]");
    const id = Number(target.closest<HTMLElement>("li[data-id]")?.dataset.id);
    if (menuButton) return openMenu(menuButton, id);
    if (!target.closest("[data-select]") || !items.has(id)) return;
    layout.classList.add("has-detail");
    // A keyboard "click" (Enter or Space) has detail 0: then focus moves into the panel.
    detail.show(items.get(id)!, { focus: (event as MouseEvent).detail === 0 });
    markSelected(id);
  });

  // ---------------------------------------------------------------------------------------------
  // The row menu

  const menu = byId("dl-row-menu");
  const menuItems = () => [...menu.querySelectorAll<HTMLElement>("[role=menuitem]")].filter((el) => !el.hidden);
  let menuOwner: { id: number; button: HTMLButtonElement } | undefined;

  function openMenu(button: HTMLButtonElement, id: number) {
    const item = items.get(id);
    if (!item) return;
    if (menuOwner?.button === button) return closeMenu(true);
    closeMenu(false);
    menuOwner = { id, button };
    menu.querySelector<HTMLAnchorElement>("[data-action=open]")!.href = dataItemPath(state.projectId, item.dataType, item.id);
    const show = (action: string, visible: boolean) => {
      const el = menu.querySelector<HTMLElement>(`[data-action=${action}]`);
      if (el) el.hidden = !visible;
    };
    show("remove", item.isActive);
    show("restore", !item.isActive);
    show("forever", !item.isActive);
    menu.hidden = false;
    const box = button.getBoundingClientRect();
    const below = box.bottom + 4 + menu.offsetHeight <= innerHeight;
    menu.style.top = `${below ? box.bottom + 4 : Math.max(4, box.top - 4 - menu.offsetHeight)}px`;
    menu.style.left = `${Math.max(4, Math.min(box.right - menu.offsetWidth, innerWidth - menu.offsetWidth - 4))}px`;
    button.setAttribute("aria-expanded", "true");
    menuItems()[0]?.focus({ preventScroll: true });
  }

  function closeMenu(returnFocus: boolean) {
    if (!menuOwner) return;
    menu.hidden = true;
    menuOwner.button.setAttribute("aria-expanded", "false");
    if (returnFocus) menuOwner.button.focus();
    menuOwner = undefined;
  }

  menu.addEventListener("keydown", (event) => {
    const entries = menuItems();
    const at = entries.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      entries[(to + entries.length) % entries.length]?.focus();
    };
    if (event.key === "ArrowDown") move(at + 1);
    else if (event.key === "ArrowUp") move(at - 1);
    else if (event.key === "Home") move(0);
    else if (event.key === "End") move(entries.length - 1);
    else if (event.key === "Escape") {
      event.preventDefault();
      closeMenu(true);
    } else if (event.key === "Tab") closeMenu(false);
  });
  document.addEventListener("click", (event) => {
    if (menuOwner && !menu.contains(event.target as Node) && !menuOwner.button.contains(event.target as Node)) closeMenu(false);
  });
  addEventListener("resize", () => closeMenu(false));
  addEventListener("scroll", () => closeMenu(false), { passive: true });

  /** Takes a row out of the list (and the count) once the server has removed or hidden it. */
  function dropRow(id: number) {
    rowOf(id)?.remove();
    items.delete(id);
    total = Math.max(0, total - 1);
    if (detail.id === id) {
      detail.hide();
      layout.classList.remove("has-detail");
    }
    showCount();
    pager.fillSoon();
  }

  function setActive(item: Summary, active: boolean) {
    item.isActive = active;
    if (!active && !control("showRemoved")?.checked) return dropRow(item.id);
    const row = rowOf(item.id);
    if (row) fillRow(row, item);
    if (detail.id === item.id) detail.show(item);
  }

  menu.addEventListener("click", async (event) => {
    const entry = (event.target as Element).closest<HTMLElement>("[data-action]");
    if (!entry || !menuOwner) return;
    const { id } = menuOwner;
    const item = items.get(id);
    const action = entry.dataset.action!;
    if (action === "open" || !item) return closeMenu(false);
    closeMenu(true);
    if (action === "forever" && !(await confirmForever(item.name))) return;
    const row = rowOf(id);
    row?.setAttribute("aria-busy", "true");
    try {
      if (action === "remove") {
        await api("data/remove", { query: { id } });
        setActive(item, false);
        snack(t("data.removed"), "success");
      } else if (action === "restore") {
        await api("data/restore", { query: { id } });
        setActive(item, true);
        snack(t("data.restored"), "success");
      } else if (action === "forever") {
        await api("data/remove-forever", { query: { id } });
        dropRow(id);
        snack(t("data.deletedForever"), "success");
      }
    } catch (error) {
      logFailure(error);
    } finally {
      row?.removeAttribute("aria-busy");
    }
  });

  function confirmForever(name: string): Promise<boolean> {
    const dialog = byId<HTMLDialogElement>("dl-confirm");
    dialog.querySelector("[data-confirm-text]")!.textContent = tf("data.removeForeverConfirm", { name });
    dialog.returnValue = "";
    dialog.showModal();
    return new Promise((resolve) => dialog.addEventListener("close", () => resolve(dialog.returnValue === "ok"), { once: true }));
  }

  // ---------------------------------------------------------------------------------------------
  // Creating: documents through the upload wizard; the other types' editors come later

  async function refreshChoices() {
    const fill = (name: string, options: [number, string][]) => {
      const select = control<HTMLSelectElement>(name);
      if (!select) return;
      const chosen = select.value;
      const any = select.options[0];
      select.replaceChildren(any, ...options.map(([value, label]) => new Option(label, String(value))));
      select.value = chosen;
    };
    try {
      const [providers, keywords] = await Promise.all([
        api<{ id: number; name: string }[]>("provider/get-all-for-project/", { query: { id: state.projectId } }),
        api<{ id: number; value: string }[]>("keyword/get-all-for-project/", { query: { id: state.projectId } }),
      ]);
      fill("provider", providers.map((p) => [p.id, p.name]));
      fill("keyword", keywords.map((k) => [k.id, k.value]));
    } catch (error) {
      logFailure(error);
    }
  }

  document.getElementById("dl-create")?.addEventListener("click", async () => {
    const open = await CREATORS[state.dataType]!();
    open({
      onSaved: () => {
        void refreshChoices();
        void load(true);
      },
    });
  });
}
