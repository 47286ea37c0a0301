/**
 * The dashboard's widget grid (spec 2 "Project dashboard", sections 4 and 9): react-grid-layout with
 * 12 columns, rows of 30 px and margins of 16 by 10; a normal mode, and for moderators an edit mode
 * (drag by the title bar, resize from the corner, or the keyboard buttons; add; remove) that ends on
 * save or when the last widget is removed. Under 601 px the widgets stack in one column without drag.
 */
import { useEffect, useRef, useState } from "react";
import { createRoot } from "react-dom/client";
import { GridLayout, useContainerWidth, verticalCompactor, type Layout } from "react-grid-layout";
import { mdiArrowCollapseVertical, mdiArrowDown, mdiArrowExpandVertical, mdiArrowUp, mdiClose, mdiContentSave, mdiPencil, mdiPlus } from "@mdi/js";
import type { Wire } from "../../src/lib/responses";
import type { PresentedWidget } from "../../src/modules/widgets/presenter";
import { GRID, MIN_SIZE } from "../../src/modules/widgets/limits";
import { dataItemPath } from "../../src/lib/data-paths";
import { api } from "../lib/api";
import { t, tf } from "../lib/i18n";
import { reportFailure } from "../lib/failures";
import { snack } from "../lib/snackbar";
import { byPosition, HEIGHT_STEP, placeNew, rowsToPixels, swapped, type Cells } from "./layout";
import { mountWidgetBody } from "./registry";
import { AddWidgetDialog, type NewWidget } from "./add-dialog";
import { useNarrow } from "../lib/use-narrow";

export type Widget = Wire<PresentedWidget>;

interface GridProps {
  projectId: number;
  canModerate: boolean;
  initial: Widget[];
  /** Opened by the static grid's edit button: start in edit mode with the focus on "Add widget". */
  editing: boolean;
}


function Icon({ path }: { path: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={path} />
    </svg>
  );
}

const widgetName = (widget: Widget) => widget.abstractData?.name ?? t(`widget.type.${widget.type}`);

/** The widget's content: its body mounted into an element React leaves alone. */
function WidgetBody({ widget, projectId, canModerate }: { widget: Widget; projectId: number; canModerate: boolean }) {
  const host = useRef<HTMLDivElement>(null);
  const dataId = widget.abstractData?.id ?? null;
  useEffect(() => {
    let gone = false;
    let unmount: (() => void) | undefined;
    mountWidgetBody(host.current!, widget.type, { dataId, projectId, canModerate }).then((down) => (gone ? down() : (unmount = down)));
    return () => {
      gone = true;
      unmount?.();
    };
  }, [widget.type, dataId, projectId, canModerate]);
  return (
    <div className="widget__body">
      <div className="widget__host" ref={host} />
    </div>
  );
}

interface CardProps {
  widget: Widget;
  projectId: number;
  canModerate: boolean;
  editing: boolean;
  first: boolean;
  last: boolean;
  onMove(step: -1 | 1): void;
  onHeight(step: -1 | 1): void;
  onRemove(): void;
}

function WidgetCard({ widget, projectId, canModerate, editing, first, last, onMove, onHeight, onRemove }: CardProps) {
  const name = widgetName(widget);
  const source = widget.abstractData;
  const titleId = `widget-title-${widget.id}`;
  const tool = (label: string, path: string, action: () => void, disabled = false) => (
    <button type="button" className="icon-btn icon-btn--small" aria-label={label} title={label} onClick={action} disabled={disabled}>
      <Icon path={path} />
    </button>
  );
  return (
    <section className="widget" aria-labelledby={titleId} data-widget-id={widget.id}>
      <header className={`widget__bar${editing ? " widget__bar--drag" : ""}`}>
        <h3 id={titleId} className="widget__title">
          {source ? <a href={dataItemPath(projectId, source.dataType, source.id)}>{name}</a> : name}
        </h3>
        {editing && (
          <div className="widget__tools">
            {tool(tf("widget.moveUp", { name }), mdiArrowUp, () => onMove(-1), first)}
            {tool(tf("widget.moveDown", { name }), mdiArrowDown, () => onMove(1), last)}
            {tool(tf("widget.taller", { name }), mdiArrowExpandVertical, () => onHeight(1))}
            {tool(tf("widget.shorter", { name }), mdiArrowCollapseVertical, () => onHeight(-1), widget.layout.h <= MIN_SIZE[widget.type].h)}
            {tool(tf("widget.remove", { name }), mdiClose, onRemove)}
          </div>
        )}
      </header>
      <WidgetBody widget={widget} projectId={projectId} canModerate={canModerate} />
    </section>
  );
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

function WidgetGrid({ projectId, canModerate, initial, editing: startEditing }: GridProps) {
  const [widgets, setWidgets] = useState(initial);
  const [editing, setEditing] = useState(startEditing);
  const addButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (startEditing) addButton.current?.focus();
  }, [startEditing]);
  const [busy, setBusy] = useState(false);
  const [adding, setAdding] = useState(false);
  const narrow = useNarrow();
  const { width, containerRef, mounted } = useContainerWidth();
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
      await api("widget/remove", { query: { id: widget.id } });
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
      const saved = await api<Widget[]>("widget/save-all", { body: widgets.map(bodyOf) });
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
    const widget = await api<Widget>("widget/save", {
      body: { type: choice.type, abstractData: choice.dataId ? { id: choice.dataId } : null, project: { id: projectId }, layout: placeNew(choice.type, cells) },
    });
    setWidgets((current) => [...current, widget]);
    setAdding(false);
  }

  const layout: Layout = widgets.map((w) => ({ ...w.layout, minW: MIN_SIZE[w.type].w, minH: MIN_SIZE[w.type].h }));
  const card = (widget: Widget) => {
    const index = ordered.indexOf(widget);
    return (
      <WidgetCard
        widget={widget}
        projectId={projectId}
        canModerate={canModerate}
        editing={editing}
        first={index === 0}
        last={index === ordered.length - 1}
        onMove={(step) => move(index, step)}
        onHeight={(step) => resize(widget, step)}
        onRemove={() => remove(widget)}
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
      <div ref={containerRef} className={`widget-grid${editing ? " widget-grid--editing" : ""}`}>
        {narrow ? (
          <ol className="widget-stack">
            {ordered.map((widget) => (
              <li key={widget.layout.i} style={{ height: rowsToPixels(widget.layout.h) }}>
                {card(widget)}
              </li>
            ))}
          </ol>
        ) : (
          mounted && (
            <GridLayout
              width={width}
              layout={layout}
              gridConfig={{ cols: GRID.columns, rowHeight: GRID.rowHeight, margin: GRID.margin, containerPadding: [0, 0] }}
              dragConfig={{ enabled: editing, handle: ".widget__bar--drag", cancel: "button, a" }}
              resizeConfig={{ enabled: editing }}
              compactor={verticalCompactor}
              onLayoutChange={(next) => setWidgets((current) => withCells(current, next))}
            >
              {ordered.map((widget) => (
                <div key={widget.layout.i}>{card(widget)}</div>
              ))}
            </GridLayout>
          )
        )}
      </div>
      {adding && <AddWidgetDialog projectId={projectId} onAdd={add} onClose={() => setAdding(false)} />}
    </>
  );
}

/** Renders the editable grid into `host` (the page's widget section), replacing the static one. */
export function mountWidgetGrid(host: HTMLElement, props: GridProps) {
  host.replaceChildren();
  createRoot(host).render(<WidgetGrid {...props} />);
}
