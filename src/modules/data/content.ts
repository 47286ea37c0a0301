import type { Db } from "../../../db/client";
import type { DataItem, DataType, User } from "../../../db/schema";
import { invalid, type ErrorDetail } from "../../lib/errors";
import { CALC_CONTENT } from "../calc/service";
import { checkedChartValue } from "../charts/service";
import { requireProjectRole } from "../projects/policy";
import { cleanHtml, type CleanHtml } from "../../lib/clean-html";
import type { JobOptions } from "../../lib/untrusted-worker";
import { checkedHeaderValue } from "../tables/service";
import type { CleanSaveInput, SaveInput } from "./model";
import { requireDataItem } from "./policy";

const CONTENT_FIELDS = ["value", "body", "script", "props"] as const;
type ContentField = (typeof CONTENT_FIELDS)[number];

interface Scope {
  db: Db;
  actor: User;
  projectId: number;
  name: string;
  existing?: DataItem;
}

/** Content checks of the types whose feature owns their content: each field the type has, checked by that feature. */
const OWNED: Partial<Record<DataType, Partial<Record<ContentField, (text: string, scope: Scope) => string>>>> = {
  CALC: { script: CALC_CONTENT.script, props: CALC_CONTENT.props },
  REPORT: { body: (text) => text },
  TABLE: { value: (text, { existing }) => checkedHeaderValue(text, existing) },
  CHART: { value: (text, { db, actor, projectId, name }) => checkedChartValue(db, actor, projectId, name, text) },
};

/**
 * data/save's content fields for a CALC, REPORT, TABLE or CHART, checked and normalised by the feature that owns
 * the type, as its own save route does; another type's field (a report's body on a calculation) or malformed
 * content is a 422 before anything is written. The body is cleaned in the untrusted worker (a report's with
 * the `report` setting, any other's with `richText`). Authorises first, so "not yours" still answers 404.
 */
export async function checkedContent(db: Db, actor: User, input: SaveInput, options: JobOptions = {}): Promise<CleanSaveInput> {
  const existing = input.id ? requireDataItem(db, actor, input.id, "MODERATOR").item : undefined;
  if (!existing) requireProjectRole(db, actor, input.project.id, "MODERATOR");
  const dataType = existing?.dataType ?? input.dataType;
  const { body, ...rest } = checkedFields(db, actor, input, existing);
  // Nothing (or the empty text) has nothing to clean.
  if (!body) return { ...rest, body: body as CleanHtml | null | undefined };
  return { ...rest, body: await cleanHtml(body, dataType === "REPORT" ? "report" : "richText", "body.body", options) };
}

function checkedFields(db: Db, actor: User, input: SaveInput, existing: DataItem | undefined): SaveInput {
  const rules = OWNED[existing?.dataType ?? input.dataType];
  if (!rules) return input;
  const scope: Scope = { db, actor, projectId: input.project.id, name: input.name ?? existing?.name ?? "", existing };
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
