import { t, type Static } from "elysia";
import { TEMPLATE_FIELD_TYPES } from "../../../db/schema";
import { Id } from "../../lib/ids";
import { oneOf, trimmedText } from "../../lib/schema";
import { ISSUE_LIMITS as LIMITS } from "./limits";

// Bodies and queries of the task calls. What a schema cannot say (a status by name or number, a due
// date, the description's blocks, template values) the service checks and answers with a 422 naming it.

const id = Id();
const wholeId = t.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const ref = t.Object({ id: wholeId });
const optional = <S extends Parameters<typeof t.Nullable>[0]>(schema: S) => t.Optional(t.Nullable(schema));

/** A status by name (BACKLOG, OPEN, IN_PROGRESS, DONE) or by its id 0 to 3. */
const statusInput = t.Union([t.String({ maxLength: 20 }), t.Integer()]);

/** Everything a task's body may carry; `update` takes the same fields, each optional. */
const issueFields = {
  name: trimmedText(LIMITS.name),
  /** Editor.js block JSON as text; empty or null: an empty description. */
  description: optional(t.String({ maxLength: LIMITS.description })),
  status: optional(statusInput),
  /** Milliseconds since 1970 or an ISO 8601 date; null: none. */
  dueDate: optional(t.Union([t.Integer(), t.String({ maxLength: 40 })])),
  performer: optional(ref),
  categoryList: optional(t.Array(ref, { maxItems: LIMITS.categories })),
  template: optional(ref),
  /** The template's values by field name, as an object or its JSON text. */
  additionalFields: optional(t.Union([t.Record(t.String({ maxLength: LIMITS.fieldName }), t.Unknown()), t.String({ maxLength: LIMITS.fieldValue * 10 })])),
  layerPoi: optional(t.String({ maxLength: LIMITS.layerPoi })),
  layer: optional(ref),
  sys: optional(t.String({ maxLength: LIMITS.sys })),
  map: optional(ref),
  /** A GeoJSON Point, as an object or its JSON text. */
  coordinates: optional(t.Union([t.Object({ type: t.String({ maxLength: 20 }), coordinates: t.Array(t.Number(), { maxItems: 3 }) }), t.String({ maxLength: LIMITS.coordinates })])),
};

export const saveBody = t.Object({ ...issueFields, id: optional(wholeId), project: ref });
export type SaveIssueInput = Static<typeof saveBody>;

export const updateBody = t.Object({ ...issueFields, name: t.Optional(issueFields.name), id: wholeId, project: t.Optional(ref) });
export type UpdateIssueInput = Static<typeof updateBody>;

export const idQuery = t.Object({ id });
/** One template value of a task: the field's name and its value as at creation; null or empty: cleared. */
export const fieldBody = t.Object({
  name: t.String({ minLength: 1, maxLength: LIMITS.fieldName }),
  value: t.Union([t.String({ maxLength: LIMITS.fieldValue }), t.Number(), t.Boolean(), t.Null()]),
});
export type FieldInput = Static<typeof fieldBody>;
export const nameQuery = t.Object({ id, value: trimmedText(LIMITS.name) });
/** Category ids joined by commas; empty: none. */
export const categoriesQuery = t.Object({ id, value: t.Optional(t.String({ maxLength: 4000 })) });
/** The due date in milliseconds; left out or empty: none. */
export const dueDateQuery = t.Object({ id, date: t.Optional(t.String({ maxLength: 40 })) });
/** The performer; left out: nobody. */
export const assigneeQuery = t.Object({ id, userId: t.Optional(id) });
export const statusQuery = t.Object({ id, status: t.String({ maxLength: 20 }) });
export const chatIdQuery = t.Object({ chatId: id });
export const mapIdQuery = t.Object({ mapId: id });
export const pageQuery = t.Object({ projectId: id });
/** Left out: the global templates; a project: those it offers. */
export const templatesQuery = t.Object({ projectId: t.Optional(id) });

const SORT_FIELDS = ["id", "creationDate", "name", "dueDate", "status"] as const;
export type IssueSortField = (typeof SORT_FIELDS)[number];
export const CRITERIA = ["name", "categories", "performer", "status", "reporter", "template"] as const;
export type IssueCriterion = (typeof CRITERIA)[number];
/** A criterion on a template value is named `field:` and the field's name. */
export const FIELD_CRITERION = "field:";

/** Criteria names and values are checked in the service, so an unknown one gets a 422 that names it. */
export const pageBody = t.Object({
  page: t.Optional(t.Integer({ minimum: 0, maximum: 1_000_000 })),
  rowsPerPage: t.Optional(t.Integer({ minimum: 1, maximum: LIMITS.rowsPerPage })),
  sortBy: optional(oneOf(SORT_FIELDS)),
  desc: t.Optional(t.Boolean()),
  criteria: t.Optional(t.Array(t.Object({ name: t.String({ maxLength: 100 }), value: t.Union([t.String({ maxLength: LIMITS.criterion }), t.Number(), t.Null()]) }), { maxItems: 50 })),
});
export type IssuePageInput = Static<typeof pageBody>;

const templateFieldInput = t.Object({
  name: trimmedText(LIMITS.fieldName),
  type: oneOf(TEMPLATE_FIELD_TYPES),
  required: t.Optional(t.Boolean()),
  /** A LIST's options, comma-separated. */
  options: optional(t.String({ maxLength: LIMITS.fieldOptions })),
});

export const templateBody = t.Object({
  id: optional(wholeId),
  /** A project's own template; left out or null: a global one. A saved template stays where it is. */
  project: optional(ref),
  name: trimmedText(LIMITS.templateName),
  icon: optional(t.String({ maxLength: LIMITS.templateIcon })),
  fields: t.Array(templateFieldInput, { maxItems: LIMITS.templateFields }),
});
export type TemplateInput = Static<typeof templateBody>;
