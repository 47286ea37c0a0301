import type { Db } from "../../../db/client";
import { ISSUE_STATUSES, type Issue, type IssueStatus, type User } from "../../../db/schema";
import { invalid, type ErrorDetail } from "../../lib/errors";
import { requireDataItem } from "../data/policy";
import { projectCategoryIds, seesCategory } from "../categories/policy";
import { categoryLimits, membersAmong } from "../projects/policy";
import { findActiveUsers } from "../users/service";
import { parseDescription } from "./description";
import { checkPictures } from "./pictures";
import { ISSUE_LIMITS as LIMITS } from "./limits";
import type { UpdateIssueInput } from "./model";
import { findTemplate, templateValues } from "./templates";

// Every field of a task checked and turned into what is stored; each complaint names its field.

/** What a save or an update changes, checked; fields left out are undefined. */
export interface IssueChanges {
  name?: string;
  description?: { json: string; html: string };
  status?: IssueStatus;
  dueDate?: Date | null;
  performerId?: number | null;
  categoryIds?: number[];
  templateId?: number | null;
  additionalFields?: string | null;
  layerPoi?: string | null;
  layerId?: number | null;
  sys?: string | null;
  mapId?: number | null;
  coordinates?: string | null;
}

const fail = (path: string, code: string): never => {
  throw invalid([{ path, message: code, code }]);
};

/** A status by name or by its id (0 to 3). */
export function statusOf(value: string | number, path: string): IssueStatus {
  if (typeof value === "number") return ISSUE_STATUSES[value] ?? fail(path, "issue.unknownStatus");
  const text = value.trim();
  if (/^[0-3]$/.test(text)) return ISSUE_STATUSES[Number(text)]!;
  return ISSUE_STATUSES.includes(text as IssueStatus) ? (text as IssueStatus) : fail(path, "issue.unknownStatus");
}

/** Dates a person can mean: from 1900 to 9999. */
const EARLIEST = Date.UTC(1900, 0, 1);
const LATEST = Date.UTC(9999, 11, 31);

/** A due date: milliseconds (a number or its digits) or an ISO 8601 date; null or empty: none. */
export function dueDateOf(value: number | string | null | undefined, path: string): Date | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || (typeof value === "string" && !value.trim())) return null;
  let ms: number;
  if (typeof value === "number") ms = value;
  else if (/^-?\d{1,15}$/.test(value.trim())) ms = Number(value.trim());
  else if (/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value.trim())) ms = Date.parse(value.trim());
  else ms = Number.NaN;
  if (!Number.isSafeInteger(ms) || ms < EARLIEST || ms > LATEST) fail(path, "issue.badDate");
  return new Date(ms);
}

/** The performer: an active member of the task's project. */
function performerOf(db: Db, projectId: number, userId: number | null | undefined, path: string): number | null | undefined {
  if (userId === undefined || userId === null) return userId;
  const member = membersAmong(db, projectId, [userId]).length && findActiveUsers(db, [userId]).length;
  return member ? userId : fail(path, "issue.notMember");
}

/** Categories of the task's project that the actor sees (a category they do not see is as unknown). */
function categoriesOf(db: Db, actor: User, projectId: number, ids: number[] | null | undefined, path: string): number[] | undefined {
  if (ids === undefined) return undefined;
  const wanted = [...new Set(ids ?? [])];
  const limits = categoryLimits(db, actor);
  const found = projectCategoryIds(db, projectId, wanted).filter((id) => seesCategory(limits, { id, projectId }));
  if (found.length !== wanted.length) fail(path, "issue.unknownCategory");
  return wanted;
}

/** A map or layer the task points at: a data item of that type in the task's project that the actor sees. */
function dataRef(db: Db, actor: User, projectId: number, ref: { id: number } | null | undefined, type: "MAP" | "LAYER", path: string): number | null | undefined {
  if (!ref) return ref === null ? null : undefined;
  try {
    const { item } = requireDataItem(db, actor, ref.id);
    if (item.dataType === type && item.projectId === projectId) return item.id;
  } catch {}
  return fail(path, type === "MAP" ? "issue.unknownMap" : "issue.unknownLayer");
}

