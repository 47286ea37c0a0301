import { asc, eq, inArray } from "drizzle-orm";
import { t, type Static } from "elysia";
import type { Db } from "../../../db/client";
import { categories, issueCategories, issueTemplates, users, ISSUE_STATUSES, TEMPLATE_FIELD_TYPES, type Issue, type IssueTemplate, type Project } from "../../../db/schema";
import { isoDate } from "../../lib/responses";
import { integer, oneOf } from "../../lib/schema";
import { seesCategory } from "../categories/policy";
import type { CategoryLimits } from "../projects/policy";
import { storedDescription } from "./description";

// The shapes the task calls answer: OpenAPI documents them, the presenters are typed by them, and the
// task islands import these types (`Wire<...>`) instead of copies.

const ref = t.Object({ id: integer() });
const personSchema = t.Object({ id: integer(), firstName: t.String(), lastName: t.String() });
const categoryRefSchema = t.Object({ id: integer(), name: t.String(), type: t.Nullable(t.String()), isDefault: t.Boolean() });
const statusSchema = oneOf(ISSUE_STATUSES);

const templateFieldSchema = t.Object({ name: t.String(), type: oneOf(TEMPLATE_FIELD_TYPES), required: t.Boolean(), options: t.Nullable(t.String()) });
/** A template; `project` is the project that keeps it, null for a global one. */
export const templateSchema = t.Object({ id: integer(), name: t.String(), icon: t.String(), fields: t.Array(templateFieldSchema), project: t.Nullable(ref) });
export type PresentedTemplate = Static<typeof templateSchema>;

/** A task in a list: what a row, a card on the board or the project home shows. */
export const issueSummarySchema = t.Object({
  id: integer(),
  name: t.String(),
  status: statusSchema,
  /** The status's id in the spec: BACKLOG 0, OPEN 1, IN_PROGRESS 2, DONE 3. */
  statusId: integer(),
  dueDate: t.Nullable(isoDate()),
  /** Not DONE and due before now. */
  overdue: t.Boolean(),
  performer: t.Nullable(personSchema),
  reporter: t.Nullable(personSchema),
  categoryList: t.Array(categoryRefSchema),
  template: t.Nullable(t.Object({ id: integer(), name: t.String(), icon: t.String() })),
  /** The template's values by field name (DATEs in milliseconds, USERs as ids): the list's field columns. */
  additionalFields: t.Nullable(t.Record(t.String(), t.Unknown())),
  project: ref,
  creationDate: isoDate(),
});
export type PresentedIssueSummary = Static<typeof issueSummarySchema>;

export const issuePageSchema = t.Object({ content: t.Array(issueSummarySchema), totalElements: integer() });
/** The board's first page of each status, with each status's count. */
export const issueBoardSchema = t.Object(Object.fromEntries(ISSUE_STATUSES.map((s) => [s, issuePageSchema])) as Record<(typeof ISSUE_STATUSES)[number], typeof issuePageSchema>);

/** A task with everything issue/get shows, and what the reader may do with it. */
export const issueSchema = t.Object({
  ...issueSummarySchema.properties,
  /** Editor.js block JSON as text. */
  description: t.String(),
  /** The description rendered on the server from its blocks (src/modules/issues/description.ts). */
  descriptionHtml: t.String(),
  template: t.Nullable(templateSchema),
  layerPoi: t.Nullable(t.String()),
  layer: t.Nullable(ref),
  sys: t.Nullable(t.String()),
  map: t.Nullable(ref),
  /** A GeoJSON Point as JSON text. */
  coordinates: t.Nullable(t.String()),
  project: t.Object({ id: integer(), name: t.String() }),
  chat: t.Nullable(ref),
  canEdit: t.Boolean(),
  canRemove: t.Boolean(),
});
export type PresentedIssue = Static<typeof issueSchema>;

/** A task on a map (spec 3, "Map issue"). */
export const mapIssueSchema = t.Object({ id: integer(), name: t.String(), status: statusSchema, coordinates: t.Nullable(t.String()), reporter: t.Nullable(personSchema), project: ref });

/** Task counts by status, for the project dashboard. */
export const statusCountsSchema = t.Object({ BACKLOG: integer(), OPEN: integer(), IN_PROGRESS: integer(), DONE: integer() });

