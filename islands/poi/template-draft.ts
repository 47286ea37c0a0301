import type { Wire } from "../../src/lib/responses";
import type { PresentedTemplate } from "../../src/modules/poi/presenter";
import type { FieldType, Predicate } from "../../src/modules/poi/rules/kinds";

export type Template = Wire<PresentedTemplate>;

/** A field being edited: `key` tells rows apart while names change. */
export interface DraftField {
  key: number;
  id?: number;
  name: string;
  type: FieldType;
  options: string;
  required: boolean;
  partOfName: boolean;
  showOnMap: boolean;
  excludeFromTableView: boolean;
}

/** A rule being edited: it names its field by the field's row key, so renaming the field keeps the rule. */
export interface DraftRule {
  key: number;
  fieldKey?: number;
  predicate?: Predicate;
  thresholdValue: string;
  styleId?: number;
}

let made = 0;
const nextKey = () => ++made;

export const newField = (): DraftField => ({ key: nextKey(), name: "", type: "STRING", options: "", required: false, partOfName: false, showOnMap: false, excludeFromTableView: false });
export const newRule = (): DraftRule => ({ key: nextKey(), thresholdValue: "" });

/** Field types whose options are typed in: list choices, a table and column, a link prefix, a formula. */
export const TAKES_OPTIONS: readonly FieldType[] = ["LIST", "MULTIPLE_LIST", "DATA_TABLE", "CUSTOM_LINK", "COMPUTED_FIELD"];

export function draftOf(template: Template | undefined): { fields: DraftField[]; rules: DraftRule[] } {
  const fields = (template?.fields ?? []).map((field) => ({ ...field, key: nextKey(), options: field.options ?? "" }));
  const rules = (template?.rules ?? []).map((rule) => ({
    key: nextKey(),
    fieldKey: fields.find((field) => field.id === rule.field.id)?.key,
    predicate: rule.predicate,
    thresholdValue: rule.thresholdValue,
    styleId: rule.layerPoiStyle.id,
  }));
  return { fields, rules };
}

/** `list` with the item at `from` swapped with its neighbour `by` places away. */
export function swapped<T>(list: T[], from: number, by: -1 | 1): T[] {
  const to = from + by;
  if (to < 0 || to >= list.length) return list;
  const next = [...list];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}

/** The body of POST layer-poi-template: fields in order, rules naming a field by id or, when new, by name; unfinished rules left out. */
export function bodyOf(draft: { id?: number; name: string; graphType: Template["graphType"]; defaultStyleId?: number; fields: DraftField[]; rules: DraftRule[] }) {
  return {
    id: draft.id ?? null,
    name: draft.name,
    graphType: draft.graphType,
    defaultLayerPoiStyle: draft.defaultStyleId ? { id: draft.defaultStyleId } : null,
    fields: draft.fields.map(({ key: _, id, options, ...field }, index) => ({ ...field, ...(id ? { id } : {}), index, options: options.trim() || null })),
    rules: draft.rules.flatMap((rule) => {
      const field = draft.fields.find((f) => f.key === rule.fieldKey);
      if (!field || !rule.predicate || !rule.styleId) return [];
      return [{ field: field.id ? { id: field.id } : { name: field.name }, predicate: rule.predicate, thresholdValue: rule.thresholdValue, layerPoiStyle: { id: rule.styleId } }];
    }),
  };
}
