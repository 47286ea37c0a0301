import { and, asc, eq, isNull, or, sql } from "drizzle-orm";
import type { Db, Executor } from "../../../db/client";
import { issueTemplates, type IssueTemplate, type TemplateFieldType, type User } from "../../../db/schema";
import { forbidden, invalid, notFound, type ErrorDetail } from "../../lib/errors";
import { hasRank } from "../../lib/roles";
import { parseNumber } from "../../lib/numbers";
import { audit } from "../audit/service";
import { membersAmong, requireProjectRole } from "../projects/policy";
import { findActiveUsers } from "../users/service";
import { ISSUE_LIMITS as LIMITS } from "./limits";
import type { TemplateInput } from "./model";
import { presentTemplate } from "./presenter";

// Issue templates (spec 1 /admin/issue-templates, spec 2): a name, an icon and typed fields. Global ones
// are managed by system administrators and offered in every project; a project's own by its moderators
// (MODERATOR and above there). Members read what their project offers to make tasks from it.

export interface TemplateField {
  name: string;
  type: TemplateFieldType;
  required: boolean;
  /** A LIST's options, comma-separated; null for other types. */
  options: string | null;
}

export const fieldsOf = (template: Pick<IssueTemplate, "fields">): TemplateField[] => JSON.parse(template.fields) as TemplateField[];

/** A LIST field's options: the comma-separated values, trimmed, empty ones left out. */
const optionsOf = (field: { options?: string | null }) => (field.options ?? "").split(",").map((o) => o.trim()).filter(Boolean);

const byName = [asc(sql`lower(${issueTemplates.name})`), asc(issueTemplates.id)];

/** The global templates (the administrators' page). */
export const allTemplates = (db: Db) => db.select().from(issueTemplates).where(isNull(issueTemplates.projectId)).orderBy(...byName).all().map(presentTemplate);

/** What a project offers: the global templates and its own, by name. */
export const projectTemplates = (db: Db, projectId: number) =>
  db.select().from(issueTemplates).where(or(isNull(issueTemplates.projectId), eq(issueTemplates.projectId, projectId))).orderBy(...byName).all().map(presentTemplate);

/** /issue-template/get-all: the global templates, or with a project (whose member asks) those it offers. */
export function templatesFor(db: Db, actor: User, projectId: number | undefined) {
  if (projectId === undefined) return allTemplates(db);
  requireProjectRole(db, actor, projectId);
  return projectTemplates(db, projectId);
}

/** A template a task of `projectId` may use (a global one or the project's own); with `path` a missing one is a complaint about that field. */
export function findTemplate(db: Executor, id: number, path = "id", projectId?: number): IssueTemplate {
  const template = db
    .select()
    .from(issueTemplates)
    .where(and(eq(issueTemplates.id, id), projectId === undefined ? undefined : or(isNull(issueTemplates.projectId), eq(issueTemplates.projectId, projectId))))
    .get();
  if (!template) throw path === "id" ? notFound("issue_template") : invalid([{ path, message: "issue.templateMissing", code: "issue.templateMissing" }]);
  return template;
}

/**
 * Who keeps a template: a system administrator the global ones, the project's moderators its own. A
 * member who is no moderator learns the template exists (they pick it) and gets 403; others a 404.
 */
function requireKeeper(db: Executor, actor: User, projectId: number | null) {
  if (projectId === null) {
    if (!hasRank(actor.role, "SYSTEM_ADMIN")) throw forbidden();
  } else requireProjectRole(db as Db, actor, projectId, "MODERATOR", "issue_template");
}

/** A template the actor keeps (see requireKeeper). */
function keptTemplate(db: Executor, actor: User, id: number): IssueTemplate {
  const template = findTemplate(db, id);
  requireKeeper(db, actor, template.projectId);
  return template;
}

function checkFields(fields: TemplateInput["fields"]): { fields: TemplateField[]; details: ErrorDetail[] } {
  const details: ErrorDetail[] = [];
  const seen = new Set<string>();
  const checked = fields.map((field, i): TemplateField => {
    const name = field.name.trim();
    if (!name) details.push({ path: `body.fields.${i}.name`, message: "issue.fieldNameRequired", code: "issue.fieldNameRequired" });
    else if (name.length > LIMITS.fieldName) details.push({ path: `body.fields.${i}.name`, message: "validation.tooLong", code: "validation.tooLong" });
    else if (seen.has(name.toLowerCase())) details.push({ path: `body.fields.${i}.name`, message: "issue.fieldNameTaken", code: "issue.fieldNameTaken" });
    seen.add(name.toLowerCase());
    const options = field.type === "LIST" ? optionsOf(field) : [];
    if (field.type === "LIST" && !options.length) details.push({ path: `body.fields.${i}.options`, message: "issue.listOptionsRequired", code: "issue.listOptionsRequired" });
    return { name, type: field.type, required: field.required ?? false, options: field.type === "LIST" ? options.join(", ") : null };
  });
  return { fields: checked, details };
}

/**
 * /issue-template/save: creates (global, or the project's with `project`), or replaces the template
 * with `id`, which stays where it is. The fields keep the order given. Tasks keep their values; new
 * edits are checked against the new fields.
 */
