import { useSignals } from "@preact/signals-react/runtime";
import { type CSSProperties, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { COLUMN_TYPES } from "../../src/modules/tables/cells";
import { useT } from "../lib/ui/i18n";
import type { Header, MapPoint } from "./cells";
import { PointChooser } from "./PointChooser";
import type { TableStore } from "./store";
import { TableRow } from "./TableRow";

/** Rows drawn beyond each edge of the visible ones, so a short scroll shows rows already there. */
const OVERSCAN = 8;

/** A column's type under its title, with the share of values that fit when some do not; a moderator's is a choice. */
function ColumnType({ store, column, editable }: { store: TableStore; column: Header; editable: boolean }) {
  const { t, tf, locale } = useT();
  const type = column.type ?? "TEXT";
  const name = t(`table.type.${type}`);
  const fit = column.fit !== undefined && column.fit < 1 ? tf("table.typeFit", { type: name, share: new Intl.NumberFormat(locale, { style: "percent" }).format(Math.floor(column.fit * 100) / 100) }) : name;
  if (!editable) return <span className="tv__type">{fit}</span>;
  return (
    <select className="tv__type" aria-label={tf("table.typeOf", { column: column.name })} title={fit} value={type} onChange={(event) => void store.setType(column.field, event.target.value as typeof type)}>
      {COLUMN_TYPES.map((option) => (
        <option key={option} value={option}>
          {option === type ? fit : t(`table.type.${option}`)}
        </option>
      ))}
    </select>
  );
}

/** The header: one sort button per shown column (aria-sort) over its type, then the actions column when rows have map points. */
function TableHead({ store, editable }: { store: TableStore; editable: boolean }) {
  useSignals();
  const { t } = useT();
  const { columns, pointsField } = store.layout.value;
  const { sortBy, desc } = store.query.value;
  return (
    <tr aria-rowindex={1}>
      {editable && (
        <th className="tv__selecthead">
          <span className="visually-hidden">{t("table.select")}</span>
        </th>
      )}
      {columns.map((column) => {
        const sorted = column.field === sortBy;
        return (
          <th key={column.field} scope="col" aria-sort={sorted ? (desc ? "descending" : "ascending") : undefined}>
            <button type="button" className="tv__sort" onClick={() => store.sortBy(column.field)}>
              <span>{column.name}</span>
              <span className="tv__arrow" aria-hidden="true">
                {sorted ? (desc ? "▼" : "▲") : ""}
              </span>
            </button>
            <ColumnType store={store} column={column} editable={editable} />
          </th>
        );
      })}
      {pointsField && (
        <th className="tv__actionshead">
          <span className="visually-hidden">{t("table.actions")}</span>
        </th>
      )}
    </tr>
  );
}

/**
 * The scrolling table: only the rows in view are in the page, between two spacer rows, as a table or,
 * narrower than 601 px, as cards. Every row has one height (cells do not wrap); it changes with the
 * layout, so it is read from the drawn rows.
 */
export function TableGrid({ store, editable, projectId }: { store: TableStore; editable: boolean; projectId: number }) {
  useSignals();
  const { t } = useT();
  const scroller = useRef<HTMLDivElement>(null);
  const head = useRef<HTMLTableSectionElement>(null);
  const editor = useRef<HTMLInputElement>(null);
  const drawn = useRef(new Map<number, HTMLTableRowElement>());
  const [viewport, setViewport] = useState({ scrollTop: 0, height: 0 });
  const [rowHeight, setRowHeight] = useState(37);
  const [chooser, setChooser] = useState<MapPoint[] | null>(null);
  const total = store.total.value;
  const fresh = store.fresh.value;
  const loaded = store.loaded.value;
  const focusTurn = store.focusTurn.value;
  const { columns, pointsField, widths } = store.layout.value;
  const name = store.name.value;

  const readViewport = useCallback(() => {
    const element = scroller.current;
    if (element) setViewport({ scrollTop: element.scrollTop, height: element.clientHeight });
  }, []);
  useEffect(() => {
    const element = scroller.current!;
    let frame = 0;
    const schedule = () => (frame ||= requestAnimationFrame(() => ((frame = 0), readViewport())));
    element.addEventListener("scroll", schedule, { passive: true });
    const resized = new ResizeObserver(schedule);
    resized.observe(element);
    readViewport();
    return () => {
      element.removeEventListener("scroll", schedule);
      resized.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [readViewport]);

  const count = total ?? 0;
  const top = Math.max(0, viewport.scrollTop - (head.current?.offsetHeight ?? 0));
  const first = Math.max(0, Math.floor(top / rowHeight) - OVERSCAN);
  const last = Math.min(count - 1, Math.ceil((top + viewport.height) / rowHeight) + OVERSCAN);

  // The 0 rows may be the previous query's: a new one (reset, not yet answered) still needs its first page.
  useEffect(() => {
    if (total === undefined || (total === 0 && !fresh)) store.want(0, 0);
    else if (total > 0) store.want(first, last);
  }, [store, total, fresh, first, last, loaded]);

  useLayoutEffect(() => {
    const a = drawn.current.get(first);
    const b = drawn.current.get(Math.min(first + 1, last));
    const measured = a && b && a !== b ? b.offsetTop - a.offsetTop : a?.getBoundingClientRect().height;
    if (measured && Math.abs(measured - rowHeight) > 0.5) setRowHeight(measured);
  });

  // After adding a record to an unsorted table: its end, once the new count is in.
  useLayoutEffect(() => {
    if (!store.toEnd.value || !fresh || !scroller.current) return;
    store.toEnd.value = false;
    scroller.current.scrollTop = scroller.current.scrollHeight;
  }, [store, fresh, loaded]);

  // A move or an edit's end: the active row scrolled into view (and drawn), then its cell (or open editor) focused.
  const focusWanted = useRef(false);
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!focusTurn || !element) return;
    focusWanted.current = true;
    const rowTop = store.active.value.row * rowHeight;
    const visible = element.clientHeight - (head.current?.offsetHeight ?? 0);
    if (rowTop < element.scrollTop) element.scrollTop = rowTop;
    else if (rowTop + rowHeight > element.scrollTop + visible) element.scrollTop = rowTop + rowHeight - visible;
    readViewport();
  }, [focusTurn]);
  useLayoutEffect(() => {
    if (!focusWanted.current) return;
    const { row, col } = store.active.value;
    const cell = drawn.current.get(row)?.cells[col + (editable ? 1 : 0)];
    if (!cell) return;
    focusWanted.current = false;
    if (editor.current && cell.contains(editor.current)) editor.current.focus();
    else cell.focus();
  });

  const note = store.loadError.value && total === undefined ? store.loadError.value : total === 0 ? t(store.query.value.filter ? "table.noMatch" : "table.empty") : "";
  const rows = [];
  for (let index = first; index <= last; index++) {
    rows.push(
      <TableRow
        key={index}
        store={store}
        index={index}
        item={store.row(index)}
        columns={columns}
        pointsField={pointsField}
        editable={editable}
        projectId={projectId}
        editorRef={editor}
        choosePoint={setChooser}
        rowRef={(element) => (element ? drawn.current.set(index, element) : drawn.current.delete(index))}
      />,
    );
  }
  return (
    <div ref={scroller} className="tv__scroll" tabIndex={0} role="region" aria-label={name || t("table.title")}>
      <table className="tv__table" role={editable ? "grid" : undefined} aria-rowcount={total === undefined ? undefined : total + 1} style={{ "--tv-width": `calc(${widths.join(" + ") || "0px"})` } as CSSProperties}>
        <caption className="visually-hidden">{name}</caption>
        <colgroup>
          {widths.map((width, index) => (
            <col key={index} style={{ width }} />
          ))}
        </colgroup>
        <thead ref={head}>
          <TableHead store={store} editable={editable} />
        </thead>
        <tbody>
          <tr className="tv__spacer" aria-hidden="true">
            <td style={{ height: `${count ? first * rowHeight : 0}px` }} />
          </tr>
          {count > 0 && rows}
          <tr className="tv__spacer" aria-hidden="true">
            <td style={{ height: `${count ? (count - 1 - last) * rowHeight : 0}px` }} />
          </tr>
        </tbody>
      </table>
      <p className={`tv__note${store.loadError.value && total === undefined ? " is-error" : ""}`} hidden={!note}>
        {note}
      </p>
      {chooser && <PointChooser projectId={projectId} points={chooser} onClose={() => setChooser(null)} />}
    </div>
  );
}
