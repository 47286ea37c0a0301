import { mdiChevronLeft, mdiChevronRight, mdiDelete } from "@mdi/js";
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect } from "react";
import { useConfirm } from "../lib/ui/Confirm";
import { Icon } from "../lib/ui/Icon";
import { useT } from "../lib/ui/i18n";
import type { CategoryChoice } from "../lib/ui/CategoryChecks";
import { DescriptionSection } from "./DescriptionSection";
import { DetailFacts } from "./DetailFacts";
import { DetailHead } from "./DetailHead";
import type { TaskDetailStore } from "./detail-store";
import { TaskComments } from "./TaskComments";
import { TaskPlaceOnDemand } from "../maps/tasks/TaskPlaceOnDemand";

interface Props {
  detail: TaskDetailStore;
  categories: CategoryChoice[];
  listHref: string;
  /** The list page's side panel: collapsible, closable, with a link to the task's page. */
  panel?: { collapsed: boolean; onCollapse: (collapsed: boolean) => void; onClose: () => void };
}

/**
 * A task's detail (spec 2, "Tasks"): name, tools, status, assignee, due date, categories, template values, its
 * place on its map, the description and the task's ISSUE chat as its comments and history; removing asks first.
 */
export function TaskDetail({ detail, categories, listHref, panel }: Props) {
  useSignals();
  const { t, tf } = useT();
  const [question, ask] = useConfirm();
  const issue = detail.shown.value;
  useEffect(() => detail.followHistory(), [detail]);

  const remove = async () => {
    if (issue && (await ask({ title: t("project.confirmTitle"), text: tf("issue.removeConfirm", { name: issue.name }), confirm: t("project.delete") }))) await detail.remove();
  };
  const collapseLabel = t(panel?.collapsed ? "issue.detailExpand" : "issue.detailCollapse");

  return (
    <aside className={`td card${panel ? " td--panel" : ""}`} id="td" aria-labelledby="td-title">
      {panel && (
        <button
          type="button"
          className="td-icon td-collapse"
          aria-expanded={!panel.collapsed}
          aria-controls="td-body"
          aria-label={collapseLabel}
          title={collapseLabel}
          onClick={() => panel.onCollapse(!panel.collapsed)}
        >
          <Icon path={mdiChevronRight} />
          <Icon path={mdiChevronLeft} />
        </button>
      )}
      <div className="td-body" id="td-body">
        {panel && !issue && <p className="td-muted td-none">{t("issue.pick")}</p>}
        <article className="td-task" hidden={!issue}>
          {issue && <DetailHead detail={detail} issue={issue} panel={!!panel} listHref={listHref} onClose={panel?.onClose} />}
          {/* Properties beside the description and comments where the detail is wide (issues.css), above them where it is not. */}
          <div className="td-side">
            {issue && <DetailFacts detail={detail} issue={issue} categories={categories} />}
            {issue?.coordinates && <TaskPlaceOnDemand key={issue.id} task={issue} mapId={issue.map?.id ?? null} canModerate={false} />}
            {issue?.canRemove && (
              <button type="button" className="btn btn--danger td-remove" onClick={remove}>
                <Icon path={mdiDelete} />
                {t("issue.remove")}
              </button>
            )}
          </div>
          <div className="td-main">
            {issue && <DescriptionSection key={issue.id} detail={detail} issue={issue} />}
            <TaskComments chatId={issue?.chat?.id} hidden={!issue} />
          </div>
        </article>
      </div>
      {question}
    </aside>
  );
}
