import { asc, inArray } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { categories, issueTemplates, users, type Issue, type TemplateFieldType } from "../../../db/schema";
import { fullName } from "../chat/naming";
import type { IssueChanges } from "./fields";
import { fieldsOf } from "./templates";

// The history lines a change of a task posts into its ISSUE chat (spec 2: taskCreated, statusChanged,
// nameChanged, descriptionChanged, '{name} - назначен', categoriesChanged, dataChanged, taskRemoved).
// Each is stored as { event, ...values } and worded by each reader's page from `issue.history.<event>`.
// Lines carry the values before and after (dates as milliseconds, people and categories by name as they
// were then), so a reader sees 'Due date: 25 Nov → 15 Dec' in their own locale. Lines written before
// that (categoriesChanged without lists, dataChanged naming dueDate) keep their older wording.

type Person = { id: number; fullName: string };
/** A template field's value as stored (USER: the person, named as they were then). */
type FieldValue = string | number | boolean | Person | null;

export type HistoryEvent =
  | { event: "taskCreated"; task: string }
  | { event: "nameChanged"; from: string; to: string }
  | { event: "descriptionChanged" }
  | { event: "statusChanged"; from: Issue["status"]; to: Issue["status"] }
  | { event: "assigned"; performer: Person; previous?: Person }
  | { event: "unassigned"; performer: Person | null }
  | { event: "categoriesChanged"; from?: string[]; to?: string[] }
  | { event: "dueDateChanged"; from: number | null; to: number | null }
  | { event: "templateChanged"; from: string | null; to: string | null }
  | { event: "fieldChanged"; field: string; type: TemplateFieldType; from: FieldValue; to: FieldValue }
  | { event: "dataChanged"; fields: string[] }
  | { event: "taskRemoved"; task: string };

const names = (db: Db, ids: number[]) =>
  new Map((ids.length ? db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, ids)).all() : []).map((u) => [u.id, { id: u.id, fullName: fullName(u) }]));


const DATA_FIELDS = ["dueDate", "templateId", "additionalFields", "layerPoi", "layerId", "sys", "mapId", "coordinates"] as const;
/** Changes of these are worded with their values; the map's fields only by name. */
const WORDED = new Set<string>(["dueDate", "templateId", "additionalFields"]);
const sameTime = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);

/** What actually changed, without the fields that were given with the values they had. */
export function effectiveChanges(issue: Issue, categoryIds: number[], changes: IssueChanges): IssueChanges {
  const out: IssueChanges = {};
  if (changes.name !== undefined && changes.name !== issue.name) out.name = changes.name;
  // Compared as shown (the rendered blocks, not the editor's save time): a save of the same text is no change.
  if (changes.description && changes.description.html !== issue.descriptionHtml) out.description = changes.description;
  if (changes.status !== undefined && changes.status !== issue.status) out.status = changes.status;
  if (changes.performerId !== undefined && changes.performerId !== issue.performerId) out.performerId = changes.performerId;
  if (changes.categoryIds && [...changes.categoryIds].sort().join() !== [...categoryIds].sort().join()) out.categoryIds = changes.categoryIds;
  for (const key of DATA_FIELDS) {
    const value = changes[key];
    if (value === undefined) continue;
    const same = key === "dueDate" ? sameTime(value as Date | null, issue.dueDate) : value === issue[key];
    if (!same) (out as Record<string, unknown>)[key] = value;
  }
  return out;
}

const categoryNames = (db: Db, ids: number[]) =>
  ids.length ? db.select({ name: categories.name }).from(categories).where(inArray(categories.id, ids)).orderBy(asc(categories.number), asc(categories.id)).all().map((c) => c.name) : [];

const templatesById = (db: Db, ids: (number | null)[]) => {
  const wanted = ids.filter((id): id is number => id !== null);
  return new Map((wanted.length ? db.select().from(issueTemplates).where(inArray(issueTemplates.id, wanted)).all() : []).map((t) => [t.id, t]));
};

