import type { Db } from "../../../db/client";
import type { DataItem, User } from "../../../db/schema";
import { dataTypeOf } from "../../data-types";
import { invalid, type ErrorDetail } from "../../lib/errors";
import { requireProjectRole } from "../projects/policy";
import { cleanHtml, type CleanHtml } from "../../lib/clean-html";
import type { JobOptions } from "../../lib/untrusted-worker";
import type { CleanSaveInput, SaveInput } from "./model";
import { CONTENT_FIELDS, type ContentScope } from "./plugin";
import { requireDataItem } from "./policy";

/**
 * data/save's content fields for a type whose plugin checks them (a CALC, REPORT, TABLE or CHART), checked and
 * normalised by the feature that owns the type, as its own save route does; another type's field (a report's body
 * on a calculation) or malformed content is a 422 before anything is written. The body is cleaned in the untrusted
 * worker with the plugin's setting (`richText` by default). Authorises first, so "not yours" still answers 404.
 */
export async function checkedContent(db: Db, actor: User, input: SaveInput, options: JobOptions = {}): Promise<CleanSaveInput> {
  const existing = input.id ? requireDataItem(db, actor, input.id, { needed: "MODERATOR" }).item : undefined;
  if (!existing) requireProjectRole(db, actor, input.project.id, "MODERATOR");
  const dataType = existing?.dataType ?? input.dataType;
  const { body, ...rest } = checkedFields(db, actor, input, existing);
  // Nothing (or the empty text) has nothing to clean.
  if (!body) return { ...rest, body: body as CleanHtml | null | undefined };
  return { ...rest, body: await cleanHtml(body, dataTypeOf(dataType).bodyHtml ?? "richText", "body.body", options) };
}

function checkedFields(db: Db, actor: User, input: SaveInput, existing: DataItem | undefined): SaveInput {
  const rules = dataTypeOf(existing?.dataType ?? input.dataType).content;
  if (!rules) return input;
  const scope: ContentScope = { db, actor, projectId: input.project.id, name: input.name ?? existing?.name ?? "", existing };
  const details: ErrorDetail[] = [];
  const checked: SaveInput = { ...input };
  for (const field of CONTENT_FIELDS) {
    const given = input[field];
    if (given === undefined) continue;
    const check = rules[field];
    if (!check) details.push({ path: `body.${field}`, message: `Not a field of a ${existing?.dataType ?? input.dataType}` });
    else if (given === null) details.push({ path: `body.${field}`, message: "Must be text" });
    else checked[field] = check(given, scope);
  }
  if (details.length) throw invalid(details);
  return checked;
}
