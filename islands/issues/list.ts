import { api } from "../lib/api";
import { reportFailure } from "../lib/failures";
import { locale, t } from "../lib/i18n";
import { snack } from "../lib/snackbar";
import { scrollPager } from "../lib/scroll-pager";
import { byId, debounce } from "../data/common";
import { taskBoard } from "./board";
import { changeStatus } from "./calls";
import { creationDialog } from "./create";
import { taskDetail } from "./detail";
import { listLinkWith } from "./links";
import { SORTS } from "./sorts";
import { personName, statusName, type Issue, type IssueSummary, type Person, type Status } from "./types";

/** What the page hands its script (pages/project/[projectId]/issue/index.astro). */
interface PageState {
  projectId: number;
  meId: number;
  moderator: boolean;
  pageSize: number;
  total: number;
  items: IssueSummary[];
  selected: number | null;
}

const VIEW_KEY = "plexus.tasks.view";
const COLLAPSED_KEY = "plexus.tasks.detailCollapsed";
/** The spec's infinite-scroll distance is 10 px; a little more keeps scrolling smooth. */
const SCROLL_MARGIN = 120;
/** Spec 2: the detail panel is expanded by default above 1100 px and stays open on selection from 1060 px. */
const WIDE = "(min-width: 1101px)";
const SIDE = "(min-width: 1060px)";

const summaryOf = (issue: Issue): IssueSummary => ({ ...issue, template: issue.template && { id: issue.template.id, name: issue.template.name, icon: issue.template.icon }, project: { id: issue.project.id } });

/**
 * The task list page: filters and sort (a change aborts the load in flight and starts again from the
 * first page with an empty list), infinite scroll of 10, the list or the board of the same tasks,
 * the creation dialog, and the detail panel beside the list (an overlay on narrower screens).
 */
