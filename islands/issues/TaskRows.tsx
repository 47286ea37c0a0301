import { mdiAlertCircle } from "@mdi/js";
import { useSignals } from "@preact/signals-react/runtime";
import type { MouseEvent } from "react";
import { Icon } from "../lib/ui/Icon";
import { useT } from "../lib/ui/i18n";
import { shownValue, type TemplateField } from "./field-text";
import type { TaskListStore } from "./list-store";
import { personName, type IssueSummary, type Person } from "./types";

/** A plain click picks the task beside the list; with a modifier key the link opens as a link does. */
export const picked = (event: MouseEvent) => !(event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0);

interface RowsProps {
  list: TaskListStore;
  hidden: boolean;
  selected: number | undefined;
  onSelect: (id: number) => void;
  /** Each task's link, kept so the focus can come back to it. */
  linkRef: (id: number, link: HTMLAnchorElement | null) => void;
  /** Template fields shown as columns, and the members their USER values name. */
  columns: TemplateField[];
  members: Person[];
}

/** The tasks as a list: status, name, assignee, due date (red icon when overdue), categories, the chosen template values and the status chip. */
export function TaskRows({ list, hidden, selected, onSelect, linkRef, columns, members }: RowsProps) {
  useSignals();
  const { t } = useT();
  return (
    <ul className="tl-list" id="tl-list" aria-label={t("issue.title")} hidden={hidden}>
      {list.items.value.map((issue) => (
        <TaskRow key={issue.id} issue={issue} current={issue.id === selected} onSelect={onSelect} linkRef={linkRef} columns={columns} members={members} />
      ))}
    </ul>
  );
}

interface RowProps extends Pick<RowsProps, "onSelect" | "linkRef" | "columns" | "members"> {
  issue: IssueSummary;
  current: boolean;
}

function TaskRow({ issue, current, onSelect, linkRef, columns, members }: RowProps) {
  const strings = useT();
  const { t, locale } = strings;
  const date = issue.dueDate ? new Date(issue.dueDate) : null;
  return (
    <li className="tl-row" data-id={issue.id}>
      <a
        className="tl-row__main"
        data-select=""
        href={`/project/${issue.project.id}/issue/${issue.id}`}
        aria-current={current ? "true" : "false"}
        ref={(link) => linkRef(issue.id, link)}
        onClick={(event) => {
          if (!picked(event)) return;
          event.preventDefault();
          onSelect(issue.id);
        }}
      >
        <span className={`td-dot td-dot--${issue.status}`} aria-hidden="true" />
        <span className="tl-row__text">
          <span className="tl-row__name" data-name="">
            {issue.name}
          </span>
          <span className="tl-row__meta">
            <span>{personName(issue.performer) || t("issue.nobody")}</span>
            {date && (
              <span className="tl-row__due">
                {issue.overdue && (
                  <span className="td-overdue">
                    <Icon path={mdiAlertCircle} label={t("issue.overdue")} />
                  </span>
                )}
                <time dateTime={date.toISOString()}>{new Intl.DateTimeFormat(locale, { dateStyle: "medium" }).format(date)}</time>
              </span>
            )}
            <span>{issue.categoryList.map((c) => c.name).join(", ")}</span>
          </span>
        </span>
        {columns.map((field) => (
          <span key={field.name} className="tl-row__col" data-column={field.name}>
            <span className="tl-row__colname">{field.name}</span> {shownValue(strings, field.type, issue.additionalFields?.[field.name], members)}
          </span>
        ))}
        <span className={`tl-chip tl-chip--${issue.status}`} data-status="">
          {t(`issueStatus.${issue.status}`)}
        </span>
      </a>
    </li>
  );
}
