import type { Db } from "../../../db/client";
import type { DataItem } from "../../../db/schema";
import type { PresentedPublicTable } from "../public-data/presenter";
import { pageOfRows } from "./rows";
import { headersOf, urlColumnOf } from "./service";

/** Past this page a public table answers an empty page rather than scanning far. */
const MAX_PAGE = 10_000;

/** A page of a public table: its columns but the `url` one (map points stay hidden), and one page of rows. */
export function publicTable(db: Db, item: DataItem, view: { page: number; rowsPerPage: number }): PresentedPublicTable {
  const headers = headersOf(item);
  const hidden = urlColumnOf(headers);
  const shown = headers.map((_, c) => c).filter((c) => c !== hidden);
  const wanted = Math.min(Math.max(0, view.page), MAX_PAGE);
  const { rows, total } = pageOfRows(db, item.id, { offset: wanted * view.rowsPerPage, limit: view.rowsPerPage });
  return {
    headers: shown.map((c) => headers[c].name),
    rows: rows.map((row) => shown.map((c) => row.cells[c] ?? null)),
    page: wanted,
    rowsPerPage: view.rowsPerPage,
    totalElements: total,
  };
}
