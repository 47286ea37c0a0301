import { mdiAlertCircle, mdiCheck, mdiRestore } from "@mdi/js";
import { useEffect, useState } from "react";
import { Icon } from "../lib/ui/Icon";
import { useT } from "../lib/ui/i18n";
import { msToDay } from "./calls";
import { CategoryChecks, type CategoryChoice } from "../lib/ui/CategoryChecks";
import type { TaskDetailStore } from "./detail-store";
import { FieldValues } from "./FieldValues";
import { PerformerSelect } from "./PerformerSelect";
import { isStatus, personName, STATUSES, type Issue } from "./types";

interface Props {
  detail: TaskDetailStore;
  issue: Issue;
  categories: CategoryChoice[];
}

const dateOf = (locale: string, value: string | number) => new Intl.DateTimeFormat(locale, { dateStyle: "medium" }).format(new Date(value));

/** Status with Done and Reopen, assignee, due date with the overdue icon, categories, who and when, the template's values. */
export function DetailFacts({ detail, issue, categories }: Props) {
  const strings = useT();
  const { t } = strings;
  const disabled = !issue.canEdit;
  // The performer may have left the project: still shown as chosen.
  const members = issue.performer && !detail.members.some((m) => m.id === issue.performer!.id) ? [...detail.members, issue.performer] : detail.members;
  return (
    <>
      <div className="td-status">
        <label htmlFor="td-status">{t("issue.status")}</label>
        <span className={`td-dot td-dot--${issue.status}`} aria-hidden="true" />
        <select id="td-status" name="status" value={issue.status} disabled={disabled} onChange={(event) => isStatus(event.target.value) && detail.setStatus(event.target.value)}>
          {STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`issueStatus.${status}`)}
            </option>
          ))}
        </select>
        {issue.status === "DONE" ? (
          <button type="button" className="btn btn--ghost" disabled={disabled} onClick={() => detail.setStatus("OPEN")}>
            <Icon path={mdiRestore} />
            {t("issue.reopen")}
          </button>
        ) : (
          <button type="button" className="btn" disabled={disabled} onClick={() => detail.setStatus("DONE")}>
            <Icon path={mdiCheck} />
            {t("issue.markDone")}
          </button>
        )}
      </div>

      <div className="td-grid">
        <PerformerSelect id="td-performer" members={members} value={issue.performer ? String(issue.performer.id) : ""} disabled={disabled} onChange={(value) => detail.assign(value ? Number(value) : null)} />
        <DueDate detail={detail} issue={issue} />
      </div>

      {categories.length > 0 && (
        <CategoryChecks
          categories={categories}
          legend={t("issue.categories")}
          checked={issue.categoryList.map((c) => c.id)}
          disabled={disabled}
          onChange={(ids) => detail.setCategories(ids.map((id) => issue.categoryList.find((c) => c.id === id) ?? { ...categories.find((c) => c.id === id)!, isDefault: false }))}
        />
      )}

      <dl className="td-info">
        <dt>{t("issue.reporter")}</dt>
        <dd>{personName(issue.reporter) || "—"}</dd>
        <dt>{t("issue.created")}</dt>
        <dd>{dateOf(strings.locale, issue.creationDate)}</dd>
        <dt>{t("issue.template")}</dt>
        <dd>{issue.template ? `${issue.template.icon} ${issue.template.name}`.trim() : "—"}</dd>
      </dl>
      <FieldValues detail={detail} issue={issue} />
    </>
  );
}

/** The due date: the typed day is kept until it is a whole valid date, then saved. */
function DueDate({ detail, issue }: { detail: TaskDetailStore; issue: Issue }) {
  const { t } = useT();
  const [day, setDay] = useState(msToDay(issue.dueDate));
  useEffect(() => setDay(msToDay(issue.dueDate)), [issue.dueDate]);
  return (
    <div className="field">
      <label htmlFor="td-due">{t("issue.dueDate")}</label>
      <span className="td-due">
        <input
          id="td-due"
          name="dueDate"
          type="date"
          min="1900-01-01"
          max="9999-12-31"
          value={day}
          disabled={!issue.canEdit}
          onChange={(event) => {
            setDay(event.target.value);
            if (!event.target.value || event.target.checkValidity()) detail.setDueDay(event.target.value);
          }}
        />
        {issue.overdue && (
          <span className="td-overdue">
            <Icon path={mdiAlertCircle} label={t("issue.overdue")} />
          </span>
        )}
      </span>
    </div>
  );
}