export function startTaskList() {
  const state = JSON.parse(byId("tl-state").textContent!) as PageState;
  const choices = JSON.parse(byId("tc-choices").textContent!) as { members: Person[] };
  const layout = byId("tl-layout");
  const list = byId<HTMLUListElement>("tl-list");
  const boardEl = byId("tl-board");
  const count = byId<HTMLOutputElement>("tl-count");
  const empty = byId("tl-empty");
  const loading = byId("tl-loading");
  const sentinel = byId("tl-sentinel");
  const form = byId<HTMLFormElement>("tl-filters-form");
  const rowTemplate = byId<HTMLTemplateElement>("tl-row-template");
  const panel = byId("td");
  const collapse = byId<HTMLButtonElement>("td-collapse");
  const dateFormat = new Intl.DateTimeFormat(locale(), { dateStyle: "medium" });

  let items: IssueSummary[] = [...state.items];
  let total = state.total;
  let view: "list" | "board" = localStorage.getItem(VIEW_KEY) === "board" ? "board" : "list";

  // ---------------------------------------------------------------------------------------------
  // Rows and board

  const rowOf = (id: number) => list.querySelector<HTMLLIElement>(`li[data-id="${id}"]`);

  function fillRow(li: HTMLLIElement, issue: IssueSummary) {
    li.dataset.id = String(issue.id);
    const link = li.querySelector<HTMLAnchorElement>("[data-select]")!;
    link.href = `/project/${issue.project.id}/issue/${issue.id}`;
    link.setAttribute("aria-current", String(detail.id === issue.id));
    li.querySelector("[data-dot]")!.className = `td-dot td-dot--${issue.status}`;
    li.querySelector("[data-name]")!.textContent = issue.name;
    li.querySelector("[data-performer]")!.textContent = personName(issue.performer) || t("issue.nobody");
    li.querySelector<HTMLElement>("[data-due]")!.hidden = !issue.dueDate;
    li.querySelector<HTMLElement>("[data-overdue]")!.hidden = !issue.overdue;
    const date = li.querySelector<HTMLTimeElement>("[data-date]")!;
    date.dateTime = issue.dueDate ? new Date(issue.dueDate).toISOString() : "";
    date.textContent = issue.dueDate ? dateFormat.format(new Date(issue.dueDate)) : "";
    li.querySelector("[data-categories]")!.textContent = issue.categoryList.map((c) => c.name).join(", ");
    const chip = li.querySelector<HTMLElement>("[data-status]")!;
    chip.className = `tl-chip tl-chip--${issue.status}`;
    chip.textContent = statusName(issue.status);
  }

  function newRow(issue: IssueSummary) {
    const li = rowTemplate.content.firstElementChild!.cloneNode(true) as HTMLLIElement;
    fillRow(li, issue);
    return li;
  }

  const board = taskBoard(boardEl, byId("tb-menu"), {
    canMove: (issue) => state.moderator || issue.reporter?.id === state.meId || issue.performer?.id === state.meId,
    move,
    select: (id) => void select(id),
  });

  /** The list and the board show `items`: one changed task is redrawn in place. */
  function update(issue: IssueSummary) {
    const at = items.findIndex((i) => i.id === issue.id);
    if (at < 0) return;
    items[at] = issue;
    const row = rowOf(issue.id);
    if (row) fillRow(row, issue);
    if (view === "board") board.render(items);
  }

  function showCount() {
    count.value = String(total);
    empty.hidden = items.length > 0 || pager.busy;
    empty.textContent = criteria().length ? empty.dataset.noMatch! : empty.dataset.empty!;
  }

  /** A card moved on the board: shown at once, restored if the server refuses. */
  async function move(issue: IssueSummary, status: Status) {
    const before = items.find((i) => i.id === issue.id) ?? issue;
    update({ ...before, status, overdue: status !== "DONE" && before.overdue });
    try {
      const saved = await changeStatus(issue.id, status);
      update(summaryOf(saved));
      if (detail.id === saved.id) detail.show(saved);
      snack(t("issue.statusChanged"), "success");
    } catch (error) {
      update(before);
      reportFailure(error);
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Search and pages

  function criteria() {
    const out: { name: string; value: string }[] = [];
    for (const name of ["name", "performer", "status"]) {
      const value = (form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null)?.value.trim();
      if (value) out.push({ name, value });
    }
    const categories = [...form.querySelectorAll<HTMLInputElement>("input[name=categories]:checked")].map((box) => box.value);
    if (categories.length) out.push({ name: "categories", value: categories.join(",") });
    return out;
  }

  const pager = scrollPager({
    sentinel,
    loading,
    margin: SCROLL_MARGIN,
    isFull: () => items.length >= total,
    clear: () => {
      items = [];
      list.replaceChildren();
    },
    fetchPage: (signal) => {
      const sort = SORTS.find((s) => s.key === (form.elements.namedItem("sort") as HTMLSelectElement).value) ?? SORTS[0];
      return api<{ content: IssueSummary[]; totalElements: number }>("issue/find-pageable-search-result", {
        query: { projectId: state.projectId },
        body: { page: Math.floor(items.length / state.pageSize), rowsPerPage: state.pageSize, sortBy: sort.sortBy, desc: sort.desc, criteria: criteria() },
        signal,
      });
    },
    accept: (page) => {
      total = page.totalElements;
      const known = new Set(items.map((i) => i.id));
      const fresh = page.content.filter((i) => !known.has(i.id));
      items.push(...fresh);
      list.append(...fresh.map(newRow));
      if (view === "board") board.render(items);
      return fresh.length;
    },
    onFailure: reportFailure,
    onChange: showCount,
  });
  const load = pager.load;

  const search = () => load(true);
  const searchSoon = debounce(search, 300);
  form.addEventListener("input", (event) => (event.target as HTMLInputElement).name === "name" && searchSoon());
  form.addEventListener("change", (event) => (event.target as HTMLInputElement).name !== "name" && search());
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    search();
  });
  form.addEventListener("reset", () => setTimeout(search));

  const filtersToggle = byId<HTMLButtonElement>("tl-filters-toggle");
  filtersToggle.addEventListener("click", () => {
    const open = filtersToggle.getAttribute("aria-expanded") !== "true";
    filtersToggle.setAttribute("aria-expanded", String(open));
    byId("tl-filters").classList.toggle("is-open", open);
  });

  // ---------------------------------------------------------------------------------------------
  // List or board

  function setView(next: "list" | "board") {
    view = next;
    localStorage.setItem(VIEW_KEY, next);
    list.hidden = next !== "list";
    boardEl.hidden = next !== "board";
    layout.classList.toggle("is-board", next === "board");
    byId("tl-view-list").setAttribute("aria-pressed", String(next === "list"));
    byId("tl-view-board").setAttribute("aria-pressed", String(next === "board"));
    if (next === "board") board.render(items);
    pager.fillSoon();
  }
  byId("tl-view-list").addEventListener("click", () => setView("list"));
  byId("tl-view-board").addEventListener("click", () => setView("board"));
  setView(view);

  // ---------------------------------------------------------------------------------------------
  // The detail beside the list

  const detail = taskDetail(panel, {
    choices,
    onChange: (issue) => update(summaryOf(issue)),
    onRemoved: (id) => {
      items = items.filter((i) => i.id !== id);
      rowOf(id)?.remove();
      total = Math.max(0, total - 1);
      if (view === "board") board.render(items);
      showCount();
      close();
    },
  });

  function setCollapsed(collapsed: boolean, remember = true) {
    layout.classList.toggle("detail-collapsed", collapsed);
    collapse.setAttribute("aria-expanded", String(!collapsed));
    const label = collapsed ? collapse.dataset.labelExpand! : collapse.dataset.labelCollapse!;
    collapse.setAttribute("aria-label", label);
    collapse.title = label;
    if (remember) localStorage.setItem(COLLAPSED_KEY, String(collapsed));
  }
  collapse.addEventListener("click", () => setCollapsed(collapse.getAttribute("aria-expanded") === "true"));
  setCollapsed(!matchMedia(WIDE).matches || localStorage.getItem(COLLAPSED_KEY) === "true", false);

  function markSelected(id: number | undefined) {
    for (const link of list.querySelectorAll("[data-select]")) link.setAttribute("aria-current", String(link.closest<HTMLElement>("li")?.dataset.id === String(id)));
  }

  async function select(id: number) {
    try {
      await detail.open(id);
    } catch (error) {
      reportFailure(error);
      return;
    }
    markSelected(id);
    layout.classList.add("has-detail");
    history.replaceState(null, "", listLinkWith(id));
    // From 1060 px the panel stays open beside the list; below, it is an overlay over it.
    if (matchMedia(SIDE).matches) setCollapsed(false);
    detail.focus();
  }

  function close() {
    const id = detail.id;
    detail.clear();
    layout.classList.remove("has-detail");
    markSelected(undefined);
    history.replaceState(null, "", listLinkWith(undefined));
    if (id !== undefined) (rowOf(id)?.querySelector<HTMLElement>("[data-select]") ?? boardEl.querySelector<HTMLElement>(`.tb-card[data-id="${id}"] a`))?.focus();
  }
  for (const button of panel.querySelectorAll("[data-td-close]")) button.addEventListener("click", close);
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && layout.classList.contains("has-detail") && !matchMedia(SIDE).matches && !document.querySelector("dialog[open]")) close();
  });

  list.addEventListener("click", (event) => {
    const link = (event.target as Element).closest<HTMLAnchorElement>("[data-select]");
    const mouse = event as MouseEvent;
    if (!link || mouse.ctrlKey || mouse.metaKey || mouse.shiftKey || mouse.button !== 0) return;
    event.preventDefault();
    void select(Number(link.closest<HTMLElement>("li")!.dataset.id));
  });

  if (state.selected) void select(state.selected);

  // ---------------------------------------------------------------------------------------------
  // Creation

  const creation = creationDialog(state.projectId, (issue) => {
    const summary = summaryOf(issue);
    items.unshift(summary);
    list.prepend(newRow(summary));
    total += 1;
    if (view === "board") board.render(items);
    showCount();
    void select(issue.id);
  });
  byId("tl-create").addEventListener("click", () => creation.open());
}
