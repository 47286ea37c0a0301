import type { Db, Executor } from "../../../db/client";
import type { DataItem, User } from "../../../db/schema";
import { AppError, invalid, type ErrorDetail } from "../../lib/errors";
import { wordsOfTerm } from "../../lib/text-fold";
import { createDataItem } from "../data/service";
import { requireDataItem } from "../data/policy";
import { requireProjectRole } from "../projects/policy";
import { type Cell, columnOf, fieldOf, isUrlHeader, storedNumberText } from "./cells";
import { TABLE_LIMITS } from "./limits";
import { type ColumnKind, columnKindsOf, detectColumnTypes, writeColumnKinds } from "./column-types";
import { appendRows, distinctValues, firstRowWith, pageOfRows } from "./rows";
import { checkCell } from "./values";

export interface TableHeader {
  name: string;
  field: string;
}
/** A row as served: its id and one key per header field. */
type TableItem = { id: number } & Record<string, Cell>;
export interface TablePage {
  id: number;
  name: string;
  headers: (TableHeader & ColumnKind)[];
  items: TableItem[];
  totalElements: number;
}

export interface TableInput {
  name: string;
  description?: string;
  categoryList?: { id: number }[];
  headers: string[];
  rows: Cell[][];
}

const tooBig = (code: "table_too_wide" | "table_too_long" | "table_too_large", message: string) => new AppError(422, code, message);

/** The header list: trimmed names, an empty one named "Column N" (N counted from 1), every column given a field. */
export function headerList(names: string[]): TableHeader[] {
  if (names.length > TABLE_LIMITS.columns) throw tooBig("table_too_wide", `A table may have at most ${TABLE_LIMITS.columns} columns`);
  return names.map((name, i) => ({ name: name.trim().slice(0, TABLE_LIMITS.headerChars) || `Column ${i + 1}`, field: fieldOf(i) }));
}

const notHeaders = (message: string) => invalid([{ path: "body.value", message }]);

/**
 * A TABLE's `value` as data/save gives it: a header list (or the spec's `{ headers, items }` with no items: rows
 * come only through import and the table's own edits), each `{ name, field }` with fields cell_0, cell_1, … in order.
 * A table that exists keeps its number of columns (its rows' cells follow them); stored as the plain list.
 */
export function checkedHeaderValue(text: string, existing?: DataItem): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw notHeaders("Must be JSON text");
  }
  const spec = typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) ? (parsed as { headers?: unknown; items?: unknown }) : undefined;
  if (spec && !(Array.isArray(spec.items) && spec.items.length === 0)) throw notHeaders("Rows are added by importing or editing the table");
  const list = spec ? spec.headers : parsed;
  if (!Array.isArray(list)) throw notHeaders("Must be a list of { name, field }");
  if (list.length > TABLE_LIMITS.columns) throw tooBig("table_too_wide", `A table may have at most ${TABLE_LIMITS.columns} columns`);
  const headers = list.map((header: Partial<TableHeader> | null, i) => {
    if (typeof header?.name !== "string" || header.name.length > TABLE_LIMITS.headerChars || header.field !== fieldOf(i)) {
      throw notHeaders(`Header ${i} must be { name, field: "${fieldOf(i)}" } with a name of at most ${TABLE_LIMITS.headerChars} characters`);
    }
    return { name: header.name, field: header.field };
  });
  if (existing && headers.length !== headersOf(existing).length) throw notHeaders("A table keeps its number of columns");
  return JSON.stringify(headers);
}

/** A stored table's headers (its data item's `value`). */
export const headersOf = (item: DataItem): TableHeader[] => JSON.parse(item.value || "[]") as TableHeader[];

export const urlColumnOf = (headers: TableHeader[]) => headers.findIndex((header) => isUrlHeader(header.name));

/** Refuses a table of `rows` rows past the caps on rows and cells. */
function checkSize(headers: TableHeader[], rows: number) {
  if (rows > TABLE_LIMITS.rows) throw tooBig("table_too_long", `A table may have at most ${TABLE_LIMITS.rows} rows`);
  if (rows * headers.length > TABLE_LIMITS.cells) throw tooBig("table_too_large", `A table may have at most ${TABLE_LIMITS.cells} cells`);
}

/**
 * Checks every cell of `rows` (the table's rows from number `first` on); rows shorter than the
 * header list are padded with empty cells, longer ones refused.
 */
export function checkRows(headers: TableHeader[], rows: Cell[][], first = 0): Cell[][] {
  const urlColumn = urlColumnOf(headers);
  const details: ErrorDetail[] = [];
  const checked = rows.map((row, i) => {
    const r = first + i;
    if (row.length > headers.length) details.push({ path: `rows.${r}`, message: `A row may have at most ${headers.length} cells` });
    return headers.map((_, c) => {
      const result = checkCell(row[c] ?? null, c === urlColumn);
      if (typeof result === "object" && result !== null) {
        details.push({ path: `rows.${r}.${c}`, message: result.problem });
        return null;
      }
      return result;
    });
  });
  if (details.length) throw invalid(details.slice(0, 20));
  return checked;
}

