import { and, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Db, Executor } from "../../../db/client";
import { issueCategories, issuePictures, issues, type Issue, type User } from "../../../db/schema";
import { forbidden, notFound } from "../../lib/errors";
import { hasRank } from "../../lib/roles";
import { categoryLimits, requireProjectRole, type CategoryLimits, type ProjectAccess } from "../projects/policy";

// Who may do what with tasks (the spec leaves it to us; README says the same):
// - members of the project (and ADMIN and above, who manage every project) read its tasks, under the
//   category rule below, and create tasks and comment on the ones they see;
// - the reporter, the performer and the project's moderators (MODERATOR and above, or a USER with the
//   moderator flag) edit a task: name, description, status, due date, categories, template values, assignee;
// - moderators and above remove tasks.

const findIssue = (db: Executor, id: number): Issue | undefined => db.select().from(issues).where(eq(issues.id, id)).get();

/** The task's own people: the reporter and the performer always see and edit it. */
const involves = (issue: Pick<Issue, "reporterId" | "performerId">, actor: User) => issue.reporterId === actor.id || issue.performerId === actor.id;

export const isIssueModerator = (access: ProjectAccess) => hasRank(access.role, "MODERATOR");

/** Whether the actor may change the task (see above). */
export const mayEditIssue = (access: ProjectAccess, actor: User, issue: Pick<Issue, "reporterId" | "performerId">) => isIssueModerator(access) || involves(issue, actor);

/**
 * The category rule for tasks, as a condition on issues for lists and counts of one project: where an
 * administrator limited a plain member to some categories (categoryLimits, the rule data items follow),
 * they see the tasks in at least one of those categories, and the tasks they reported or perform
 * whatever their categories. Undefined where nothing is limited.
 */
export function reachableIssues(limits: CategoryLimits, actor: User, projectId: number): SQL | undefined {
  const given = limits.get(projectId);
  if (!given) return undefined;
  return or(
    eq(issues.reporterId, actor.id),
    eq(issues.performerId, actor.id),
    inArray(issues.id, sql`(select ${issueCategories.issueId} from ${issueCategories} where ${inArray(issueCategories.categoryId, [...given])})`),
  );
}

function mayReach(db: Db, limits: CategoryLimits, actor: User, issue: Issue): boolean {
  const given = limits.get(issue.projectId);
  if (!given || involves(issue, actor)) return true;
  return !!db
    .select({ id: issueCategories.issueId })
    .from(issueCategories)
    .where(and(eq(issueCategories.issueId, issue.id), inArray(issueCategories.categoryId, [...given])))
    .get();
}

/**
 * A task the actor may `act` on. Whoever may not see it (not a member of its project; a member limited
 * to categories it is in none of, and neither its reporter nor its performer) gets the same 404 as for
 * an id that does not exist; only someone who sees it learns, with 403, that they may not change it.
 */
export function requireIssue(db: Db, actor: User, id: number, act: "read" | "edit" | "remove" = "read"): { issue: Issue; access: ProjectAccess } {
  const issue = findIssue(db, id);
  if (!issue) throw notFound("issue");
  const access = requireProjectRole(db, actor, issue.projectId, "USER", "issue");
  if (!mayReach(db, categoryLimits(db, actor), actor, issue)) throw notFound("issue");
  if (act === "edit" && !mayEditIssue(access, actor, issue)) throw forbidden();
  if (act === "remove" && !isIssueModerator(access)) throw forbidden();
  return { issue, access };
}

/** Whether `actor` may read drive file `fileId` as a picture of a task they may read (drive's download rule). */
export function mayReadIssuePicture(db: Db, actor: User, fileId: number): boolean {
  const rows = db.select({ issueId: issuePictures.issueId }).from(issuePictures).where(eq(issuePictures.fileId, fileId)).all();
  return rows.some(({ issueId }) => {
    try {
      requireIssue(db, actor, issueId);
      return true;
    } catch {
      return false;
    }
  });
}
