import { inArray } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { users, type Issue } from "../../../db/schema";
import { fullName } from "../chat/naming";
import { valueChanges } from "./field-values";
import type { IssueChanges } from "./fields";

// The history lines a change of a task posts into its ISSUE chat (spec 2: taskCreated, statusChanged,
// nameChanged, descriptionChanged, '{name} - назначен', categoriesChanged, dataChanged, taskRemoved).
// Each is stored as { event, ...values } and worded by each reader's page from `issue.history.<event>`.

export type HistoryEvent =
  | { event: "taskCreated"; task: string }
  | { event: "nameChanged"; from: string; to: string }
  | { event: "descriptionChanged" }
  | { event: "statusChanged"; from: Issue["status"]; to: Issue["status"] }
  | { event: "assigned"; performer: { id: number; fullName: string } }
  | { event: "unassigned"; performer: { id: number; fullName: string } | null }
  | { event: "categoriesChanged" }
  | { event: "dataChanged"; fields: string[]; values?: { field: string; from: unknown; to: unknown }[] }
  | { event: "taskRemoved"; task: string };

const names = (db: Db, ids: number[]) =>
  new Map((ids.length ? db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, ids)).all() : []).map((u) => [u.id, { id: u.id, fullName: fullName(u) }]));


const DATA_FIELDS = ["dueDate", "templateId", "additionalFields", "layerPoi", "layerId", "sys", "mapId", "coordinates"] as const;
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

/** The history lines of an update, in the order people read them. */
export function historyOf(db: Db, issue: Issue, changes: IssueChanges): HistoryEvent[] {
  const events: HistoryEvent[] = [];
  if (changes.name !== undefined) events.push({ event: "nameChanged", from: issue.name, to: changes.name });
  if (changes.status !== undefined) events.push({ event: "statusChanged", from: issue.status, to: changes.status });
  if (changes.description) events.push({ event: "descriptionChanged" });
  if (changes.performerId !== undefined) {
    const people = names(db, [changes.performerId, issue.performerId].filter((id): id is number => id !== null));
    if (changes.performerId === null) events.push({ event: "unassigned", performer: issue.performerId === null ? null : (people.get(issue.performerId) ?? null) });
    else events.push({ event: "assigned", performer: people.get(changes.performerId)! });
  }
  if (changes.categoryIds) events.push({ event: "categoriesChanged" });
  const data = DATA_FIELDS.filter((key) => changes[key] !== undefined).map((key) => key.replace(/Id$/, ""));
  if (data.length) events.push({ event: "dataChanged", fields: data, ...valueChanges(issue.additionalFields, changes.additionalFields) });
  return events;
}

/** The lines of a new task: created, and assigned when it has a performer. */
export function creationHistory(db: Db, issue: Issue): HistoryEvent[] {
  const events: HistoryEvent[] = [{ event: "taskCreated", task: issue.name }];
  if (issue.performerId !== null) events.push({ event: "assigned", performer: names(db, [issue.performerId]).get(issue.performerId)! });
  return events;
}
