import type { Db } from "../../../../db/client";
import type { User } from "../../../../db/schema";
import { AppError, invalid, type ErrorDetail } from "../../../lib/errors";
import { requireDataItemHeader } from "../../data/policy";
import { tableOptions } from "../../tables/service";
import type { ObjectInput } from "../model";
import { computeFields, dataTableSource, readValue, type FieldValue } from "../rules/values";
import type { FullTemplate } from "../templates/service";

/** Stored properties: values by field id, as JSON text keeps them ({ "12": "Oak" }). */
export type StoredValues = Record<string, FieldValue>;

export const valuesMap = (stored: string): Map<number, FieldValue> => new Map(Object.entries(JSON.parse(stored) as StoredValues).map(([id, value]) => [Number(id), value]));

/** The allowed values of a DATA_TABLE field: its table's column, when the table is in the layer's project and the actor sees it. */
function dataTableValues(db: Db, actor: User, projectId: number, options: string | null): string[] {
  const source = dataTableSource(options);
  if (!source) return [];
  try {
    if (requireDataItemHeader(db, actor, source.tableId, { type: "TABLE" }).item.projectId !== projectId) return [];
    return tableOptions(db, actor, source.tableId, source.header);
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return [];
    throw error;
  }
}

/**
 * Reads an object's properties against its template: every field must be the template's, each value
 * of its field's type, required ones present; computed fields are worked out here, whatever was sent.
 * Refuses with every problem at once (422, details per property). `tableValues` keeps DATA_TABLE fields' allowed
 * values between calls (an import reads them once, not once per object).
 */
export function readProperties(
  db: Db,
  actor: User,
  projectId: number,
  template: FullTemplate,
  input: ObjectInput["properties"],
  locale: string,
  tableValues = new Map<number, string[]>(),
): Map<number, FieldValue> {
  const details: ErrorDetail[] = [];
  const given = new Map<number, { raw: unknown; at: string }>();
  (input ?? []).forEach((property, i) => {
    const at = `body.properties.${i}`;
    if (!template.fields.some((field) => field.id === property.field.id)) details.push({ path: `${at}.field.id`, code: "poi.field.notOfTemplate", message: "poi.field.notOfTemplate" });
    else given.set(property.field.id, { raw: property.value, at });
  });
  const values = new Map<number, FieldValue>();
  template.fields.forEach((field) => {
    const entry = given.get(field.id);
    let options: string[] | undefined;
    if (field.type === "DATA_TABLE" && entry) {
      options = tableValues.get(field.id) ?? dataTableValues(db, actor, projectId, field.options);
      tableValues.set(field.id, options);
    }
    const reading = readValue(field, entry?.raw, locale, options);
    if (reading.ok) {
      if (reading.value !== null) values.set(field.id, reading.value);
    } else {
      const code = `poi.value.${reading.problem}`;
      details.push({ path: entry ? `${entry.at}.value` : `body.properties.field.${field.id}`, code, message: code });
    }
  });
  if (details.length) throw invalid(details);
  return computeFields(template.fields, values);
}
