import { useSignals } from "@preact/signals-react/runtime";
import { type KeyboardEvent, type Ref, useEffect, useRef } from "react";
import { useT } from "../lib/ui/i18n";
import { formatCell, type Header, type MapPoint, mapHref, pointsOf } from "./cells";
import type { TableItem } from "./rows";
import type { TableStore } from "./store";

/** Keys that move the focus stop between cells: rows, columns. */
const MOVES: Record<string, [number, number]> = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
  PageUp: [-10, 0],
  PageDown: [10, 0],
};

/** The open cell's text field: Escape leaves it, Enter saves, Tab saves and moves on; a failed save keeps it open with the text. */
function CellEditor({ store, label, inputRef }: { store: TableStore; label: string; inputRef: Ref<HTMLInputElement> }) {
  useSignals();
  const own = useRef<HTMLInputElement | null>(null);
  const editing = store.editing.value!;
  useEffect(() => {
    own.current?.focus();
    own.current?.select();
  }, []);
  const keyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      store.cancelEdit();
    } else if (event.key === "Enter" || event.key === "Tab") {
      event.preventDefault();
      event.stopPropagation();
      const step = event.key === "Tab" ? (event.shiftKey ? -1 : 1) : 0;
      void store.saveEdit().then((saved) => saved && store.moveTo(store.active.value.row, store.active.value.col + step));
    }
  };
  return (
    <input
      ref={(element) => {
        own.current = element;
        if (typeof inputRef === "function") inputRef(element);
        else if (inputRef) inputRef.current = element;
      }}
      className="tv__input"
      aria-label={label}
      value={editing.text}
      readOnly={editing.saving}
      aria-busy={editing.saving}
      onChange={(event) => store.typing(event.target.value)}
      onKeyDown={keyDown}
    />
  );
}

interface RowProps {
  store: TableStore;
  index: number;
  item: TableItem | undefined;
  columns: Header[];
  pointsField: string | undefined;
  editable: boolean;
  projectId: number;
  rowRef: (element: HTMLTableRowElement | null) => void;
  editorRef: Ref<HTMLInputElement>;
  choosePoint: (points: MapPoint[]) => void;
}

/**
 * One drawn row: a check box for moderators, a cell per column (its label shows only as a card), and
 * the map actions when the table has points. Moderators move between cells with the keyboard and edit
 * one with Enter, F2 or a double click.
 */
export function TableRow({ store, index, item, columns, pointsField, editable, projectId, rowRef, editorRef, choosePoint }: RowProps) {
  useSignals();
  const { t, tf } = useT();
  const active = store.active.value;
  const editing = store.editing.value;
  const selected = !!item && store.selected.value.has(item.id);
  const points = pointsField ? pointsOf(item?.[pointsField]) : [];
  const cellKeyDown = (event: KeyboardEvent<HTMLTableCellElement>) => {
    if (event.target !== event.currentTarget) return;
    const move = MOVES[event.key];
    if (move) {
      event.preventDefault();
      store.moveTo(active.row + move[0], active.col + move[1]);
    } else if (event.key === "Enter" || event.key === "F2") {
      event.preventDefault();
      void store.startEdit(active.row, active.col);
    }
  };
  return (
    <tr ref={rowRef} className={`tv__row${item ? "" : " is-loading"}${selected ? " is-selected" : ""}${item && item.id === store.found.value ? " is-found" : ""}`} aria-rowindex={index + 2}>
      {editable && (
        <td className="tv__select">
          <input type="checkbox" disabled={!item} checked={selected} aria-label={tf("table.selectRow", { n: index + 1 })} onChange={(event) => item && store.select(item.id, event.target.checked)} />
        </td>
      )}
      {columns.map((column, col) => {
        const value = item?.[column.field];
        const open = !!editing && !!item && editing.rowId === item.id && editing.field === column.field;
        const text = item ? formatCell(value, column.type) : "…";
        return (
          <td
            key={column.field}
            data-col={col}
            className={[(typeof value === "number" || column.type === "DATE") && "tv__num", open && "is-editing"].filter(Boolean).join(" ") || undefined}
            title={!open && text.length > 20 ? text : undefined}
            {...(editable && {
              tabIndex: active.row === index && active.col === col ? 0 : -1,
              onFocus: () => (active.row !== index || active.col !== col) && (store.active.value = { row: index, col }),
              onKeyDown: cellKeyDown,
              onDoubleClick: () => !open && void store.startEdit(index, col),
            })}
          >
            <span className="tv__label">{column.name}</span>
            {open ? <CellEditor store={store} label={column.name} inputRef={editorRef} /> : <span className="tv__value">{text}</span>}
          </td>
        );
      })}
      {pointsField && (
        <td className="tv__actions">
          {points.length === 1 && (
            <a className="btn btn--ghost" href={mapHref(projectId, points[0]!)}>
              {t("table.openOnMap")}
            </a>
          )}
          {points.length > 1 && (
            <button type="button" className="btn btn--ghost" onClick={() => choosePoint(points)}>
              {tf("table.openOnMapMany", { n: points.length })}
            </button>
          )}
        </td>
      )}
    </tr>
  );
}
