import { mdiArrowDown, mdiArrowUp, mdiContentCopy, mdiDelete, mdiPencil } from "@mdi/js";
import type { DragEvent } from "react";
import { Icon } from "../lib/ui/Icon";
import { useT } from "../lib/ui/i18n";
import type { ListedCategory } from "./home-store";

/** What an administrator can do with a category card. */
export interface CardActions {
  move: (up: boolean) => void;
  edit: () => void;
  copy: () => void;
  remove: () => void;
}

export type DragProps = Record<"onDragStart" | "onDragOver" | "onDrop" | "onDragEnd", (event: DragEvent<HTMLElement>) => void>;

function Tool({ label, path, onClick }: { label: string; path: string; onClick: () => void }) {
  return (
    <button type="button" className="icon-btn icon-btn--small" aria-label={label} title={label} onClick={onClick}>
      <Icon path={path} />
    </button>
  );
}

/** Up and down buttons: the keyboard's way to reorder (`what` names the item for a screen reader when set). */
export function MoveTools({ move, what }: { move: (up: boolean) => void; what?: string }) {
  const { t } = useT();
  const label = (key: "project.moveUp" | "project.moveDown") => (what ? `${t(key)}: ${what}` : t(key));
  return (
    <>
      <button type="button" className="icon-btn icon-btn--small" data-move="up" aria-label={label("project.moveUp")} title={t("project.moveUp")} onClick={() => move(true)}>
        <Icon path={mdiArrowUp} />
      </button>
      <button type="button" className="icon-btn icon-btn--small" data-move="down" aria-label={label("project.moveDown")} title={t("project.moveDown")} onClick={() => move(false)}>
        <Icon path={mdiArrowDown} />
      </button>
    </>
  );
}

/** One category on the project home: its name, size and description; an administrator's tools and dragging. */
export function CategoryCard({ projectId, category, actions, drag, dragging }: { projectId: number; category: ListedCategory; actions?: CardActions; drag?: DragProps; dragging: boolean }) {
  const { t, tf } = useT();
  const sizeLabel = tf("category.size", { count: category.size });
  return (
    <li className={dragging ? "ccard is-dragging" : "ccard"} data-category-id={category.id} data-name={category.name} draggable={actions ? true : undefined}
      title={actions ? t("category.dragHint") : undefined} {...drag}>
      <div className="ccard__head">
        <a className="ccard__name" href={`/project/${projectId}/category/${category.id}`} draggable={false}>
          {category.name}
        </a>
        <span className="size" title={sizeLabel}>
          <span aria-hidden="true">{category.size}</span>
          <span className="visually-hidden">{sizeLabel}</span>
        </span>
      </div>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the description is HTML the server sanitised on save, shown as the page showed it */}
      {category.description && <div className="ccard__desc" dangerouslySetInnerHTML={{ __html: category.description }} />}
      {actions && (
        <div className="tools">
          <MoveTools move={actions.move} />
          <Tool label={t("project.edit")} path={mdiPencil} onClick={actions.edit} />
          <Tool label={t("category.copy")} path={mdiContentCopy} onClick={actions.copy} />
          <Tool label={t("project.delete")} path={mdiDelete} onClick={actions.remove} />
        </div>
      )}
    </li>
  );
}
