import type { Wire } from "../../../src/lib/responses";
import type { PresentedTemplate } from "../../../src/modules/poi/presenter";
import { combinedName } from "../../../src/modules/poi/rules/name";
import { computeFields, type FieldValue, readValue } from "../../../src/modules/poi/rules/values";

export type Template = Wire<PresentedTemplate>;
export type TemplateField = Template["fields"][number];

/** What a person has typed or chosen in a field: text, a yes/no, or a list's choices. */
export type Entry = string | boolean | string[];
/** The form's entries by field id. */
export type Entries = Record<number, Entry>;

/**
 * The spec's number input (section 5): digits and one decimal point are kept, anything else dropped, and the
 * whole part is shown in groups of three with spaces ("1234567.5" reads "1 234 567.5").
 */
export function numberInput(typed: string): string {
  const kept = typed.replace(/[^0-9.]/g, "");
  const point = kept.indexOf(".");
  const whole = (point < 0 ? kept : kept.slice(0, point)).replace(/^0+(?=\d)/, "");
  const fraction = point < 0 ? null : kept.slice(point + 1).replace(/\./g, "");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, " ");
  return fraction === null ? grouped : `${grouped}.${fraction}`;
}

/** A number input's value: empty or zero is no number, as the spec has it. */
const numberOf = (text: string): number | null => {
  const value = Number(text.replace(/\s/g, ""));
  return text.trim() && Number.isFinite(value) && value !== 0 ? value : null;
};

/** What layer-poi/save is sent for one entry; computed fields are left to the server. */
function sentValue(field: TemplateField, entry: Entry | undefined): FieldValue {
  if (entry === undefined) return null;
  if (field.type === "NUMBER") return typeof entry === "string" ? numberOf(entry) : null;
  if (field.type === "BOOLEAN") return entry === true;
  if (Array.isArray(entry)) return entry.length ? entry : null;
  return typeof entry === "string" && entry.trim() ? entry.trim() : null;
}

/** The properties layer-poi/save takes for these entries. */
export const propertiesOf = (template: Template, entries: Entries) =>
  template.fields.filter((field) => field.type !== "COMPUTED_FIELD").map((field) => ({ field: { id: field.id }, value: sentValue(field, entries[field.id]) }));

/** An object's stored values as the form's entries (numbers grouped as the input shows them). */
export function entriesOf(template: Template, properties: { field: { id: number }; value: FieldValue }[]): Entries {
  const entries: Entries = {};
  for (const { field, value } of properties) {
    const type = template.fields.find((f) => f.id === field.id)?.type;
    if (value === null || !type || type === "COMPUTED_FIELD") continue;
    entries[field.id] = type === "NUMBER" ? numberInput(String(value)) : (value as Entry);
  }
  return entries;
}

/**
 * The server's rules over the entries (src/modules/poi/rules, the same functions): each field's problem
 * (`poi.value.<problem>`), the computed fields' values and the object's combined name. `tableOptions` are the
 * DATA_TABLE fields' allowed values by field id, once loaded.
 */
export function readEntries(template: Template, entries: Entries, locale: string, tableOptions: Record<number, string[]> = {}) {
  const problems: Record<number, string> = {};
  const values = new Map<number, FieldValue>();
  for (const field of template.fields) {
    const value = sentValue(field, entries[field.id]);
    const options = field.type === "DATA_TABLE" ? (tableOptions[field.id] ?? (typeof value === "string" ? [value] : [])) : undefined;
    const reading = readValue(field, value, locale, options);
    if (!reading.ok) problems[field.id] = `poi.value.${reading.problem}`;
    else if (reading.value !== null) values.set(field.id, reading.value);
  }
  computeFields(template.fields, values);
  return { problems, computed: values, name: combinedName(template.name, template.fields, values) };
}
