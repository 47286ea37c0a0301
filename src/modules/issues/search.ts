import { and, asc, count, desc, eq, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { issueCategories, issues, ISSUE_STATUSES, type IssueStatus, type User } from "../../../db/schema";
import { invalid } from "../../lib/errors";
import { seesCategory } from "../categories/policy";
import { requireDataItem } from "../data/policy";
import { contains, containsEvery } from "../data/text-match";
import { categoryLimits, requireProjectRole } from "../projects/policy";
import { statusOf } from "./fields";
import { ISSUE_LIMITS } from "./limits";
import { fieldCondition } from "./field-values";
import { CRITERIA, FIELD_CRITERION, type IssueCriterion, type IssuePageInput, type IssueSortField } from "./model";
import { reachableIssues } from "./policy";
import { presentSummaries } from "./presenter";

// Lists of tasks: a project's pages with filters and sorts, the user's own open tasks and the status
// counts for the project pages, and a map's tasks.

/** Sort keys; `lower(name)` is the expression of the issues_project_name index; id breaks ties. */
const SORT_COLUMNS: Record<Exclude<IssueSortField, "id">, SQL> = {
  name: sql`lower(${issues.name})`,
  creationDate: sql`${issues.creationDate}`,
  dueDate: sql`coalesce(${issues.dueDate}, 9e15)`,
  status: sql`case ${issues.status} ${sql.join(ISSUE_STATUSES.map((s, i) => sql`when ${s} then ${i}`), sql` `)} end`,
};

const orderFor = (sortBy: IssueSortField, descending: boolean) => {
  const dir = descending ? desc : asc;
  return sortBy === "id" ? [dir(issues.id)] : [dir(SORT_COLUMNS[sortBy]), dir(issues.id)];
};

const criterionError = (i: number, message: string) => invalid([{ path: `body.criteria.${i}.value`, message }]);

/** Ids in a criterion's value: a number, or numbers joined by commas (the categories filter sends several). */
function idsOf(value: string | number, i: number): number[] {
  const parts = typeof value === "number" ? [String(value)] : value.split(",").map((p) => p.trim()).filter(Boolean);
  if (!parts.every((p) => /^[1-9][0-9]{0,14}$/.test(p))) throw criterionError(i, "Must be an id, or ids joined by commas");
  return parts.map(Number);
}

/**
 * The filter of a list call. Different criteria narrow together; several values of one criterion
 * (repeated, or ids joined by commas) match any of them. Empty values are ignored, as a cleared
 * filter sends them. Answers null when nothing can match (only categories the reader does not see).
 */
function criteriaFilter(criteria: IssuePageInput["criteria"], seen: (categoryId: number) => boolean, locale: string): SQL[] | null {
  const values = new Map<IssueCriterion, (string | number)[]>();
  const conditions: SQL[] = [];
  (criteria ?? []).forEach((criterion, i) => {
    const v = criterion.value;
    if (criterion.name.startsWith(FIELD_CRITERION)) {
      if (v !== null && String(v).trim()) conditions.push(fieldCondition(criterion.name.slice(FIELD_CRITERION.length), String(v).trim(), locale));
      return;
    }
    if (!CRITERIA.includes(criterion.name as IssueCriterion)) throw invalid([{ path: `body.criteria.${i}.name`, message: `Unknown criterion; use one of ${CRITERIA.join(", ")} or ${FIELD_CRITERION}<template field>` }]);
    if (v === null || (typeof v === "string" && !v.trim())) return;
    const name = criterion.name as IssueCriterion;
    const list = values.get(name) ?? [];
    if (name === "name") list.push(String(v).trim());
    else if (name === "status") list.push(...String(v).split(",").map((s) => statusOf(typeof v === "number" ? v : s, `body.criteria.${i}.value`)));
    else list.push(...idsOf(v, i));
    values.set(name, list);
  });
  for (const term of (values.get("name") ?? []) as string[]) conditions.push(contains(issues.name, term));
  const statuses = values.get("status") as IssueStatus[] | undefined;
  if (statuses) conditions.push(inArray(issues.status, statuses));
  const performers = values.get("performer") as number[] | undefined;
  if (performers) conditions.push(inArray(issues.performerId, performers));
  const reporters = values.get("reporter") as number[] | undefined;
  if (reporters) conditions.push(inArray(issues.reporterId, reporters));
  const templates = values.get("template") as number[] | undefined;
  if (templates) conditions.push(inArray(issues.templateId, templates));
  // A category the reader does not see matches nothing, as an unknown one does.
  const categoryIds = (values.get("categories") as number[] | undefined)?.filter(seen);
  if (categoryIds?.length === 0) return null;
  if (categoryIds) conditions.push(inArray(issues.id, sql`(select ${issueCategories.issueId} from ${issueCategories} where ${inArray(issueCategories.categoryId, categoryIds)})`));
  return conditions;
}

/**
 * issue/find-pageable-search-result: one page of a project's tasks the reader sees, and how many
 * match. Sorts: id (the default, newest first), creation date, name, due date (none last), status.
 * Template values are filtered by `field:<name>` criteria, numbers read in `locale`.
 */
export function findIssuePage(db: Db, actor: User, projectId: number, input: IssuePageInput, locale = "en") {
  requireProjectRole(db, actor, projectId);
  const limits = categoryLimits(db, actor);
  const conditions = criteriaFilter(input.criteria, (id) => seesCategory(limits, { id, projectId }), locale);
  if (!conditions) return { content: [], totalElements: 0 };
  const where = and(eq(issues.projectId, projectId), reachableIssues(limits, actor, projectId), ...conditions);
  const rowsPerPage = input.rowsPerPage ?? 10;
  const sortBy = input.sortBy ?? "id";
  const offset = (input.page ?? 0) * rowsPerPage;
  const totalElements = db.select({ n: count() }).from(issues).where(where).get()!.n;
  if (offset >= totalElements) return { content: [], totalElements };
  const rows = db
    .select()
    .from(issues)
    .where(where)
    .orderBy(...orderFor(sortBy, input.desc ?? sortBy === "id"))
    .limit(rowsPerPage)
    .offset(offset)
    .all();
  return { content: presentSummaries(db, rows, limits), totalElements };
}

/**
 * issue/find-board: the board's first page of each status column with that column's count, under the
 * same filters and sort as the list; a column's next pages come from find-pageable-search-result with
 * its status added to the criteria.
 */
export function findIssueBoard(db: Db, actor: User, projectId: number, input: IssuePageInput, locale = "en") {
  const page = (status: IssueStatus) => findIssuePage(db, actor, projectId, { ...input, page: 0, criteria: [...(input.criteria ?? []), { name: "status", value: status }] }, locale);
  return Object.fromEntries(ISSUE_STATUSES.map((status) => [status, page(status)])) as Record<IssueStatus, ReturnType<typeof findIssuePage>>;
}

/**
 * Tasks of `projectIds` (projects the caller checked the actor sees) whose name holds every word of `str`, that
 * the actor may read (the category rule of reachableIssues in limited projects), by name: global search.
 */
export function issuesNamed(db: Db, actor: User, projectIds: number[], str: string, limit: number) {
  const term = str.trim();
  if (!projectIds.length || !term) return [];
  const limits = categoryLimits(db, actor);
  const free = projectIds.filter((id) => !limits.has(id));
  const limited = projectIds.filter((id) => limits.has(id)).map((id) => and(eq(issues.projectId, id), reachableIssues(limits, actor, id)));
  return db
    .select({ id: issues.id, name: issues.name, projectId: issues.projectId })
    .from(issues)
    .where(and(or(free.length ? inArray(issues.projectId, free) : undefined, ...limited), containsEvery(issues.name, term)))
    .orderBy(asc(SORT_COLUMNS.name), asc(issues.id))
    .limit(limit)
    .all();
}

/**
 * What the project pages show of tasks: the reader's own open ones (performer, not DONE; soonest due
 * first) for the home page, and how many tasks the reader sees in each status for the dashboard.
 */
export function projectTasks(db: Db, actor: User, projectId: number) {
  const limits = categoryLimits(db, actor);
  const own = db
    .select()
    .from(issues)
    .where(and(eq(issues.projectId, projectId), eq(issues.performerId, actor.id), ne(issues.status, "DONE")))
    .orderBy(asc(SORT_COLUMNS.dueDate), desc(issues.id))
    .limit(ISSUE_LIMITS.shortList)
    .all();
  const counts = Object.fromEntries(ISSUE_STATUSES.map((s) => [s, 0])) as Record<IssueStatus, number>;
  const rows = db
    .select({ status: issues.status, n: count() })
    .from(issues)
    .where(and(eq(issues.projectId, projectId), reachableIssues(limits, actor, projectId)))
    .groupBy(issues.status)
    .all();
  for (const row of rows) counts[row.status] = row.n;
  return { shortListOfUserTasks: presentSummaries(db, own, limits), numberOfIssuesByStatus: counts };
}

/** issue/get-issues-by-map (spec 3): the tasks placed on a map the reader sees, that they see. */
export function issuesByMap(db: Db, actor: User, mapId: number) {
  const { item } = requireDataItem(db, actor, mapId, { type: "MAP", hiddenAs: "map" });
  const limits = categoryLimits(db, actor);
  const rows = db
    .select()
    .from(issues)
    .where(and(eq(issues.mapId, mapId), eq(issues.projectId, item.projectId), reachableIssues(limits, actor, item.projectId)))
    .orderBy(desc(issues.id))
    .all();
  return presentSummaries(db, rows, limits).map((s, i) => ({ id: s.id, name: s.name, status: s.status, coordinates: rows[i]!.coordinates, reporter: s.reporter, project: s.project }));
}