/** A new table's headers, checked with its size (before any cell is); its data item made inside `tx`. */
export function checkedHeaders(input: TableInput): TableHeader[] {
  const headers = headerList(input.headers);
  if (!headers.length) throw invalid([{ path: "headers", message: "A table needs at least one column" }]);
  checkSize(headers, input.rows.length);
  return headers;
}

export const createTableItem = (tx: Executor, actor: User, projectId: number, input: TableInput, headers: TableHeader[]) =>
  createDataItem(tx, actor, projectId, {
    dataType: "TABLE",
    name: input.name,
    description: input.description,
    categoryList: input.categoryList,
    value: JSON.stringify(headers),
  });

/**
 * Creates a TABLE data item with its rows inside the caller's transaction (a test's or a seed's; an
 * upload goes through import-write.ts, which does not block); MODERATOR in the project. Any bad cell
 * or a table past the caps throws before anything is written.
 */
export function createTable(tx: Executor, actor: User, projectId: number, input: TableInput): DataItem {
  // A transaction answers the same reads as the database it belongs to.
  requireProjectRole(tx as Db, actor, projectId, "MODERATOR");
  const headers = checkedHeaders(input);
  const rows = checkRows(headers, input.rows);
  const item = createTableItem(tx, actor, projectId, input, headers);
  const kinds = detectColumnTypes(rows, headers.length);
  writeColumnKinds(tx, item.id, kinds);
  appendRows(tx, item.id, rows, urlColumnOf(headers), datedColumns(kinds));
  return item;
}

/** Which columns sort by time. */
export const datedColumns = (kinds: ColumnKind[]) => kinds.map((kind) => kind.type === "DATE");

const itemOf = (headers: TableHeader[], row: { id: number; cells: Cell[] }): TableItem => {
  const item: TableItem = { id: row.id };
  headers.forEach((header, c) => (item[header.field] = row.cells[c] ?? null));
  return item;
};

/** A page of a table, sorted and filtered in SQL (GET table/get-table); a number in the filter is also found as the reader's `locale` writes it. */
export function tablePage(db: Db, actor: User, tableId: number, query: { page: number; rowsPerPage: number; sortBy?: string; desc?: boolean; filter?: string; locale?: string }): TablePage {
  const item = requireDataItem(db, actor, tableId, { type: "TABLE" }).item;
  const headers = headersOf(item);
  const column = query.sortBy ? columnOf(query.sortBy, headers.length) : undefined;
  if (query.sortBy && column === undefined) throw invalid([{ path: "query.sortBy", message: "Sort by one of the table's fields" }]);
  const rowsPerPage = Math.min(Math.max(1, query.rowsPerPage), TABLE_LIMITS.rowsPerPage);
  const numberFilter = query.filter && query.locale ? storedNumberText(query.filter, query.locale) : undefined;
  const { rows, total } = pageOfRows(db, item.id, { offset: query.page * rowsPerPage, limit: rowsPerPage, column, desc: query.desc, filter: query.filter, numberFilter });
  const kinds = columnKindsOf(db, item.id, headers.length);
  return { id: item.id, name: item.name, headers: headers.map((header, c) => ({ ...header, ...kinds[c] })), items: rows.map((row) => itemOf(headers, row)), totalElements: total };
}

/** table/find-row: the first row that holds every word of `q`, and its place in the table's own order (null when none does). */
export function findRow(db: Db, actor: User, tableId: number, q: string) {
  const item = requireDataItem(db, actor, tableId, { type: "TABLE" }).item;
  const words = wordsOfTerm(q);
  return { row: words.length ? firstRowWith(db, item.id, words) : null };
}

/** The first `maxRows` rows in their order, for charts, report exports and widgets. */
export const tableValues = (db: Db, actor: User, tableId: number, maxRows: number) => valuesOfTable(db, requireDataItem(db, actor, tableId, { type: "TABLE" }).item, maxRows);

export type TableValues = { headers: TableHeader[]; items: TableItem[]; truncated: boolean };

/** The first `maxRows` rows of a TABLE item the caller has already authorised (the public data page's chart). */
export function valuesOfTable(db: Db, item: DataItem, maxRows: number): TableValues {
  const headers = headersOf(item);
  const { rows, total } = pageOfRows(db, item.id, { offset: 0, limit: Math.max(0, maxRows) });
  return { headers, items: rows.map((row) => itemOf(headers, row)), truncated: total > rows.length };
}

/** A column's distinct values (GET table/get-options). */
export function tableOptions(db: Db, actor: User, tableId: number, field: string): string[] {
  const item = requireDataItem(db, actor, tableId, { type: "TABLE" }).item;
  const column = columnOf(field, headersOf(item).length);
  if (column === undefined) throw invalid([{ path: "query.header", message: "One of the table's fields" }]);
  return distinctValues(db, item.id, column, TABLE_LIMITS.options);
}
