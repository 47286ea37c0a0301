import type { Db } from "../../../db/client";
import type { User } from "../../../db/schema";
import { AppError, invalid } from "../../lib/errors";
import { requireDataItem } from "../data/policy";
import { audit } from "../audit/service";
import { parseNumber } from "../../lib/numbers";
import { type Cell, type ColumnType, columnOf } from "./cells";
import { cellFits, type ColumnKind, columnKindsOf, writeColumnKind } from "./column-types";
import { rekeyColumn, rewriteRows } from "./rows";
import { datedColumns, headersOf, urlColumnOf } from "./service";

/**
 * table/column-type: sets a column's type; MODERATOR, as the table's other changes. NUMBER and DATE
 * are refused (422 cell_wrong_type naming the first 20 cells) unless every non-empty cell is of that
 * type; text that reads as a number (a decimal comma too, leading zeros too: "007" stays text on import)
 * becomes that number, which the moderator asked for. TEXT is always taken and changes no cell. The column's sort keys follow the new type.
 */
export function setColumnType(db: Db, actor: User, input: { id: number; field: string; type: ColumnType }): ColumnKind {
  const item = requireDataItem(db, actor, input.id, { type: "TABLE", needed: "MODERATOR" }).item;
  const headers = headersOf(item);
  const col = columnOf(input.field, headers.length);
  if (col === undefined) throw invalid([{ path: "body.field", message: "One of the table's fields" }]);
  if (input.type !== "TEXT" && col === urlColumnOf(headers)) throw invalid([{ path: "body.type", message: "The url column holds map points" }]);
  const rows = db.$client.query<{ id: number; cells: string }, [number]>("select id, cells from table_rows where table_id = ? order by id").all(item.id);
  const changed: { id: number; cells: Cell[] }[] = [];
  const refused: { path: string; message: string }[] = [];
  rows.forEach((row, i) => {
    const cells = JSON.parse(row.cells) as Cell[];
    const cell = cells[col] ?? null;
    const reading = input.type === "NUMBER" && typeof cell === "string" ? parseNumber(cell, "comma") : undefined;
    const number = reading?.ok ? reading.value : undefined;
    if (number !== undefined) changed.push({ id: row.id, cells: cells.map((c, j) => (j === col ? number : c)) });
    else if (!cellFits(cell, input.type) && refused.length < 20)
      refused.push({ path: `rows.${i}.${input.field}`, message: `Row ${i + 1}, column “${headers[col].name}”: “${String(cell).slice(0, 40)}” is not ${input.type === "NUMBER" ? "a number" : "a date"}` });
  });
  if (refused.length) throw new AppError(422, "cell_wrong_type", "Some cells do not hold the type chosen", refused);
  const kinds = columnKindsOf(db, item.id, headers.length);
  kinds[col] = { type: input.type, fit: 1 };
  db.transaction((tx) => {
    writeColumnKind(tx, item.id, col, kinds[col]);
    rewriteRows(tx, item.id, changed, urlColumnOf(headers), datedColumns(kinds));
    rekeyColumn(tx, item.id, col, input.type === "DATE");
    audit(tx, actor.id, "UPDATE", `TABLE ${item.name}`, item.id);
  });
  return kinds[col];
}
