import { and, asc, count, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../../db/client";
import { poiChangelog, poiObjects, type PoiObject, type User } from "../../../../db/schema";
import { invalid } from "../../../lib/errors";
import { contains } from "../../data/text-match";
import type { SheetCell } from "../../../lib/sheet-writer";
import { xlsxDownload } from "../../../lib/xlsx-download";
import { audit } from "../../audit/service";
import type { FilterInput } from "../model";
import { requireLayer } from "../policy";
import { getTemplate, type FullTemplate } from "../templates/service";
import { valuesMap } from "./properties";

/** Fields the table filters by (spec 3 section 2). */
const FILTERABLE = new Set(["STRING", "LIST", "BOOLEAN"]);

/**
 * The conditions of the table's filters: text fields contain the text (ignoring case in any script), lists
 * and yes/no equal it. A criterion on a field that is not the template's, or not of those kinds, is refused.
 */
function criteriaOf(template: FullTemplate, input: FilterInput | undefined): SQL[] {
  return (input?.layerPoiCriteria ?? []).map((criterion, i) => {
    const field = template.fields.find((f) => f.id === criterion.fieldId);
    if (!field || !FILTERABLE.has(field.type)) throw invalid([{ path: `body.layerPoiCriteria.${i}.fieldId`, code: "poi.filter.field", message: "poi.filter.field" }]);
    const value = sql`json_extract(${poiObjects.properties}, ${`$."${field.id}"`})`;
    if (field.type === "BOOLEAN") return criterion.value === true || criterion.value === "true" ? sql`${value} = 1` : sql`coalesce(${value}, 0) = 0`;
    const text = String(criterion.value).trim();
    if (field.type === "LIST") return sql`${value} = ${text}`;
    return contains(value, text);
  });
}

const scopeOf = (layerId: number, templateId: number, criteria: SQL[]) => and(eq(poiObjects.layerId, layerId), eq(poiObjects.templateId, templateId), ...criteria);

/** A page of one layer's objects of one template (poi-table), page 0 first, 10 rows unless asked. */
export function filterObjects(db: Db, actor: User, layerId: number, templateId: number, input: FilterInput | undefined): { content: PoiObject[]; totalElements: number } {
  requireLayer(db, actor, layerId);
  const template = getTemplate(db, templateId);
  const where = scopeOf(layerId, templateId, criteriaOf(template, input));
  const rowsPerPage = input?.rowsPerPage ?? 10;
  const content = db
    .select()
    .from(poiObjects)
    .where(where)
    .orderBy(asc(poiObjects.id))
    .limit(rowsPerPage)
    .offset((input?.page ?? 0) * rowsPerPage)
    .all();
  const totalElements = db.select({ n: count() }).from(poiObjects).where(where).get()!.n;
  return { content, totalElements };
}

/** A value as a spreadsheet cell: numbers and yes/no typed, dates as dates, lists joined. */
function cellOf(value: unknown, type: string): SheetCell {
  if (value === undefined || value === null) return null;
  if (type === "DATE" && typeof value === "string") return new Date(`${value}T00:00:00Z`);
  if (Array.isArray(value)) return value.join(", ");
  return value as SheetCell;
}

/** The filtered objects of one template as an XLSX sheet: the name, then the table's fields, typed. */
export async function exportObjects(db: Db, actor: User, layerId: number, templateId: number, input: FilterInput | undefined, signal?: AbortSignal): Promise<Response> {
  const layer = requireLayer(db, actor, layerId);
  const template = getTemplate(db, templateId);
  const fields = template.fields.filter((field) => !field.excludeFromTableView);
  const rows = db
    .select()
    .from(poiObjects)
    .where(scopeOf(layerId, templateId, criteriaOf(template, input)))
    .orderBy(asc(poiObjects.id))
    .all()
    .map((object) => {
      const values = valuesMap(object.properties);
      return [object.name, ...fields.map((field) => cellOf(values.get(field.id), field.type))];
    });
  const response = await xlsxDownload(`${template.name}.xlsx`, template.name, ["Name", ...fields.map((field) => field.name)], rows, { owner: actor.id, signal });
  audit(db, actor.id, "DOWNLOAD", `objects of template ${template.id} on layer ${layer.id}`, layer.id);
  return response;
}

/** Deletes every object of one template on a layer (ADMIN there), each with its DELETE changelog entry; answers how many. */
export function deleteByTemplate(db: Db, actor: User, layerId: number, templateId: number): { count: number } {
  const layer = requireLayer(db, actor, layerId, "ADMIN");
  const template = getTemplate(db, templateId);
  return db.transaction((tx) => {
    const scope = scopeOf(layerId, templateId, []);
    tx.insert(poiChangelog)
      .select(
        tx
          .select({
            id: sql<number>`null`.as("id"),
            objectId: poiObjects.id,
            layerId: poiObjects.layerId,
            authorId: sql<number>`${actor.id}`.as("author_id"),
            changeType: sql<"DELETE">`'DELETE'`.as("change_type"),
            date: sql<Date>`(unixepoch('subsec') * 1000)`.as("date"),
            geometry: poiObjects.geometry,
            changes: sql<string>`'[]'`.as("changes"),
          })
          .from(poiObjects)
          .where(scope),
      )
      .run();
    const deleted = tx.delete(poiObjects).where(scope).returning({ id: poiObjects.id }).all().length;
    audit(tx, actor.id, "DELETE", `${deleted} objects of template ${template.id} "${template.name}" on layer ${layer.id}`, layer.id);
    return { count: deleted };
  });
}
