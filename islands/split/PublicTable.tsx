import { mdiChevronLeft, mdiChevronRight } from "@mdi/js";
import type { PresentedPublicTable } from "../../src/modules/public-data/presenter";
import { Icon } from "../lib/ui/Icon";
import { useT } from "../lib/ui/i18n";

type Cell = PresentedPublicTable["rows"][number][number];

// Numbers with up to four decimals, trailing zeros trimmed.
const cellText = (cell: Cell) => (cell === null ? "" : typeof cell === "number" ? String(Number(cell.toFixed(4))) : cell);

/** A row's text as the search reads it: its cells as shown, one after the other. */
export const rowText = (row: Cell[]) => row.map(cellText).join("");

/** Whether a row holds the searched words; every row when nothing is searched. */
export type RowMatch = (text: string) => boolean;

/** A public table's page (paged by links, so each page is its own address) with the rows the search keeps. */
export function PublicTable({ table, path, shows }: { table: PresentedPublicTable; path: string; shows: RowMatch }) {
  const { t, tf } = useT();
  const lastPage = Math.max(0, Math.ceil(table.totalElements / table.rowsPerPage) - 1);
  const pageHref = (n: number) => (n === 0 ? path : `${path}?page=${n}`);
  const from = Math.min(table.totalElements, table.page * table.rowsPerPage + 1);
  const to = Math.min(table.totalElements, (table.page + 1) * table.rowsPerPage);
  const pageLink = (n: number, label: string, icon: string) => (
    <a className="docv-icon" href={pageHref(n)} title={label}>
      <Icon path={icon} />
      <span className="visually-hidden">{label}</span>
    </a>
  );
  return (
    <>
      <div className="pub__table">
        <table>
          <thead>
            <tr>
              {table.headers.map((name, i) => (
                <th key={i} scope="col">
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row, r) => (
              <tr key={r} hidden={!shows(rowText(row))}>
                {row.map((cell, c) => (
                  <td key={c}>{cellText(cell)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {table.totalElements > 0 && (
        <nav className="pub__pager">
          {table.page > 0 ? pageLink(table.page - 1, t("viewer.public.previous"), mdiChevronLeft) : <span className="pub__gap" />}
          <span>{tf("viewer.public.rows", { from: String(from), to: String(to), total: String(table.totalElements) })}</span>
          {table.page < lastPage ? pageLink(table.page + 1, t("viewer.public.next"), mdiChevronRight) : <span className="pub__gap" />}
        </nav>
      )}
    </>
  );
}
