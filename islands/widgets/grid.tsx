/**
 * The dashboard's widget grid (spec 2 "Project dashboard", sections 4 and 9): react-grid-layout with
 * 12 columns, rows of 30 px and margins of 16 by 10; a normal mode, and for moderators an edit mode
 * (drag by the title bar, resize from the corner, or the keyboard buttons; add; remove) that ends on
 * save or when the last widget is removed. Under 601 px the widgets stack in one column without drag.
 */
import { useEffect, useRef, useState } from "react";
import { verticalCompactor, type Layout } from "react-grid-layout";
import { mdiContentSave, mdiPencil, mdiPlus } from "@mdi/js";
import { GRID, MIN_SIZE } from "../../src/modules/widgets/limits";
import { call, server } from "../lib/server";
import { reportFailure } from "../lib/failures";
import { snack } from "../lib/snackbar";
import { Icon } from "../lib/ui/Icon";
import { useT } from "../lib/ui/i18n";
import { byPosition, HEIGHT_STEP, placeNew, rowsToPixels, swapped, type Cells } from "./layout";
import { AddWidgetDialog, type NewWidget } from "./add-dialog";
import { useNarrow } from "../lib/use-narrow";
import { LayoutGrid } from "./LayoutGrid";
import { type Widget, WidgetCard } from "./WidgetCard";

interface GridProps {
  projectId: number;
  canModerate: boolean;
  initial: Widget[];
  /** Opened by the static grid's edit button: start in edit mode with the focus on "Add widget". */
  editing: boolean;
}

const bodyOf = (widget: Widget) => ({
  id: widget.id,
  type: widget.type,
  abstractData: widget.abstractData ? { id: widget.abstractData.id } : null,
  project: widget.project,
  layout: { x: widget.layout.x, y: widget.layout.y, w: widget.layout.w, h: widget.layout.h },
});

/** The widgets with the cells of `layout` (the grid's answer after a drag, a resize or a compaction). */
const withCells = (widgets: Widget[], layout: readonly Cells[]) =>
  widgets.map((widget) => {
    const cell = layout.find((c) => c.i === widget.layout.i);
    return cell ? { ...widget, layout: { i: cell.i, x: cell.x, y: cell.y, w: cell.w, h: cell.h } } : widget;
  });

const compacted = (cells: readonly Cells[]): Cells[] =>
  verticalCompactor.compact(cells, GRID.columns).map(({ i, x, y, w, h }) => ({ i, x, y, w, h }));

/** The grid in a moderator's hands: loaded when they first ask to edit, and the section's from then on. */
export default function WidgetGrid({ projectId, canModerate, initial, editing: startEditing }: GridProps) {
  const { t } = useT();
  const [widgets, setWidgets] = useState(initial);
  const [editing, setEditing] = useState(startEditing);
  const addButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (startEditing) addButton.current?.focus();
  }, [startEditing]);
  const [busy, setBusy] = useState(false);
  const [adding, setAdding] = useState(false);
  const narrow = useNarrow();
  const ordered = byPosition(widgets);
  const cells = widgets.map((w) => w.layout);

  const relayout = (next: Cells[]) => setWidgets((current) => withCells(current, compacted(next)));

  function move(index: number, step: -1 | 1) {
    relayout(swapped(cells, index, step));
  }

  function resize(widget: Widget, step: -1 | 1) {
    const h = Math.max(MIN_SIZE[widget.type].h, widget.layout.h + step * HEIGHT_STEP);
    relayout(cells.map((c) => (c.i === widget.layout.i ? { ...c, h } : c)));
  }

  async function remove(widget: Widget) {
    try {
      await call(server.widget.remove.get({ query: { id: widget.id } }));
      const left = widgets.filter((w) => w.id !== widget.id);
      setWidgets(left);
      snack(t("widget.removed"), "success");
      if (!left.length) setEditing(false);
    } catch (error) {
      reportFailure(error, t("common.error"));
    }
  }

  async function save() {
    if (!widgets.length) {
      setEditing(false);
      return;
    }
    setBusy(true);
    try {
      const saved = await call(server.widget["save-all"].post(widgets.map(bodyOf)));
      setWidgets(saved);
      setEditing(false);
      snack(t("widget.saved"), "success");
    } catch (error) {
      reportFailure(error, t("common.error"));
    } finally {
      setBusy(false);
    }
  }

  async function add(choice: NewWidget) {
    const widget = await call(
      server.widget.save.post({ type: choice.type, abstractData: choice.dataId ? { id: choice.dataId } : null, project: { id: projectId }, layout: placeNew(choice.type, cells) }),
    );
    setWidgets((current) => [...current, widget]);
    setAdding(false);
  }

  const gridClass = `widget-grid${editing ? " widget-grid--editing" : ""}`;
  const layout: Layout = widgets.map((w) => ({ ...w.layout, minW: MIN_SIZE[w.type].w, minH: MIN_SIZE[w.type].h }));
  const card = (widget: Widget) => {
    const index = ordered.indexOf(widget);
    return (
      <WidgetCard
        widget={widget}
        projectId={projectId}
        canModerate={canModerate}
        tools={
          editing
            ? { first: index === 0, last: index === ordered.length - 1, onMove: (step) => move(index, step), onHeight: (step) => resize(widget, step), onRemove: () => remove(widget) }
            : undefined
        }
      />
    );
  };

  return (
    <>
      <div className="toolbar">
        <h2 id="widgets-title">{t("widget.title")}</h2>
        {canModerate && !editing && (
          <button type="button" className="btn btn--ghost" onClick={() => setEditing(true)}>
            <Icon path={mdiPencil} />
            {t("widget.edit")}
          </button>
        )}
        {editing && (
          <>
            <button type="button" className="btn btn--ghost" ref={addButton} onClick={() => setAdding(true)}>
              <Icon path={mdiPlus} />
              {t("widget.add")}
            </button>
            <button type="button" className="btn" onClick={save} disabled={busy}>
              <Icon path={mdiContentSave} />
              {t("common.save")}
            </button>
          </>
        )}
      </div>
      {editing && <p className="widget-hint">{t("widget.editHint")}</p>}
      {!widgets.length && <p className="empty">{t("widget.empty")}</p>}
      {narrow ? (
        <div className={gridClass}>
          <ol className="widget-stack">
            {ordered.map((widget) => (
              <li key={widget.layout.i} style={{ height: rowsToPixels(widget.layout.h) }}>
                {card(widget)}
              </li>
            ))}
          </ol>
        </div>
      ) : (
        <LayoutGrid className={gridClass} layout={layout} editing={editing} onLayoutChange={(next) => setWidgets((current) => withCells(current, next))}>
          {ordered.map((widget) => (
            <div key={widget.layout.i}>{card(widget)}</div>
          ))}
        </LayoutGrid>
      )}
      {adding && <AddWidgetDialog projectId={projectId} onAdd={add} onClose={() => setAdding(false)} />}
    </>
  );
}
