import { useSignals } from "@preact/signals-react/runtime";
import { type DragEvent, useEffect, useRef, useState } from "react";
import { useT } from "../lib/ui/i18n";
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
 * The board: one column per status with the loaded tasks as cards. A card moves to another column by
 * dragging it there (pointer) or through its move menu (keyboard and touch); both call the list's move.
 */
export function TaskBoard({ list, onSelect, linkRef }: Props) {
  useSignals();
  const { t } = useT();
  const [target, setTarget] = useState<Status>();
  const [menu, setMenu] = useState<{ issue: IssueSummary; button: HTMLButtonElement }>();
  /** The card whose move button takes the focus once it is drawn in its new column. */
  const [refocus, setRefocus] = useState<number>();
  const moveButtons = useRef(new Map<number, HTMLButtonElement>());
  const items = list.items.value;

  useEffect(() => {
    if (refocus !== undefined) moveButtons.current.get(refocus)?.focus();
  }, [refocus, items]);

  const drop = (event: DragEvent, status: Status) => {
    event.preventDefault();
    setTarget(undefined);
    const issue = items.find((i) => i.id === Number(event.dataTransfer.getData("text/plain")));
    if (issue && status !== issue.status) void list.move(issue, status);
  };

  return (
    <div className="tb" id="tl-board" role="group" aria-label={t("issue.board")} onDragLeave={(event) => !event.currentTarget.contains(event.relatedTarget as Node) && setTarget(undefined)}>
      {STATUSES.map((status) => {
        const cards = items.filter((i) => i.status === status);
        return (
          <section
            key={status}
            className={`tb-col tb-col--${status}${target === status ? " is-target" : ""}`}
            data-status={status}
            aria-labelledby={`tb-h-${status}`}
            onDragOver={(event) => {
              event.preventDefault();
              setTarget(status);
            }}
            onDrop={(event) => drop(event, status)}
          >
            <h2 id={`tb-h-${status}`}>
              <span className={`td-dot td-dot--${status}`} aria-hidden="true" />
              {t(`issueStatus.${status}`)} <span className="tb-n">{cards.length}</span>
            </h2>
            <ul className="tb-cards">
              {cards.map((issue) => (
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
            </ul>
          </section>
        );
      })}
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
