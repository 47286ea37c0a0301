import type { Executor } from "../../../../db/client";
import type { PoiTemplateField } from "../../../../db/schema";
import { invalid, type ErrorDetail } from "../../../lib/errors";
import { parseNumber } from "../../../lib/numbers";
import { POI_LIMITS } from "../limits";
import type { TemplateInput } from "../model";
import { parseFormula } from "../rules/formula";
import { isNumberField, predicatesFor, type FieldType, type GraphType, type Predicate } from "../rules/kinds";
import { customLinkOf, dataTableSource, listOptions } from "../rules/values";
import { existingStyleIds } from "../styles/service";

/** A field as it will be written; `id` when it exists already. */
interface CheckedField {
  id?: number;
  name: string;
  index: number;
  type: FieldType;
  options: string | null;
  required: boolean;
  partOfName: boolean;
  showOnMap: boolean;
  excludeFromTableView: boolean;
}

interface CheckedTemplate {
  name: string;
  graphType: GraphType;
  icon: string | null;
  defaultStyleId: number | null;
  fields: CheckedField[];
  rules: { fieldName: string; predicate: Predicate; thresholdValue: string; styleId: number }[];
}

/** A field's options, checked by its type; a complaint, or nothing. */
function optionsProblem(field: CheckedField, numberFields: Set<string>): string | undefined {
  const { type, options } = field;
  if ((type === "LIST" || type === "MULTIPLE_LIST") && !listOptions(options).length) return "poi.field.optionsRequired";
  if (type === "DATA_TABLE" && !dataTableSource(options)) return "poi.field.dataTableOptions";
  if (type === "CUSTOM_LINK") {
    try {
      if (!["http:", "https:"].includes(new URL(customLinkOf(options, "x")).protocol)) return "poi.field.linkPrefix";
    } catch {
      return "poi.field.linkPrefix";
    }
  }
  if (type === "COMPUTED_FIELD") {
    const reading = parseFormula(options ?? "");
    if (!reading.ok || reading.formula.refs.some((name) => !numberFields.has(name.toLowerCase()))) return "poi.field.formula";
  }
  return undefined;
}

/** A complaint the error handler words in the caller's language (locales poi.*). */
const problem = (path: string, code: string): ErrorDetail => ({ path, code, message: code });

/** Everything a template save is refused for, all at once (422 with every detail), before anything is written. */
export function checkTemplate(db: Executor, input: TemplateInput, existingFields: PoiTemplateField[]): CheckedTemplate {
  const details: ErrorDetail[] = [];
  const name = input.name.trim();
  if (!name) details.push(problem("body.name", "poi.template.nameRequired"));
  if (name.length > POI_LIMITS.name) details.push(problem("body.name", "validation.tooLong"));
  const ownIds = new Set(existingFields.map((field) => field.id));

  const fields: CheckedField[] = (input.fields ?? []).map((field, i) => ({
    ...(field.id ? { id: field.id } : {}),
    name: field.name.trim(),
    index: field.index ?? i,
    type: field.type,
    options: field.options?.trim() || null,
    required: field.required ?? false,
    partOfName: field.partOfName ?? false,
    showOnMap: field.showOnMap ?? false,
    excludeFromTableView: field.excludeFromTableView ?? false,
  }));
  const numberFields = new Set(fields.filter((field) => field.type === "NUMBER").map((field) => field.name.toLowerCase()));
  const seen = new Set<string>();
  fields.forEach((field, i) => {
    const at = `body.fields.${i}`;
    if (field.id && !ownIds.has(field.id)) details.push(problem(`${at}.id`, "poi.field.notOfTemplate"));
    if (!field.name) details.push(problem(`${at}.name`, "poi.field.nameRequired"));
    else if (field.name.length > POI_LIMITS.name) details.push(problem(`${at}.name`, "validation.tooLong"));
    else if (seen.has(field.name.toLowerCase())) details.push(problem(`${at}.name`, "poi.field.nameTaken"));
    seen.add(field.name.toLowerCase());
    if (field.partOfName && field.type !== "STRING") details.push(problem(`${at}.partOfName`, "poi.field.partOfNameStringsOnly"));
    const complaint = optionsProblem(field, numberFields);
    if (complaint) details.push(problem(`${at}.options`, complaint));
  });

  const rules = input.rules ?? [];
  const styleIds = existingStyleIds(db, [...rules.map((rule) => rule.layerPoiStyle.id), ...(input.defaultLayerPoiStyle ? [input.defaultLayerPoiStyle.id] : [])]);
  if (input.defaultLayerPoiStyle && !styleIds.has(input.defaultLayerPoiStyle.id)) details.push(problem("body.defaultLayerPoiStyle.id", "poi.template.style"));
  const checkedRules = rules.flatMap((rule, i) => {
    const at = `body.rules.${i}`;
    const field = rule.field.id ? fields.find((f) => f.id === rule.field.id) : fields.find((f) => f.name.toLowerCase() === rule.field.name?.trim().toLowerCase());
    if (!styleIds.has(rule.layerPoiStyle.id)) details.push(problem(`${at}.layerPoiStyle.id`, "poi.rule.style"));
    if (!field) return details.push(problem(`${at}.field`, "poi.rule.fieldMissing")), [];
    if (!predicatesFor(field.type).includes(rule.predicate)) details.push(problem(`${at}.predicate`, "poi.rule.predicate"));
    const threshold = rule.thresholdValue.trim();
    if (isNumberField(field.type) && !parseNumber(threshold, "point").ok) details.push(problem(`${at}.thresholdValue`, "poi.rule.threshold"));
    return [{ fieldName: field.name, predicate: rule.predicate, thresholdValue: threshold, styleId: rule.layerPoiStyle.id }];
  });
  if (details.length) throw invalid(details);
  return {
    name,
    graphType: input.graphType,
    icon: input.icon?.trim() || null,
    defaultStyleId: input.defaultLayerPoiStyle?.id ?? null,
    fields,
    rules: checkedRules,
  };
}
