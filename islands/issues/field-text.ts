import { formatNumber } from "../../src/lib/numbers";
import { readNumber } from "../lib/ui/NumberField";
import type { Strings } from "../lib/ui/i18n";
import { dayToMs, msToDay } from "./calls";
import { personName, type Person, type Template } from "./types";

// A template field's value three ways: as people read it, as its control's text, and the control's
// text as the value the server takes.

export type TemplateField = Template["fields"][number];
export type FieldValue = string | number | boolean;

/** The value as people read it; "—" for none. */
export function shownValue({ t, locale }: Pick<Strings, "t" | "locale">, type: TemplateField["type"], value: unknown, members: Person[]): string {
  if (value === undefined || value === null || value === "") return "—";
  if (type === "BOOLEAN") return t(value ? "common.yes" : "common.no");
  if (type === "DATE") return new Intl.DateTimeFormat(locale, { dateStyle: "medium" }).format(new Date(value as number));
  if (type === "NUMBER" && typeof value === "number") return formatNumber(value, locale);
  if (type === "USER") return personName(members.find((m) => m.id === value)) || String(value);
  return String(value);
}

/** The stored value as its control's text (a BOOLEAN's "true" or "", a DATE's YYYY-MM-DD, a number in the reader's locale). */
export function textOfValue(field: TemplateField, value: unknown, locale: string): string {
  if (value === undefined || value === null) return "";
  if (field.type === "BOOLEAN") return value === true ? "true" : "";
  if (field.type === "DATE") return msToDay(value as number);
  if (field.type === "NUMBER" && typeof value === "number") return formatNumber(value, locale, { grouping: false });
  return String(value);
}

/** A control's text as the value the server takes (none when empty), or the reader's refusal of a number. */
export function valueOfText(field: TemplateField, text: string, locale: string): { value?: FieldValue } | { refused: true } {
  if (field.type === "BOOLEAN") return { value: text === "true" };
  if (field.type === "NUMBER") {
    const read = readNumber(text, locale, { required: field.required });
    return "problem" in read ? { refused: true } : { value: read.value ?? undefined };
  }
  const raw = text.trim();
  if (!raw) return {};
  if (field.type === "USER") return { value: Number(raw) };
  if (field.type === "DATE") return { value: dayToMs(raw) ?? raw };
  return { value: raw };
}

/** The fields of all the templates a project offers, once per name (the first template's type wins), for filters and columns. */
export function templateFields(templates: Template[]): TemplateField[] {
  const seen = new Map<string, TemplateField>();
  for (const field of templates.flatMap((tpl) => tpl.fields)) if (!seen.has(field.name)) seen.set(field.name, field);
  return [...seen.values()];
}