export const presentTemplate = (template: IssueTemplate): PresentedTemplate => ({
  id: template.id,
  name: template.name,
  icon: template.icon,
  fields: JSON.parse(template.fields) as PresentedTemplate["fields"],
  project: template.projectId === null ? null : { id: template.projectId },
});

const isOverdue = (issue: Pick<Issue, "status" | "dueDate">, now = Date.now()) => issue.status !== "DONE" && !!issue.dueDate && issue.dueDate.getTime() < now;

/** Names, categories and templates of a page of tasks, read in one query each. */
function related(db: Db, rows: Issue[], limits: CategoryLimits) {
  const personIds = [...new Set(rows.flatMap((r) => [r.performerId, r.reporterId]).filter((id): id is number => id !== null))];
  const people = new Map(
    (personIds.length ? db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, personIds)).all() : []).map((p) => [p.id, p]),
  );
  const categoryLists = new Map<number, Static<typeof categoryRefSchema>[]>(rows.map((r) => [r.id, []]));
  if (rows.length) {
    const linked = db
      .select({ issueId: issueCategories.issueId, id: categories.id, name: categories.name, type: categories.type, isDefault: categories.isDefault, projectId: categories.projectId })
      .from(issueCategories)
      .innerJoin(categories, eq(categories.id, issueCategories.categoryId))
      .where(inArray(issueCategories.issueId, rows.map((r) => r.id)))
      .orderBy(asc(categories.number), asc(categories.id))
      .all();
    for (const { issueId, projectId, ...category } of linked) if (seesCategory(limits, { id: category.id, projectId })) categoryLists.get(issueId)!.push(category);
  }
  const templateIds = [...new Set(rows.map((r) => r.templateId).filter((id): id is number => id !== null))];
  const templates = new Map((templateIds.length ? db.select().from(issueTemplates).where(inArray(issueTemplates.id, templateIds)).all() : []).map((tpl) => [tpl.id, tpl]));
  return { people, categoryLists, templates };
}

function summary(issue: Issue, r: ReturnType<typeof related>, now: number): PresentedIssueSummary {
  const person = (id: number | null) => (id === null ? null : (r.people.get(id) ?? null));
  const template = issue.templateId === null ? undefined : r.templates.get(issue.templateId);
  return {
    id: issue.id,
    name: issue.name,
    status: issue.status,
    statusId: ISSUE_STATUSES.indexOf(issue.status),
    dueDate: issue.dueDate,
    overdue: isOverdue(issue, now),
    performer: person(issue.performerId),
    reporter: person(issue.reporterId),
    categoryList: r.categoryLists.get(issue.id) ?? [],
    template: template ? { id: template.id, name: template.name, icon: template.icon } : null,
    additionalFields: issue.additionalFields ? (JSON.parse(issue.additionalFields) as Record<string, unknown>) : null,
    project: { id: issue.projectId },
    creationDate: issue.creationDate,
  };
}

/** A page of tasks as list rows; their categories are those the reader sees (`limits`). */
export function presentSummaries(db: Db, rows: Issue[], limits: CategoryLimits, now = Date.now()): PresentedIssueSummary[] {
  const r = related(db, rows, limits);
  return rows.map((issue) => summary(issue, r, now));
}

/** A stored description through today's rules, so one stored before them shows only what they allow. */
const presentedDescription = (issue: Issue) => {
  const { json, html } = storedDescription({ json: issue.description, html: issue.descriptionHtml });
  return { description: json, descriptionHtml: html };
};

/** One task for issue/get and the answers of the calls that change it. */
export function presentIssue(db: Db, issue: Issue, project: Pick<Project, "id" | "name">, limits: CategoryLimits, rights: { canEdit: boolean; canRemove: boolean }): PresentedIssue {
  const r = related(db, [issue], limits);
  const template = issue.templateId === null ? undefined : r.templates.get(issue.templateId);
  return {
    ...summary(issue, r, Date.now()),
    ...presentedDescription(issue),
    template: template ? presentTemplate(template) : null,
    layerPoi: issue.layerPoi,
    layer: issue.layerId === null ? null : { id: issue.layerId },
    sys: issue.sys,
    map: issue.mapId === null ? null : { id: issue.mapId },
    coordinates: issue.coordinates,
    project: { id: project.id, name: project.name },
    chat: issue.chatId === null ? null : { id: issue.chatId },
    ...rights,
  };
}

/** An uploaded description picture: the token its image block carries. */
export const pictureSchema = t.Object({ token: t.String(), name: t.String() });
