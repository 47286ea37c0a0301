import { useSignals } from "@preact/signals-react/runtime";
import { type DragEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { useT } from "../lib/ui/i18n";
import type { Column } from "./board-store";
import type { TaskListStore } from "./list-store";
import { MoveMenu } from "./MoveMenu";
import { picked } from "./TaskRows";
import { personName, STATUSES, type IssueSummary, type Status } from "./types";

interface Props {
  list: TaskListStore;
  onSelect: (id: number) => void;
  linkRef: (id: number, link: HTMLAnchorElement | null) => void;
}

/**
 * The board: one column per status, each with its count and cards from the server and its own Show
 * more. A card moves to another column by dragging it there (pointer) or through its move menu
 * (keyboard and touch). Below 601 px one column shows at a time, picked by the status switcher.
 */
export function TaskBoard({ list, onSelect, linkRef }: Props) {
  useSignals();
  const { t, tf } = useT();
  const board = list.board;
  const [target, setTarget] = useState<Status>();
  const [current, setCurrent] = useState<Status>("OPEN");
  const [menu, setMenu] = useState<{ issue: IssueSummary; button: HTMLButtonElement }>();
  /** The card whose move button takes the focus once it is drawn in its new column. */
  const [refocus, setRefocus] = useState<number>();
  const moveButtons = useRef(new Map<number, HTMLButtonElement>());
  const columns = board.columns.value;

  useEffect(() => {
    if (!board.loaded.value) void board.reload();
  }, [board]);

  useEffect(() => {
    if (refocus !== undefined) moveButtons.current.get(refocus)?.focus();
  }, [refocus, columns]);

  const drop = (event: DragEvent, status: Status) => {
    event.preventDefault();
    setTarget(undefined);
    const id = Number(event.dataTransfer.getData("text/plain"));
    const issue = STATUSES.flatMap((s) => columns[s].items).find((i) => i.id === id);
    if (issue && status !== issue.status) void list.move(issue, status);
  };

  return (
    <div className="tb-wrap">
      <div className="tb-switch" role="group" aria-label={t("issue.board.switch")}>
        {STATUSES.map((status) => (
          <button key={status} type="button" className="btn btn--ghost" aria-pressed={current === status} aria-controls={`tb-col-${status}`} onClick={() => setCurrent(status)}>
            <span className={`td-dot td-dot--${status}`} aria-hidden="true" />
            {t(`issueStatus.${status}`)} <span className="tb-n">{columns[status].total}</span>
          </button>
        ))}
      </div>
      <div className="tb" id="tl-board" role="group" aria-label={t("issue.board")} aria-busy={!board.loaded.value} onDragLeave={(event) => !event.currentTarget.contains(event.relatedTarget as Node) && setTarget(undefined)}>
        {STATUSES.map((status) => (
          <BoardColumn
            key={status}
            status={status}
            column={columns[status]}
            className={`${target === status ? " is-target" : ""}${current === status ? " is-current" : ""}`}
            onDragOver={() => setTarget(status)}
            onDrop={(event) => drop(event, status)}
            onMore={() => void board.loadMore(status)}
            moreLabel={tf("issue.board.more", { count: columns[status].total - columns[status].items.length })}
          >
            {columns[status].items.map((issue) => (
              <Card
                key={issue.id}
                issue={issue}
                movable={list.canMove(issue)}
                onSelect={onSelect}
                linkRef={linkRef}
                moveRef={(button) => (button ? moveButtons.current.set(issue.id, button) : moveButtons.current.delete(issue.id))}
                onMenu={(button) => setMenu({ issue, button })}
              />
            ))}
          </BoardColumn>
        ))}
      </div>
      {menu && (
        <MoveMenu
          issue={menu.issue}
          anchor={menu.button}
          onClose={(focusBack) => {
            setMenu(undefined);
            if (focusBack) menu.button.focus();
          }}
          onMove={(status) => {
            setMenu(undefined);
            setRefocus(menu.issue.id);
            void list.move(menu.issue, status);
          }}
        />
      )}
    </div>
  );
}

interface ColumnProps {
  status: Status;
  column: Column;
  className: string;
  onDragOver: () => void;
  onDrop: (event: DragEvent) => void;
  onMore: () => void;
  moreLabel: string;
  children: ReactNode;
}

/** A status's column: its name and count, its cards, and Show more while the server has more. */
function BoardColumn({ status, column, className, onDragOver, onDrop, onMore, moreLabel, children }: ColumnProps) {
  const { t } = useT();
  return (
    <section
      className={`tb-col tb-col--${status}${className}`}
      id={`tb-col-${status}`}
      data-status={status}
      aria-labelledby={`tb-h-${status}`}
      onDragOver={(event) => {
        event.preventDefault();
        onDragOver();
      }}
      onDrop={onDrop}
    >
      <h2 id={`tb-h-${status}`}>
        <span className={`td-dot td-dot--${status}`} aria-hidden="true" />
        {t(`issueStatus.${status}`)} <span className="tb-n">{column.total}</span>
      </h2>
      <ul className="tb-cards">{children}</ul>
      {column.items.length < column.total && (
        <button type="button" className="btn btn--ghost tb-more" disabled={column.loading} onClick={onMore}>
          {column.loading ? t("common.loading") : moreLabel}
        </button>
      )}
    </section>
  );
}

interface CardProps {
  issue: IssueSummary;
  movable: boolean;
  onSelect: (id: number) => void;
  linkRef: Props["linkRef"];
  moveRef: (button: HTMLButtonElement | null) => void;
  onMenu: (button: HTMLButtonElement) => void;
}

function Card({ issue, movable, onSelect, linkRef, moveRef, onMenu }: CardProps) {
  const { tf } = useT();
  const [dragged, setDragged] = useState(false);
  const moveLabel = tf("issue.moveMenu", { name: issue.name });
  return (
    <li
      className={`tb-card${issue.overdue ? " is-overdue" : ""}${dragged ? " is-dragged" : ""}`}
      data-id={issue.id}
      draggable={movable}
      onDragStart={(event) => {
        event.dataTransfer.setData("text/plain", String(issue.id));
        event.dataTransfer.effectAllowed = "move";
        setDragged(true);
      }}
      onDragEnd={() => setDragged(false)}
    >
      <a
        className="tb-card__name"
        href={`/project/${issue.project.id}/issue/${issue.id}`}
        ref={(link) => linkRef(issue.id, link)}
        onClick={(event) => {
          if (!picked(event)) return;
          event.preventDefault();
          onSelect(issue.id);
        }}
      >
        {issue.name}
      </a>
      <span className="tb-card__meta">{personName(issue.performer)}</span>
      {movable && (
        <button type="button" className="td-icon tb-card__move" aria-haspopup="menu" aria-label={moveLabel} title={moveLabel} ref={moveRef} onClick={(event) => onMenu(event.currentTarget)}>
          ⋮
        </button>
      )}
    </li>
  );
}
