import { byId } from "../data/common";
import { taskDetail } from "./detail";
import type { Issue, Person } from "./types";

/** A task's own page: the detail, filled from what the page rendered; removing the task goes back to the list. */
export function startTaskPage() {
  const { issue, choices } = JSON.parse(byId("tp-state").textContent!) as { issue: Issue; choices: { members: Person[] } };
  const root = byId("td");
  const detail = taskDetail(root, { choices, onRemoved: () => location.assign(root.dataset.listHref!) });
  detail.show(issue);
}