/** A GeoJSON Point ({ type: "Point", coordinates: [longitude, latitude] }), as an object or its JSON text; stored as JSON text. */
function coordinatesOf(value: unknown, path: string): string | null | undefined {
  if (value === undefined || value === null) return value;
  let point: unknown = value;
  if (typeof value === "string") {
    if (!value.trim()) return null;
    try {
      point = JSON.parse(value);
    } catch {
      return fail(path, "issue.badCoordinates");
    }
  }
  const p = point as { type?: unknown; coordinates?: unknown };
  const c = Array.isArray(p?.coordinates) ? (p.coordinates as unknown[]) : [];
  const [lon, lat] = c;
  const valid = p?.type === "Point" && c.length >= 2 && c.length <= 3 && c.every((n) => typeof n === "number" && Number.isFinite(n)) && Math.abs(lon as number) <= 180 && Math.abs(lat as number) <= 90;
  return valid ? JSON.stringify({ type: "Point", coordinates: c }) : fail(path, "issue.badCoordinates");
}

const optionalText = (value: string | null | undefined) => (value === undefined ? undefined : value?.trim() || null);

/**
 * Checks the fields of a save or an update (`current`: the task being updated). Template values are
 * checked whenever the template or its values change: against the template the task will have, numbers
 * given as text read in `locale`.
 */
export function checkChanges(db: Db, actor: User, projectId: number, input: Partial<Omit<UpdateIssueInput, "id" | "project">>, current?: Issue, description?: () => { json: string; html: string }, locale = "en"): IssueChanges {
  const details: ErrorDetail[] = [];
  const field = <T>(run: () => T): T | undefined => {
    try {
      return run();
    } catch (error) {
      const appError = error as { details?: ErrorDetail[] };
      if (!appError.details) throw error;
      details.push(...appError.details);
      return undefined;
    }
  };
  const changes: IssueChanges = {};
  if (input.name !== undefined || !current) {
    const name = input.name?.trim() ?? "";
    if (!name) details.push({ path: "body.name", message: "issue.nameRequired", code: "issue.nameRequired" });
    else if (name.length > LIMITS.name) details.push({ path: "body.name", message: "validation.tooLong", code: "validation.tooLong" });
    else changes.name = name;
  }
  if (input.description !== undefined || !current) changes.description = field(description ?? (() => parseDescription(input.description)));
  if (changes.description) field(() => checkPictures(db, current?.id, changes.description!.json));
  if (input.status !== undefined && input.status !== null) changes.status = field(() => statusOf(input.status!, "body.status"));
  changes.dueDate = field(() => dueDateOf(input.dueDate, "body.dueDate"));
  changes.performerId = field(() => performerOf(db, projectId, input.performer === undefined ? undefined : (input.performer?.id ?? null), "body.performer"));
  changes.categoryIds = field(() => categoriesOf(db, actor, projectId, input.categoryList === undefined ? undefined : (input.categoryList?.map((c) => c.id) ?? []), "body.categoryList"));
  changes.layerId = field(() => dataRef(db, actor, projectId, input.layer, "LAYER", "body.layer"));
  changes.mapId = field(() => dataRef(db, actor, projectId, input.map, "MAP", "body.map"));
  changes.coordinates = field(() => coordinatesOf(input.coordinates, "body.coordinates"));
  changes.layerPoi = optionalText(input.layerPoi);
  changes.sys = optionalText(input.sys);
  if (input.template !== undefined || input.additionalFields !== undefined) {
    const templateId = input.template === undefined ? (current?.templateId ?? null) : (input.template?.id ?? null);
    if (templateId === null) {
      const given = input.additionalFields;
      const empty = given === undefined || given === null || (typeof given === "string" ? !given.trim() || given.trim() === "{}" : !Object.keys(given).length);
      if (!empty) details.push({ path: "body.additionalFields", message: "issue.noTemplate", code: "issue.noTemplate" });
      changes.templateId = input.template === undefined ? undefined : null;
      changes.additionalFields = null;
    } else {
      const template = field(() => findTemplate(db, templateId, "body.template", projectId));
      if (template) {
        changes.templateId = templateId;
        // A template changed without values: the old values are checked against the new fields.
        const values = input.additionalFields === undefined ? (current?.additionalFields ?? null) : input.additionalFields;
        changes.additionalFields = field(() => templateValues(db, projectId, template, values, locale));
      }
    }
  }
  if (details.length) throw invalid(details);
  return Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as IssueChanges;
}
