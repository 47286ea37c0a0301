import { useState } from "react";
import type { Locale } from "../../src/lib/i18n";
import { Localized } from "../lib/ui/i18n";
import type { CategoryChoice } from "../lib/ui/CategoryChecks";
import { createTaskDetail } from "./detail-store";
import { TaskDetail } from "./TaskDetail";
import type { Issue, Person } from "./types";
import "./issues.css";

interface Props {
  locale: Locale;
  issue: Issue;
  members: Person[];
  categories: CategoryChoice[];
  listHref: string;
}

/** A task's own page (spec 2: view-issue): its detail, rendered on the server; removing the task goes back to the list. */
export default function TaskPage({ locale, issue, members, categories, listHref }: Props) {
  const [detail] = useState(() => {
    const made = createTaskDetail(members, issue);
    made.hooks.removed = () => location.assign(listHref);
    return made;
  });
  return (
    <Localized locale={locale}>
      <TaskDetail detail={detail} categories={categories} listHref={listHref} />
    </Localized>
  );
}
