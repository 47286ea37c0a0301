import styles from "../../pages/_components/tables/table.css?inline";
import { api } from "../lib/api";
import { confirmAction } from "../lib/confirm";
import { errorText, reportFailure } from "../lib/failures";
import { locale, t, tf } from "../lib/i18n";
import { snack } from "../lib/snackbar";
import { adoptStyles } from "../lib/styles";
import type { MountedViewer, ViewerContext } from "../viewers/registry";
import { type Cell, editText, formatCell, type Header, isPointsColumn, pointsOf, typedValue } from "./cells";
import { addRecordDialog, choosePoint, mapHref } from "./dialogs";
import { createRowStore, type TableItem } from "./rows";
import { element } from "../lib/dom";

/** Rows drawn beyond each edge of the visible ones, so a short scroll shows rows already there. */
const OVERSCAN = 8;
const FILTER_PAUSE = 300;
/** The table save timeout of spec 2 (4 min). */
const SAVE_TIMEOUT = 240_000;

let mounted = 0;

/**
 * The table view (spec 2, "Table view"): the rows the server pages, sorts and filters, drawn only
 * where they are visible (a spacer row above and below), as a table or, narrower than 601 px, as
 * cards. Moderators edit cells in place, add and delete records; rows with map points open the map.
 */
export function mount(host: HTMLElement, context: ViewerContext): MountedViewer {
  adoptStyles(styles);
  const key = `tv${++mounted}`;
  const editable = context.canModerate && !context.compact;

  // ---------------------------------------------------------------------------------------------
  // The frame: tool bar, then the scrolling table

  const root = element("div", `tv${context.compact ? " tv--compact" : ""}`);
  const bar = element("div", "tv__bar");
  const filterBox = element("div", "tv__filter");
  const filterLabel = element("label", "visually-hidden", t("table.filter"));
  const filter = element("input");
  filter.type = "search";
  filter.id = `${key}-filter`;
  filter.placeholder = t("table.filter");
  filter.autocomplete = "off";
  filter.maxLength = 255;
  filterLabel.htmlFor = filter.id;
  filterBox.append(filterLabel, filter);
  const count = element("output", "tv__count");
  count.setAttribute("aria-live", "polite");
  const tools = element("div", "tv__tools");
  bar.append(filterBox, count, tools);

  const addButton = element("button", "btn btn--ghost", t("table.addRecord"));
  const deleteButton = element("button", "btn btn--ghost", t("table.deleteSelected"));
  addButton.type = deleteButton.type = "button";
  deleteButton.disabled = true;
  const chartButton = element("button", "btn btn--ghost", t("chart.addChart"));
  chartButton.type = "button";
  chartButton.addEventListener("click", async () => {
    const { openChartWizard } = await import("../charts/wizard");
    openChartWizard({ projectId: context.projectId, tableId: context.dataId });
  });
  if (editable) tools.append(addButton, deleteButton, chartButton);
  if (!context.compact) {
    for (const format of ["xlsx", "csv"] as const) {
      const link = element("a", "btn btn--ghost", format.toUpperCase());
      link.href = `/api/files/get-data-table/${context.dataId}?format=${format}`;
      link.setAttribute("download", "");
      link.setAttribute("aria-label", t(format === "xlsx" ? "table.downloadXlsx" : "table.downloadCsv"));
      link.title = link.getAttribute("aria-label")!;
      tools.append(link);
    }
  }

  const scroller = element("div", "tv__scroll");
  scroller.tabIndex = 0;
  scroller.setAttribute("role", "region");
  const table = element("table", "tv__table");
  const caption = element("caption", "visually-hidden");
  const colgroup = element("colgroup");
  const head = element("thead");
  const headRow = element("tr");
  head.append(headRow);
  const body = element("tbody");
  table.append(caption, colgroup, head, body);
  if (editable) table.setAttribute("role", "grid");
  const note = element("p", "tv__note");
  note.hidden = true;
  scroller.append(table, note);
  root.append(bar, scroller);
  host.append(root);

  // ---------------------------------------------------------------------------------------------
  // State

  let columns: Header[] = [];
  let pointsField: string | undefined;
  let headersKey = "";
  let rowHeight = 37;
  const selected = new Set<number>();
  /** The cell with the keyboard focus stop (moderators): a row index and a column index. */
  const active = { row: 0, col: 0 };
  let editing: { rowId: number; field: string; text: string; saving: boolean } | undefined;
  /** Drawn rows by index, with the row they show (undefined while its page loads). */
  const drawn = new Map<number, { tr: HTMLTableRowElement; item: TableItem | undefined; version: number }>();
  let version = 0;
  /** Scroll to the last row once the next answer says how many there are (after adding a record). */
  let toEnd = false;
  const topSpacer = spacer();
  const bottomSpacer = spacer();
  body.append(topSpacer, bottomSpacer);

  const store = createRowStore(context.dataId, {
    changed: () => schedule(),
    failed: (error) => {
      if (store.state.total === undefined) showNote(errorText(error), true);
      reportFailure(error, t("table.loadFailed"));
    },
  });

  function spacer() {
    const tr = element("tr", "tv__spacer");
    tr.setAttribute("aria-hidden", "true");
    tr.append(element("td"));
    return tr;
  }

  /** The row count, changed only when it changes: it is a live region, read out on every change. */
  function say(text: string) {
    if (count.textContent !== text) count.textContent = text;
  }

  function showNote(text: string, error = false) {
    note.textContent = text;
    note.classList.toggle("is-error", error);
    note.hidden = !text;
  }

  // ---------------------------------------------------------------------------------------------
  // Header: one sort button per shown column (aria-sort), widths fixed from the first page

  function buildHead(headers: Header[], sample: TableItem[]) {
    columns = headers.filter((header) => !isPointsColumn(header));
    pointsField = headers.find(isPointsColumn)?.field;
    caption.textContent = store.state.name;
    scroller.setAttribute("aria-label", store.state.name || t("table.title"));
    const cols: HTMLTableColElement[] = [];
    const cells: HTMLTableCellElement[] = [];
    if (editable) {
      cols.push(element("col"));
      cols[0]!.style.width = "2.6rem";
      const th = element("th", "tv__selecthead");
      th.append(element("span", "visually-hidden", t("table.select")));
      cells.push(th);
    }
    const widths = editable ? ["2.6rem"] : [];
    columns.forEach((column, index) => {
      const longest = Math.max(column.name.length + 2, ...sample.map((row) => formatCell(row[column.field]).length));
      const ch = Math.min(32, Math.max(6, longest + 2));
      const col = element("col");
      col.style.width = `${ch}ch`;
      widths.push(col.style.width);
      cols.push(col);
      const th = element("th");
      th.scope = "col";
      const sort = element("button", "tv__sort");
      sort.type = "button";
      sort.dataset.field = column.field;
      sort.append(element("span", undefined, column.name), element("span", "tv__arrow"));
      sort.querySelector(".tv__arrow")!.setAttribute("aria-hidden", "true");
      th.append(sort);
      th.dataset.col = String(index);
      cells.push(th);
    });
    if (pointsField) {
      const col = element("col");
      col.style.width = "10rem";
      widths.push(col.style.width);
      cols.push(col);
      const th = element("th", "tv__actionshead");
      th.append(element("span", "visually-hidden", t("table.actions")));
      cells.push(th);
    }
    colgroup.replaceChildren(...cols);
    headRow.replaceChildren(...cells);
    headRow.setAttribute("aria-rowindex", "1");
    // A fixed layout keeps the columns still while rows come and go; cards ignore it.
    table.style.setProperty("--tv-width", `calc(${widths.join(" + ") || "0px"})`);
    markSort();
  }

  function markSort() {
    const { sortBy, desc } = store.query;
    for (const th of headRow.querySelectorAll<HTMLTableCellElement>("th[data-col]")) {
      const field = columns[Number(th.dataset.col)]?.field;
      const sorted = field === sortBy;
      if (sorted) th.setAttribute("aria-sort", desc ? "descending" : "ascending");
      else th.removeAttribute("aria-sort");
      th.querySelector(".tv__arrow")!.textContent = sorted ? (desc ? "▼" : "▲") : "";
    }
  }

  headRow.addEventListener("click", (event) => {
    const sort = (event.target as Element).closest<HTMLButtonElement>(".tv__sort");
    if (!sort) return;
    const field = sort.dataset.field!;
    const { sortBy, desc } = store.query;
    // Ascending, then descending, then the table's own order.
    const next = sortBy !== field ? { sortBy: field, desc: false } : !desc ? { sortBy: field, desc: true } : {};
    restart({ ...next, filter: store.query.filter });
  });

  // ---------------------------------------------------------------------------------------------
  // Body: only the rows in view, between two spacers

  function restart(query = store.query) {
    editing = undefined;
    scroller.scrollTop = 0;
    active.row = 0;
    store.reset(query);
    markSort();
  }

  let frame = 0;
  function schedule() {
    if (!frame) frame = requestAnimationFrame(draw);
  }

  function cellOf(tr: HTMLTableRowElement, col: number) {
    return tr.querySelector<HTMLTableCellElement>(`td[data-col="${col}"]`);
  }

  function drawRow(index: number, item: TableItem | undefined) {
    const tr = element("tr", `tv__row${item ? "" : " is-loading"}${item && selected.has(item.id) ? " is-selected" : ""}`);
    tr.setAttribute("aria-rowindex", String(index + 2));
    tr.dataset.index = String(index);
    if (editable) {
      const td = element("td", "tv__select");
      const box = element("input");
      box.type = "checkbox";
      box.disabled = !item;
      box.checked = !!item && selected.has(item.id);
      box.setAttribute("aria-label", tf("table.selectRow", { n: index + 1 }));
      td.append(box);
      tr.append(td);
    }
    columns.forEach((column, col) => {
      const value = item?.[column.field];
      const td = element("td", typeof value === "number" ? "tv__num" : undefined);
      td.dataset.col = String(col);
      if (editable) td.tabIndex = active.row === index && active.col === col ? 0 : -1;
      const label = element("span", "tv__label", column.name);
      if (editing && item && editing.rowId === item.id && editing.field === column.field) {
        td.classList.add("is-editing");
        td.append(label, editorFor(column));
      } else {
        const text = item ? formatCell(value) : "…";
        if (text.length > 20) td.title = text;
        td.append(label, element("span", "tv__value", text));
      }
      tr.append(td);
    });
    if (pointsField) {
      const td = element("td", "tv__actions");
      const points = pointsOf(item?.[pointsField]);
      if (points.length === 1) {
        const link = element("a", "btn btn--ghost", t("table.openOnMap"));
        link.href = mapHref(context.projectId, points[0]!);
        td.append(link);
      } else if (points.length > 1) {
        const open = element("button", "btn btn--ghost", tf("table.openOnMapMany", { n: points.length }));
        open.type = "button";
        open.addEventListener("click", () => choosePoint(context.projectId, points));
        td.append(open);
      }
      tr.append(td);
    }
    return tr;
  }

  function draw() {
    frame = 0;
    const { total, headers } = store.state;
    const key = headers.map((h) => `${h.field}:${h.name}`).join("|");
    if (key !== headersKey && total !== undefined) {
      headersKey = key;
      buildHead(headers, [...Array(Math.min(100, total ?? 0)).keys()].flatMap((i) => store.row(i) ?? []));
      for (const { tr } of drawn.values()) tr.remove();
      drawn.clear();
    }
    if (total === undefined) {
      store.want(0, 0);
      say(t("common.loading"));
      return;
    }
    say(tf("table.rows", { n: total }));
    table.setAttribute("aria-rowcount", String(total + 1));
    if (total === 0) {
      for (const { tr } of drawn.values()) tr.remove();
      drawn.clear();
      (topSpacer.firstElementChild as HTMLElement).style.height = (bottomSpacer.firstElementChild as HTMLElement).style.height = "0px";
      showNote(store.query.filter ? t("table.noMatch") : t("table.empty"));
      // The 0 may be the previous query's: a new one (reset, not yet answered) still needs its first page.
      if (!store.state.fresh) store.want(0, 0);
      return;
    }
    showNote("");
    const top = Math.max(0, scroller.scrollTop - head.offsetHeight);
    const first = Math.max(0, Math.floor(top / rowHeight) - OVERSCAN);
    const last = Math.min(total - 1, Math.ceil((top + scroller.clientHeight) / rowHeight) + OVERSCAN);
    store.want(first, last);
    for (const [index, row] of drawn) {
      if (index < first || index > last) {
        row.tr.remove();
        drawn.delete(index);
      }
    }
    const hadFocus = body.contains(document.activeElement);
    let cursor: Element = topSpacer;
    for (let index = first; index <= last; index++) {
      const item = store.row(index);
      let row = drawn.get(index);
      if (!row || row.item !== item || row.version !== version) {
        const tr = drawRow(index, item);
        if (row) row.tr.replaceWith(tr);
        row = { tr, item, version };
        drawn.set(index, row);
      }
      if (cursor.nextElementSibling !== row.tr) cursor.after(row.tr);
      cursor = row.tr;
    }
    (topSpacer.firstElementChild as HTMLElement).style.height = `${first * rowHeight}px`;
    (bottomSpacer.firstElementChild as HTMLElement).style.height = `${(total - 1 - last) * rowHeight}px`;
    measure(first, last);
    if (toEnd && store.state.fresh) {
      toEnd = false;
      scroller.scrollTop = scroller.scrollHeight;
    }
    if (hadFocus && !body.contains(document.activeElement)) focusActive();
  }

  /** Rows all have one height (cells do not wrap); it changes with the layout (table or cards), so it is read from the page. */
  function measure(first: number, last: number) {
    const a = drawn.get(first)?.tr;
    const b = drawn.get(Math.min(first + 1, last))?.tr;
    const measured = a && b && a !== b ? b.offsetTop - a.offsetTop : a?.getBoundingClientRect().height;
    if (measured && Math.abs(measured - rowHeight) > 0.5) {
      rowHeight = measured;
      schedule();
    }
  }

  scroller.addEventListener("scroll", schedule, { passive: true });
  const resized = new ResizeObserver(schedule);
  resized.observe(scroller);

  // ---------------------------------------------------------------------------------------------
  // Filter: the server's, after a pause in typing; a new one aborts the one in flight

  let filterTimer: ReturnType<typeof setTimeout> | undefined;
  filter.addEventListener("input", () => {
    clearTimeout(filterTimer);
    filterTimer = setTimeout(() => {
      const text = filter.value.trim();
      if (text !== (store.query.filter ?? "")) restart({ ...store.query, filter: text || undefined });
    }, FILTER_PAUSE);
  });

  // ---------------------------------------------------------------------------------------------
  // Moderators: the keyboard moves between cells; Enter or a double click edits one

  const rowOf = (index: number) => drawn.get(index)?.tr;
  const itemAt = (index: number) => drawn.get(index)?.item;

  function focusActive() {
    const tr = rowOf(active.row);
    const td = tr && cellOf(tr, active.col);
    if (!td) return;
    body.querySelectorAll<HTMLElement>("td[tabindex='0']").forEach((cell) => cell !== td && (cell.tabIndex = -1));
    td.tabIndex = 0;
    (td.querySelector<HTMLInputElement>(".tv__input") ?? td).focus();
  }

  /** Moves the focus stop, scrolling its row into view (and drawing it) first. */
  function moveTo(row: number, col: number) {
    const total = store.state.total ?? 0;
    active.row = Math.max(0, Math.min(total - 1, row));
    active.col = Math.max(0, Math.min(columns.length - 1, col));
    const top = active.row * rowHeight;
    const visible = scroller.clientHeight - head.offsetHeight;
    if (top < scroller.scrollTop) scroller.scrollTop = top;
    else if (top + rowHeight > scroller.scrollTop + visible) scroller.scrollTop = top + rowHeight - visible;
    if (frame) cancelAnimationFrame(frame);
    draw();
    focusActive();
  }

  function editorFor(column: Header) {
    const input = element("input", "tv__input");
    input.value = editing!.text;
    input.setAttribute("aria-label", column.name);
    input.readOnly = editing!.saving;
    input.setAttribute("aria-busy", String(editing!.saving));
    input.addEventListener("input", () => editing && (editing.text = input.value));
    input.addEventListener("keydown", (event) => {
      if (event.key === "Escape") {
        event.preventDefault();
        event.stopPropagation();
        editing = undefined;
        version++;
        draw();
        focusActive();
      } else if (event.key === "Enter" || event.key === "Tab") {
        event.preventDefault();
        event.stopPropagation();
        const step = event.key === "Tab" ? (event.shiftKey ? -1 : 1) : 0;
        void saveEdit().then((saved) => saved && moveTo(active.row, active.col + step));
      }
    });
    return input;
  }

  function startEdit(row: number, col: number) {
    const item = itemAt(row);
    const column = columns[col];
    if (!item || !column || editing?.saving) return;
    if (editing) {
      void saveEdit().then((saved) => saved && editing === undefined && startEdit(row, col));
      return;
    }
    active.row = row;
    active.col = col;
    editing = { rowId: item.id, field: column.field, text: editText(item[column.field]), saving: false };
    version++;
    draw();
    const input = body.querySelector<HTMLInputElement>(".tv__input");
    input?.focus();
    input?.select();
  }

  async function update(change: { items: Record<string, Cell>[]; removed?: number[] }) {
    return api<{ totalElements: number }>("table/update", { body: { id: context.dataId, ...change }, timeoutMs: SAVE_TIMEOUT });
  }

  /** Saves the open cell; on failure it stays open with the typed text. */
  async function saveEdit(): Promise<boolean> {
    const open = editing;
    if (!open || open.saving) return false;
    const index = [...drawn].find(([, row]) => row.item?.id === open.rowId)?.[0];
    const item = index === undefined ? undefined : itemAt(index);
    const before = item?.[open.field];
    if (!item || open.text === editText(before)) {
      editing = undefined;
      version++;
      draw();
      return true;
    }
    const value = typedValue(open.text, before, locale());
    open.saving = true;
    version++;
    draw();
    try {
      // Only the changed cell: the server keeps the row's others as they are now.
      await update({ items: [{ id: item.id, [open.field]: value }] });
      store.replace({ ...item, [open.field]: value });
      editing = undefined;
      snack(t("table.saved"), "success");
      return true;
    } catch (error) {
      reportFailure(error, t("table.saveFailed"));
      return false;
    } finally {
      open.saving = false;
      version++;
      draw();
      focusActive();
    }
  }

  if (editable) {
    body.addEventListener("dblclick", (event) => {
      const td = (event.target as Element).closest<HTMLTableCellElement>("td[data-col]");
      const tr = td?.closest<HTMLTableRowElement>("tr.tv__row");
      if (td && tr && !td.classList.contains("is-editing")) startEdit(Number(tr.dataset.index), Number(td.dataset.col));
    });
    body.addEventListener("focusin", (event) => {
      const td = (event.target as Element).closest<HTMLTableCellElement>("td[data-col]");
      const tr = td?.closest<HTMLTableRowElement>("tr.tv__row");
      if (!td || !tr) return;
      active.row = Number(tr.dataset.index);
      active.col = Number(td.dataset.col);
      body.querySelectorAll<HTMLElement>("td[tabindex='0']").forEach((cell) => cell !== td && (cell.tabIndex = -1));
      td.tabIndex = 0;
    });
    body.addEventListener("keydown", (event) => {
      const td = (event.target as Element).closest<HTMLTableCellElement>("td[data-col]");
      if (!td || event.target !== td) return;
      const moves: Record<string, [number, number]> = {
        ArrowUp: [-1, 0],
        ArrowDown: [1, 0],
        ArrowLeft: [0, -1],
        ArrowRight: [0, 1],
        PageUp: [-10, 0],
        PageDown: [10, 0],
      };
      const move = moves[event.key];
      if (move) {
        event.preventDefault();
        moveTo(active.row + move[0], active.col + move[1]);
      } else if (event.key === "Enter" || event.key === "F2") {
        event.preventDefault();
        startEdit(active.row, active.col);
      }
    });
    body.addEventListener("change", (event) => {
      const box = event.target as HTMLInputElement;
      const tr = box.closest<HTMLTableRowElement>("tr.tv__row");
      const item = tr && itemAt(Number(tr.dataset.index));
      if (!item || box.type !== "checkbox") return;
      if (box.checked) selected.add(item.id);
      else selected.delete(item.id);
      tr.classList.toggle("is-selected", box.checked);
      deleteButton.disabled = selected.size === 0;
      deleteButton.textContent = selected.size ? tf("table.deleteSelectedCount", { n: selected.size }) : t("table.deleteSelected");
    });

    addButton.addEventListener("click", () =>
      addRecordDialog(columns, async (texts) => {
        const item = Object.fromEntries(columns.map((column) => [column.field, typedValue(texts[column.field] ?? "", undefined, locale())]));
        try {
          await update({ items: [item] });
          snack(t("table.changed"), "success");
          store.reset();
          // Unsorted, the new record is the last one: show it once the new count is in.
          toEnd = !store.query.sortBy;
          return true;
        } catch (error) {
          reportFailure(error, t("table.saveFailed"));
          return false;
        }
      }),
    );

    deleteButton.addEventListener("click", async () => {
      const removed = [...selected];
      if (!removed.length || !(await confirmAction(tf("table.deleteConfirm", { n: removed.length })))) return;
      try {
        await update({ items: [], removed });
        selected.clear();
        deleteButton.disabled = true;
        deleteButton.textContent = t("table.deleteSelected");
        snack(t("table.changed"), "success");
        store.reset();
      } catch (error) {
        reportFailure(error, t("table.saveFailed"));
      }
    });
  }

  store.want(0, 0);

  return {
    destroy() {
      store.stop();
      resized.disconnect();
      clearTimeout(filterTimer);
      cancelAnimationFrame(frame);
      root.remove();
    },
  };
}