const valuesOf = (json: string | null): Record<string, unknown> => (json ? (JSON.parse(json) as Record<string, unknown>) : {});

/** One line per template value that changed, in the template's field order; USER values named. */
function fieldLines(db: Db, issue: Issue, changes: IssueChanges): HistoryEvent[] {
  const templateId = changes.templateId === undefined ? issue.templateId : changes.templateId;
  const templates = templatesById(db, [templateId, issue.templateId]);
  const fields = [templateId, issue.templateId].flatMap((id) => (id === null ? [] : fieldsOf(templates.get(id) ?? { fields: "[]" })));
  const before = valuesOf(issue.additionalFields);
  const after = valuesOf(changes.additionalFields ?? null);
  const seen = new Set<string>();
  const changed = fields.filter((f) => !seen.has(f.name) && seen.add(f.name) && (before[f.name] ?? null) !== (after[f.name] ?? null));
  const people = names(db, changed.filter((f) => f.type === "USER").flatMap((f) => [before[f.name], after[f.name]]).filter((v): v is number => typeof v === "number"));
  const shown = (type: TemplateFieldType, value: unknown): FieldValue =>
    value === undefined || value === null ? null : type === "USER" && typeof value === "number" ? (people.get(value) ?? { id: value, fullName: "" }) : (value as FieldValue);
  return changed.map((f) => ({ event: "fieldChanged", field: f.name, type: f.type, from: shown(f.type, before[f.name]), to: shown(f.type, after[f.name]) }));
}

/** The history lines of an update, in the order people read them; `categoryIds` are the task's before it. */
export function historyOf(db: Db, issue: Issue, changes: IssueChanges, categoryIds: number[] = []): HistoryEvent[] {
  const events: HistoryEvent[] = [];
  if (changes.name !== undefined) events.push({ event: "nameChanged", from: issue.name, to: changes.name });
  if (changes.status !== undefined) events.push({ event: "statusChanged", from: issue.status, to: changes.status });
  if (changes.description) events.push({ event: "descriptionChanged" });
  if (changes.performerId !== undefined) {
    const people = names(db, [changes.performerId, issue.performerId].filter((id): id is number => id !== null));
    const previous = issue.performerId === null ? undefined : people.get(issue.performerId);
    if (changes.performerId === null) events.push({ event: "unassigned", performer: previous ?? null });
    else events.push({ event: "assigned", performer: people.get(changes.performerId)!, ...(previous ? { previous } : {}) });
  }
  if (changes.categoryIds) events.push({ event: "categoriesChanged", from: categoryNames(db, categoryIds), to: categoryNames(db, changes.categoryIds) });
  if (changes.dueDate !== undefined) events.push({ event: "dueDateChanged", from: issue.dueDate?.getTime() ?? null, to: changes.dueDate?.getTime() ?? null });
  if (changes.templateId !== undefined) {
    const templates = templatesById(db, [issue.templateId, changes.templateId]);
    const named = (id: number | null) => (id === null ? null : (templates.get(id)?.name ?? null));
    events.push({ event: "templateChanged", from: named(issue.templateId), to: named(changes.templateId) });
  }
  if (changes.additionalFields !== undefined) events.push(...fieldLines(db, issue, changes));
  const data = DATA_FIELDS.filter((key) => changes[key] !== undefined && !WORDED.has(key)).map((key) => key.replace(/Id$/, ""));
  if (data.length) events.push({ event: "dataChanged", fields: data });
  return events;
}

/** The lines of a new task: created, and assigned when it has a performer. */
export function creationHistory(db: Db, issue: Issue): HistoryEvent[] {
  const events: HistoryEvent[] = [{ event: "taskCreated", task: issue.name }];
  if (issue.performerId !== null) events.push({ event: "assigned", performer: names(db, [issue.performerId]).get(issue.performerId)! });
  return events;
}
