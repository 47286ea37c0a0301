import { batch, signal } from "@preact/signals-react";
import type { ColumnType } from "../../src/modules/tables/cells";
import { ApiError } from "../lib/api";
import { errorText, reportFailure } from "../lib/failures";
import { call, server } from "../lib/server";
import { t, tf } from "../lib/i18n";
import { snack } from "../lib/snackbar";
import { formatCell, type Header, isPointsColumn } from "./cells";
import { cellEditing, typeName } from "./cell-editing";
import { recordActions, tableUpdate } from "./records";
import { createRowStore, type RowQuery, type RowsPage, type TableItem } from "./rows";

/** Rows a new layout measures its column widths on. */
const SAMPLE_ROWS = 100;

/** The shown columns, the hidden map points column, and the widths fixed from the first page. */
export interface Layout {
  columns: Header[];
  pointsField?: string;
  /** CSS widths, one per <col>: the check box column first for moderators, the actions column last when there are points. */
  widths: string[];
}

/** The open cell editor: which cell, what is typed, whether it is being saved. */
export interface Editing {
  rowId: number;
  field: string;
  text: string;
  saving: boolean;
}

function layoutOf(headers: Header[], sample: TableItem[], editable: boolean): Layout {
  const columns = headers.filter((header) => !isPointsColumn(header));
  const pointsField = headers.find(isPointsColumn)?.field;
  const widths = editable ? ["2.6rem"] : [];
  for (const column of columns) {
    const longest = Math.max(column.name.length + 2, ...sample.map((row) => formatCell(row[column.field], column.type).length));
    widths.push(`${Math.min(32, Math.max(6, longest + 2))}ch`);
  }
  if (pointsField) widths.push("10rem");
  return { columns, pointsField, widths };
}

/**
 * One table view's state (spec 2, "Table view"): the rows the server pages, sorts and filters, the
 * layout their headers give, the selection, the cell with the keyboard's focus stop and its editor.
 * Each view has its own (split screen shows two); components read the signals and call the actions.
 * `initial` is the sort and filter the view opens with; `onQuery` hears each new one (the page's address keeps it);
 * `firstPage`, that query's first page as the data page loaded it.
 */
export function createTableStore(tableId: number, editable: boolean, initial: RowQuery = {}, onQuery?: (query: RowQuery) => void, firstPage?: RowsPage) {
  const total = signal<number | undefined>(undefined);
  const name = signal("");
  const layout = signal<Layout>({ columns: [], widths: [] });
  /** Counts answers, so components that read rows redraw when one lands. */
  const loaded = signal(0);
  const fresh = signal(false);
  const query = signal<RowQuery>(initial);
  /** The first page's failure, shown in place of the rows. */
  const loadError = signal("");
  const selected = signal<ReadonlySet<number>>(new Set());
  const active = signal({ row: 0, col: 0 });
  const editing = signal<Editing | undefined>(undefined);
  /** Asks the active cell to take the focus (after a move, an edit or its end). */
  const focusTurn = signal(0);
  /** Scroll to the last row once the next answer says how many there are (after adding a record). */
  const toEnd = signal(false);
  /** The id of the row a search hit opened the view at (marked until the next sort or filter), and its place until the rows have come. */
  const found = signal<number | undefined>(undefined);
  let foundAt: number | undefined;
  let headersKey = "";

  const rows = createRowStore(
    tableId,
    initial,
    {
      changed: () => rowsChanged(),
      failed: (error) => {
        if (rows.state.total === undefined) loadError.value = errorText(error);
        reportFailure(error, t("table.loadFailed"));
      },
    },
    firstPage,
  );
  if (firstPage) rowsChanged();

  function rowsChanged() {
    batch(() => {
      const state = rows.state;
      const key = state.headers.map((h) => `${h.field}:${h.name}:${h.type}`).join("|");
      if (key !== headersKey && state.total !== undefined) {
        headersKey = key;
        const sample = [...Array(Math.min(SAMPLE_ROWS, state.total)).keys()].flatMap((i) => rows.row(i) ?? []);
        layout.value = layoutOf(state.headers, sample, editable);
      }
      total.value = state.total;
      name.value = state.name;
      fresh.value = state.fresh;
      query.value = rows.query;
      loaded.value++;
      if (foundAt !== undefined && state.total !== undefined) moveTo(foundAt, 0);
    });
  }

  const update = tableUpdate(tableId);

  const focusActive = () => focusTurn.value++;

  /** Moves the focus stop within the table. */
  function moveTo(row: number, col: number) {
    foundAt = undefined;
    const last = layout.value.columns.length - 1;
    active.value = { row: Math.max(0, Math.min((total.value ?? 0) - 1, row)), col: Math.max(0, Math.min(last, col)) };
    focusActive();
  }

  function restart(next: RowQuery) {
    batch(() => {
      found.value = undefined;
      editing.value = undefined;
      active.value = { row: 0, col: 0 };
      rows.reset(next);
    });
    onQuery?.(next);
  }

  return {
    total,
    name,
    layout,
    loaded,
    fresh,
    query,
    loadError,
    selected,
    active,
    editing,
    focusTurn,
    toEnd,
    found,
    row: rows.row,
    want: rows.want,
    stop: rows.stop,
    focusActive,
    /** Ascending, then descending, then the table's own order. */
    sortBy(field: string) {
      const { sortBy, desc, filter } = rows.query;
      const next = sortBy !== field ? { sortBy: field, desc: false } : !desc ? { sortBy: field, desc: true } : {};
      restart({ ...next, filter });
    },
    filter(text: string) {
      if (text !== (rows.query.filter ?? "")) restart({ ...rows.query, filter: text || undefined });
    },
    /** A moderator's new type for a column: the rows come again, sorted and shown by it; a refusal names the first row that does not fit. */
    async setType(field: string, type: ColumnType) {
      try {
        await call(server.table["column-type"].post({ id: tableId, field, type }));
        snack(t("table.typeChanged"), "success");
        restart(rows.query);
      } catch (error) {
        const row = error instanceof ApiError && error.code === "cell_wrong_type" ? /^rows\.(\d+)\./.exec(error.details[0]?.path ?? "")?.[1] : undefined;
        reportFailure(error, row === undefined ? undefined : tf("table.typeRefused", { row: Number(row) + 1, type: typeName(type) }));
        loaded.value++;
      }
    },
    moveTo,
    /** Opens the view at row `id`, the `index`-th in the current order, and marks it (a search hit's row). */
    showRow(id: number, index: number) {
      found.value = id;
      if (total.value === undefined) foundAt = index;
      else moveTo(index, 0);
    },
    select(id: number, on: boolean) {
      const next = new Set(selected.value);
      if (on) next.add(id);
      else next.delete(id);
      selected.value = next;
    },
    ...cellEditing({ rows, update, layout, editing, active, loaded, focusActive }),
    ...recordActions(update, rows, layout, selected, toEnd),
  };
}

export type TableStore = ReturnType<typeof createTableStore>;
