import { parseNumber } from "../../../lib/numbers";
import { POI_LIMITS } from "../limits";
import { parseFormula } from "./formula";
import type { FieldType } from "./kinds";

/** A template field as the value rules read it. */
export interface FieldRule {
  id: number;
  name: string;
  type: FieldType;
  options: string | null;
  required: boolean;
}

/** A stored value: text, a number, a yes/no, a list of options, or nothing. */
export type FieldValue = string | number | boolean | string[] | null;

/** Why a value was refused: each is a locales key `poi.value.<problem>`. */
type ValueProblem = "required" | "not_text" | "not_number" | "not_boolean" | "not_date" | "not_link" | "not_option" | "too_long";

export type ValueReading = { ok: true; value: FieldValue } | { ok: false; problem: ValueProblem };

/** A LIST or MULTIPLE_LIST field's choices: its options split at commas. */
export const listOptions = (options: string | null): string[] =>
  (options ?? "")
    .split(",")
    .map((option) => option.trim())
    .filter(Boolean);

/** A DATA_TABLE field's table id and column name ("12,Street"), or undefined when they are not set. */
export function dataTableSource(options: string | null): { tableId: number; header: string } | undefined {
  const at = (options ?? "").indexOf(",");
  if (at < 0) return undefined;
  const id = options!.slice(0, at).trim();
  const header = options!.slice(at + 1).trim();
  return /^[1-9]\d{0,14}$/.test(id) && header ? { tableId: Number(id), header } : undefined;
}

/** A CUSTOM_LINK's address: the field's prefix followed by the value. */
export const customLinkOf = (options: string | null, value: string) => `${options ?? ""}${value}`;

const isWebAddress = (text: string) => {
  try {
    const url = new URL(text);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
};

/** A calendar date as YYYY-MM-DD that exists (no 31 April). */
function isDate(text: string) {
  const date = new Date(`${text}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

const ok = (value: FieldValue): ValueReading => ({ ok: true, value });
const fail = (problem: ValueProblem): ValueReading => ({ ok: false, problem });

const isEmpty = (raw: unknown) => raw === undefined || raw === null || (typeof raw === "string" && !raw.trim()) || (Array.isArray(raw) && !raw.length);

/**
 * Checks one field's value as a person gave it and answers what is stored. Numbers may come as text
 * in the reader's `locale` ("1 234,5" in ru); an empty or zero number is no number, as the spec's
 * number input has it. `tableOptions` are a DATA_TABLE field's allowed values. COMPUTED_FIELD values
 * are not given: computeFields makes them.
 */
export function readValue(field: FieldRule, raw: unknown, locale: string, tableOptions?: readonly string[]): ValueReading {
  if (field.type === "COMPUTED_FIELD") return ok(null);
  if (isEmpty(raw) || (field.type === "NUMBER" && raw === 0)) return field.required ? fail("required") : ok(null);
  switch (field.type) {
    case "NUMBER": {
      if (typeof raw === "number") return Number.isFinite(raw) ? ok(raw) : fail("not_number");
      if (typeof raw !== "string") return fail("not_number");
      // Spaces only ever group thousands here (the spec's number input), whatever the locale's own group mark.
      const reading = parseNumber(raw.replace(/[\s\u00a0\u202f]/g, ""), locale);
      if (!reading.ok) return fail("not_number");
      return reading.value === 0 ? (field.required ? fail("required") : ok(null)) : ok(reading.value);
    }
    case "BOOLEAN":
      return typeof raw === "boolean" ? ok(raw) : fail("not_boolean");
    case "MULTIPLE_LIST": {
      if (!Array.isArray(raw) || !raw.every((item) => typeof item === "string")) return fail("not_option");
      const allowed = listOptions(field.options);
      const chosen = [...new Set(raw.map((item) => item.trim()))];
      return chosen.every((item) => allowed.includes(item)) ? ok(chosen) : fail("not_option");
    }
    default: {
      if (typeof raw !== "string") return fail("not_text");
      const text = raw.trim();
      if (text.length > POI_LIMITS.value) return fail("too_long");
      if (field.type === "DATE") return isDate(text) ? ok(text) : fail("not_date");
      if (field.type === "LINK") return isWebAddress(text) ? ok(text) : fail("not_link");
      if (field.type === "CUSTOM_LINK") return isWebAddress(customLinkOf(field.options, text)) ? ok(text) : fail("not_link");
      if (field.type === "LIST") return listOptions(field.options).includes(text) ? ok(text) : fail("not_option");
      if (field.type === "DATA_TABLE") return tableOptions?.includes(text) ? ok(text) : fail("not_option");
      return ok(text);
    }
  }
}

/**
 * The values of a template's COMPUTED_FIELD fields from its number fields' values (by field name;
 * 0 where missing), rounded to 2 decimals.
 */
export function computeFields(fields: readonly FieldRule[], values: Map<number, FieldValue>): Map<number, FieldValue> {
  const numbers = new Map<string, number>();
  for (const field of fields) {
    const value = values.get(field.id);
    if (field.type === "NUMBER" && typeof value === "number") numbers.set(field.name, value);
  }
  for (const field of fields) {
    if (field.type !== "COMPUTED_FIELD") continue;
    const reading = parseFormula(field.options ?? "");
    values.set(field.id, reading.ok ? reading.formula.compute(numbers) : null);
  }
  return values;
}
