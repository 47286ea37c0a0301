import { isNumberField, type FieldType, type Predicate } from "./kinds";

/** A style rule as templates keep it, in order: the first that matches gives the style. */
export interface StyleRule {
  fieldId: number;
  predicate: Predicate;
  thresholdValue: string;
  styleId: number;
}

/**
 * Whether a value meets a rule: EQUAL compares numbers as numbers and text ignoring case; LESS and
 * MORE compare numbers; LIKE finds the threshold inside the text, ignoring case.
 */
function matches(rule: StyleRule, type: FieldType, value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (isNumberField(type)) {
    const threshold = Number(rule.thresholdValue);
    if (typeof value !== "number" || !Number.isFinite(threshold)) return false;
    if (rule.predicate === "LESS") return value < threshold;
    if (rule.predicate === "MORE") return value > threshold;
    return rule.predicate === "EQUAL" && value === threshold;
  }
  const text = (Array.isArray(value) ? value.join(", ") : String(value)).toLowerCase();
  const threshold = rule.thresholdValue.toLowerCase();
  if (rule.predicate === "EQUAL") return Array.isArray(value) ? value.some((item) => item.toLowerCase() === threshold) : text === threshold;
  return rule.predicate === "LIKE" && text.includes(threshold);
}

/**
 * The style an object is drawn with: the first matching rule's, else the template's default. The
 * server sends it with each feature, so the map's canvas and WebGL renderers need no LIKE of their own.
 */
export function styleOf(rules: readonly StyleRule[], fieldTypes: ReadonlyMap<number, FieldType>, values: ReadonlyMap<number, unknown>, defaultStyleId: number | null): number | null {
  for (const rule of rules) {
    const type = fieldTypes.get(rule.fieldId);
    if (type && matches(rule, type, values.get(rule.fieldId))) return rule.styleId;
  }
  return defaultStyleId;
}
