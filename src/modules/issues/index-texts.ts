import { and, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Executor } from "../../../db/client";
import { issues, type User } from "../../../db/schema";
import { escapeHtml } from "../../lib/inline-html";
import type { CategoryLimits } from "../projects/policy";
import { reachableIssues } from "./policy";

// What the full-text index (src/modules/search/fulltext-index.ts) reads of tasks.

/** The name and description (sanitised HTML) of each of the tasks `ids` as they are now; a removed task is absent. */
export function issueTextsForIndex(db: Executor, ids: number[]): { ref: number; html: string }[] {
  return db
    .select({ ref: issues.id, name: issues.name, description: issues.descriptionHtml })
    .from(issues)
    .where(inArray(issues.id, ids))
    .all()
    .map(({ ref, name, description }) => ({ ref, html: `<p>${escapeHtml(name)}</p>${description}` }));
}

/** Every task, for a rebuild of the index. */
export const issueIdsForIndex = (db: Executor) => db.select({ id: issues.id }).from(issues).all().map(({ id }) => id);

/**
 * The tasks `actor` may open in `projectIds` (as an SQL condition on the tasks table): every task of a project
 * without category limits, and in a limited one only the tasks the limited-member rule (policy.ts) gives.
 */
function readable(actor: User, limits: CategoryLimits, projectIds: number[]): SQL {
  const free = projectIds.filter((id) => !limits.has(id));
  const limited = projectIds.filter((id) => limits.has(id));
  return or(inArray(issues.projectId, free), ...limited.map((id) => and(eq(issues.projectId, id), reachableIssues(limits, actor, id))), sql`0`)!;
}

/** Whether index row `id` (an SQL expression) is a task `actor` may open now. */
export const readableIssue = (actor: User, limits: CategoryLimits, projectIds: number[], id: SQL) =>
  sql`exists (select 1 from ${issues} where ${issues.id} = ${id} and ${readable(actor, limits, projectIds)})`;

/** The ids of the tasks `actor` may open now, as a subquery (a task's chat is readable with its task). */
export const readableIssueIds = (actor: User, limits: CategoryLimits, projectIds: number[]) =>
  sql`select ${issues.id} from ${issues} where ${readable(actor, limits, projectIds)}`;

/** The names and projects of the tasks `ids`, for their search cards. */
export const issueCards = (db: Executor, ids: number[]) =>
  new Map(ids.length ? db.select({ id: issues.id, name: issues.name, projectId: issues.projectId }).from(issues).where(inArray(issues.id, ids)).all().map((row) => [row.id, row]) : []);