export function saveTemplate(db: Db, actor: User, input: TemplateInput) {
  const existing = input.id ? keptTemplate(db, actor, input.id) : undefined;
  const projectId = existing ? existing.projectId : (input.project?.id ?? null);
  if (!existing) requireKeeper(db, actor, projectId);
  if (existing && input.project !== undefined && (input.project?.id ?? null) !== existing.projectId) {
    throw invalid([{ path: "body.project", message: "issue.templateCannotMove", code: "issue.templateCannotMove" }]);
  }
  const name = input.name.trim();
  const { fields, details } = checkFields(input.fields);
  if (!name) details.unshift({ path: "body.name", message: "issue.templateNameRequired", code: "issue.templateNameRequired" });
  else if (name.length > LIMITS.templateName) details.unshift({ path: "body.name", message: "validation.tooLong", code: "validation.tooLong" });
  if (details.length) throw invalid(details);
  const values = { name, icon: input.icon?.trim() ?? "", fields: JSON.stringify(fields) };
  return db.transaction((tx) => {
    const saved = existing
      ? tx.update(issueTemplates).set(values).where(eq(issueTemplates.id, existing.id)).returning().get()
      : tx.insert(issueTemplates).values({ ...values, projectId }).returning().get();
    audit(tx, actor.id, input.id ? "UPDATE" : "CREATE", `ISSUE_TEMPLATE ${saved.id} ${saved.name}`);
    return presentTemplate(saved);
  });
}

/** /issue-template/delete: the template goes; tasks made from it keep their values and no longer name it. */
export function deleteTemplate(db: Db, actor: User, id: number) {
  const template = keptTemplate(db, actor, id);
  db.transaction((tx) => {
    tx.delete(issueTemplates).where(eq(issueTemplates.id, id)).run();
    audit(tx, actor.id, "DELETE", `ISSUE_TEMPLATE ${id} ${template.name}`);
  });
  return { id };
}

const isEmpty = (value: unknown) => value === undefined || value === null || (typeof value === "string" && !value.trim());

/** A DATE value as milliseconds: a whole number of them, or an ISO 8601 date. */
function dateValue(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isSafeInteger(value) ? value : undefined;
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value.trim())) return undefined;
  const ms = Date.parse(value.trim());
  return Number.isNaN(ms) ? undefined : ms;
}

/**
 * A task's template values checked against the template's fields: every key a field of it, every
 * required field filled, each value of its type (STRING text, BOOLEAN true or false, DATE a date,
 * NUMBER a finite number or its text as `locale` writes it, LIST one of its options, USER an active member of the task's project).
 * Answers the values to store as JSON text: DATEs as milliseconds, empty optional fields left out.
 */
export function templateValues(db: Db, projectId: number, template: IssueTemplate, raw: unknown, locale = "en"): string {
  const path = "body.additionalFields";
  let values: unknown = raw ?? {};
  if (typeof values === "string") {
    try {
      values = values.trim() ? JSON.parse(values) : {};
    } catch {
      throw invalid([{ path, message: "Must be an object of values by field name, or its JSON text" }]);
    }
  }
  if (typeof values !== "object" || values === null || Array.isArray(values)) throw invalid([{ path, message: "Must be an object of values by field name, or its JSON text" }]);
  const given = values as Record<string, unknown>;
  const fields = fieldsOf(template);
  const details: ErrorDetail[] = [];
  for (const key of Object.keys(given)) {
    if (!fields.some((f) => f.name === key)) details.push({ path: `${path}.${key}`, message: "issue.unknownField", code: "issue.unknownField" });
  }
  const out: Record<string, string | number | boolean> = {};
  const users: { name: string; id: number }[] = [];
  for (const field of fields) {
    const value = given[field.name];
    const at = `${path}.${field.name}`;
    if (isEmpty(value)) {
      if (field.required) details.push({ path: at, message: "issue.fieldRequired", code: "issue.fieldRequired" });
      continue;
    }
    const wrong = () => details.push({ path: at, message: `issue.fieldType.${field.type}`, code: `issue.fieldType.${field.type}` });
    switch (field.type) {
      case "STRING":
        if (typeof value !== "string") wrong();
        else if (value.length > LIMITS.fieldValue) details.push({ path: at, message: "validation.tooLong", code: "validation.tooLong" });
        else out[field.name] = value.trim();
        break;
      case "BOOLEAN":
        if (typeof value !== "boolean") wrong();
        else out[field.name] = value;
        break;
      case "NUMBER": {
        const read = typeof value === "string" ? parseNumber(value, locale) : undefined;
        if (read && !read.ok) details.push({ path: at, message: `common.number.${read.problem}`, code: `common.number.${read.problem}` });
        else if (read?.ok) out[field.name] = read.value;
        else if (typeof value !== "number" || !Number.isFinite(value)) wrong();
        else out[field.name] = value;
        break;
      }
      case "DATE": {
        const ms = dateValue(value);
        if (ms === undefined) wrong();
        else out[field.name] = ms;
        break;
      }
      case "LIST":
        if (typeof value !== "string" || !optionsOf(field).includes(value.trim())) wrong();
        else out[field.name] = value.trim();
        break;
      case "USER":
        if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 1) wrong();
        else users.push({ name: field.name, id: value });
        break;
    }
  }
  if (users.length) {
    const ids = users.map((u) => u.id);
    const members = new Set(membersAmong(db, projectId, ids));
    const active = new Set(findActiveUsers(db, ids).map((u) => u.id));
    for (const { name, id } of users) {
      if (members.has(id) && active.has(id)) out[name] = id;
      else details.push({ path: `${path}.${name}`, message: "issue.notMember", code: "issue.notMember" });
    }
  }
  if (details.length) throw invalid(details);
  return JSON.stringify(out);
}
