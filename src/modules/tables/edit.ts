import type { Db } from "../../../db/client";
import type { User } from "../../../db/schema";
import { AppError, invalid, type ErrorDetail } from "../../lib/errors";
import { requireDataItem } from "../data/policy";
import { audit } from "../audit/service";
import { type Cell, columnOf } from "./cells";
import { TABLE_LIMITS } from "./limits";
import { columnKindsOf, typedCell } from "./column-types";
import { appendRows, deleteRows, rewriteRows, rowCount, rowsOfTable } from "./rows";
import { headersOf, urlColumnOf } from "./service";
import { checkCell } from "./values";

export interface TableUpdate {
  id: number;
  /** Rows with an `id` change that row's given fields; rows without one are added. */
  items: Record<string, unknown>[];
  removed?: number[];
}

/**
 * table/update: changes, adds and removes rows in one transaction; MODERATOR. Every field must be
 * one of the table's, every id one of its rows, every value text, a number or null (the url column
 * points); any fault is a 422 listing them, and nothing is changed. A column typed NUMBER or DATE
 * takes only its type (a number's text read in the caller's `locale`): anything else is a 422
 * cell_wrong_type naming each cell.
 */
export function updateTable(db: Db, actor: User, update: TableUpdate, locale = "en"): { totalElements: number } {
  const item = requireDataItem(db, actor, update.id, { type: "TABLE", needed: "MODERATOR" }).item;
  const headers = headersOf(item);
  const urlColumn = urlColumnOf(headers);
  const kinds = columnKindsOf(db, item.id, headers.length);
  const details: ErrorDetail[] = [];
  const mistyped: ErrorDetail[] = [];
  const removed = [...new Set(update.removed ?? [])];
  const changes = new Map<number, Map<number, Cell>>();
  const added: Cell[][] = [];
  update.items.forEach((row, i) => {
    const cells = new Map<number, Cell>();
    let id: number | undefined;
    for (const [key, value] of Object.entries(row)) {
      if (key === "id") {
        if (value === null || value === undefined) continue;
        if (Number.isSafeInteger(value) && (value as number) > 0) id = value as number;
        else details.push({ path: `body.items.${i}.id`, message: "A row id" });
        continue;
      }
      const column = columnOf(key, headers.length);
      if (column === undefined) {
        details.push({ path: `body.items.${i}.${key.slice(0, 40)}`, message: "Not a field of this table" });
        continue;
      }
      const checked = checkCell(value, column === urlColumn);
      if (typeof checked === "object" && checked !== null) {
        details.push({ path: `body.items.${i}.${key}`, message: checked.problem });
        continue;
      }
      const typed = typedCell(checked, kinds[column].type, locale);
      if (typed !== undefined) cells.set(column, typed);
      else {
        const where = typeof row.id === "number" ? `Row ${row.id}` : `New row ${i + 1}`;
        mistyped.push({ path: `body.items.${i}.${key}`, message: `${where}, column “${headers[column].name}”: ${kinds[column].type === "NUMBER" ? "a number" : "a date"} is expected, not “${String(checked).slice(0, 40)}”` });
      }
    }
    if (id === undefined) added.push(headers.map((_, c) => cells.get(c) ?? null));
    else if (changes.has(id) || removed.includes(id)) details.push({ path: `body.items.${i}.id`, message: "A row is changed or removed once per update" });
    else changes.set(id, cells);
  });
  const known = new Map(rowsOfTable(db, item.id, [...changes.keys(), ...removed]).map((row) => [row.id, row.cells]));
  for (const id of [...changes.keys(), ...removed]) if (!known.has(id)) details.push({ path: "body.items", message: `Row ${id} is not a row of this table` });
  if (details.length) throw invalid(details.slice(0, 20));
  if (mistyped.length) throw new AppError(422, "cell_wrong_type", "Some cells do not hold their column's type", mistyped.slice(0, 20));
  const total = rowCount(db, item.id) - removed.length + added.length;
  if (total > TABLE_LIMITS.rows || total * headers.length > TABLE_LIMITS.cells) throw invalid([{ path: "body.items", message: `A table may have at most ${TABLE_LIMITS.rows} rows and ${TABLE_LIMITS.cells} cells` }]);
  const rewritten = [...changes].map(([id, cells]) => ({ id, cells: headers.map((_, c) => (cells.has(c) ? cells.get(c)! : (known.get(id)![c] ?? null))) }));
  db.transaction((tx) => {
    deleteRows(tx, removed);
    const dated = kinds.map((kind) => kind.type === "DATE");
    rewriteRows(tx, item.id, rewritten, urlColumn, dated);
    appendRows(tx, item.id, added, urlColumn, dated);
    audit(tx, actor.id, "UPDATE", `TABLE ${item.name}`, item.id);
  });
  return { totalElements: total };
}
