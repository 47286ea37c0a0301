import type { Db } from "../../../db/client";
import { issueCards } from "../issues/index-texts";
import { articleTitles } from "../wiki/index-texts";

/** A task or wiki article an event names ("ISSUE 12 Inspect the piers"), with its page while it exists. */
export interface LogSubject {
  type: "ISSUE" | "ARTICLE";
  name: string;
  path: string | null;
}

const NAMED = /^(ISSUE|ARTICLE) ([1-9]\d{0,15}) (.+)$/s;

/** The task or article each description names, by row id: the name as the event wrote it, the link where it lives now. */
export function subjectsOf(db: Db, rows: { id: number; description: string }[]): Map<number, LogSubject> {
  const named = rows.flatMap((row) => {
    const match = NAMED.exec(row.description);
    return match ? [{ row: row.id, type: match[1] as LogSubject["type"], id: Number(match[2]), name: match[3]! }] : [];
  });
  const tasks = issueCards(db, named.filter((n) => n.type === "ISSUE").map((n) => n.id));
  const articles = articleTitles(db, named.filter((n) => n.type === "ARTICLE").map((n) => n.id));
  const pathOf = ({ type, id }: { type: LogSubject["type"]; id: number }) => {
    if (type === "ARTICLE") return articles.has(id) ? `/wiki/${id}` : null;
    const task = tasks.get(id);
    return task ? `/project/${task.projectId}/issue/${id}` : null;
  };
  return new Map(named.map((n) => [n.row, { type: n.type, name: n.name, path: pathOf(n) }]));
}
