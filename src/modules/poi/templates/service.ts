import { and, asc, eq, inArray, notInArray } from "drizzle-orm";
import type { Db, Executor } from "../../../../db/client";
import { poiLayerTemplates, poiObjects, poiTemplateFields, poiTemplates, type PoiTemplate, type PoiTemplateField, type User } from "../../../../db/schema";
import { conflict, notFound } from "../../../lib/errors";
import { audit } from "../../audit/service";
import { requireLayer } from "../policy";
import type { TemplateInput } from "../model";
import { checkTemplate } from "./check";

/** A template with its fields in order and its rules as stored. */
export interface FullTemplate extends PoiTemplate {
  fields: PoiTemplateField[];
}

const findTemplate = (db: Executor, id: number) => db.select().from(poiTemplates).where(eq(poiTemplates.id, id)).get();

/** The fields of these templates, each template's in field order. */
function fieldsOf(db: Executor, templateIds: number[]): Map<number, PoiTemplateField[]> {
  const byTemplate = new Map<number, PoiTemplateField[]>(templateIds.map((id) => [id, []]));
  if (!templateIds.length) return byTemplate;
  const rows = db.select().from(poiTemplateFields).where(inArray(poiTemplateFields.templateId, templateIds)).orderBy(asc(poiTemplateFields.index), asc(poiTemplateFields.id)).all();
  for (const row of rows) byTemplate.get(row.templateId)!.push(row);
  return byTemplate;
}

const withFields = (db: Executor, templates: PoiTemplate[]): FullTemplate[] => {
  const fields = fieldsOf(db, templates.map((template) => template.id));
  return templates.map((template) => ({ ...template, fields: fields.get(template.id)! }));
};

export const listTemplates = (db: Db): FullTemplate[] => withFields(db, db.select().from(poiTemplates).orderBy(asc(poiTemplates.name), asc(poiTemplates.id)).all());

/** One template with its fields, or 404. */
export function getTemplate(db: Executor, id: number): FullTemplate {
  const template = findTemplate(db, id);
  if (!template) throw notFound("poi_template");
  return withFields(db, [template])[0];
}

/** The templates a layer offers (the caller has checked the reader may see the layer). */
function templatesOfLayer(db: Executor, layerId: number): FullTemplate[] {
  const templates = db
    .select({ template: poiTemplates })
    .from(poiLayerTemplates)
    .innerJoin(poiTemplates, eq(poiTemplates.id, poiLayerTemplates.templateId))
    .where(eq(poiLayerTemplates.layerId, layerId))
    .orderBy(asc(poiTemplates.name), asc(poiTemplates.id))
    .all()
    .map((row) => row.template);
  return withFields(db, templates);
}

/**
 * The templates each of `layerIds` offers, for a member who may open every one of them (the map's create-object
 * dialog and layer settings); a layer they may not open is the same 404 as one that does not exist.
 */
export function templatesOfLayers(db: Db, actor: User, layerIds: number[]): { layerId: number; templates: FullTemplate[] }[] {
  const ids = [...new Set(layerIds)];
  for (const id of ids) requireLayer(db, actor, id);
  return ids.map((layerId) => ({ layerId, templates: templatesOfLayer(db, layerId) }));
}

export const isBound = (db: Executor, layerId: number, templateId: number) =>
  !!db.select().from(poiLayerTemplates).where(and(eq(poiLayerTemplates.layerId, layerId), eq(poiLayerTemplates.templateId, templateId))).get();

/**
 * Creates or updates a template with its fields and rules (ADMIN, checked by the route): fields
 * with an id are updated, new ones added, those left out removed; rules name their field by id
 * or, for a field new in this save, by name. A template with objects keeps its graph type.
 */
export function saveTemplate(db: Db, actor: User, input: TemplateInput): FullTemplate {
  const existing = input.id ? getTemplate(db, input.id) : undefined;
  const checked = checkTemplate(db, input, existing?.fields ?? []);
  return db.transaction((tx) => {
    if (existing && existing.graphType !== checked.graphType && tx.select({ id: poiObjects.id }).from(poiObjects).where(eq(poiObjects.templateId, existing.id)).limit(1).get()) {
      throw conflict("poi_template_has_objects", "The template has objects: its graph type cannot change");
    }
    const values = { name: checked.name, graphType: checked.graphType, icon: checked.icon, defaultStyleId: checked.defaultStyleId };
    const template = existing
      ? tx.update(poiTemplates).set(values).where(eq(poiTemplates.id, existing.id)).returning().get()
      : tx.insert(poiTemplates).values(values).returning().get();
    const keptIds = checked.fields.flatMap((field) => (field.id ? [field.id] : []));
    tx.delete(poiTemplateFields)
      .where(and(eq(poiTemplateFields.templateId, template.id), keptIds.length ? notInArray(poiTemplateFields.id, keptIds) : undefined))
      .run();
    const idByName = new Map<string, number>();
    for (const { id, ...field } of checked.fields) {
      const saved = id
        ? tx.update(poiTemplateFields).set(field).where(eq(poiTemplateFields.id, id)).returning().get()
        : tx.insert(poiTemplateFields).values({ ...field, templateId: template.id }).returning().get();
      idByName.set(saved.name.toLowerCase(), saved.id);
    }
    const rules = checked.rules.map(({ fieldName, ...rule }) => ({ ...rule, fieldId: idByName.get(fieldName.toLowerCase())! }));
    tx.update(poiTemplates).set({ rules: JSON.stringify(rules) }).where(eq(poiTemplates.id, template.id)).run();
    audit(tx, actor.id, existing ? "UPDATE" : "CREATE", `object template ${template.id} "${template.name}"`);
    return getTemplate(tx, template.id);
  });
}

/** Activates or deactivates a template (SYSTEM_ADMIN, checked by the route): an inactive one takes no new objects. */
export function setTemplateActive(db: Db, actor: User, id: number, isActive: boolean): FullTemplate {
  const template = getTemplate(db, id);
  db.transaction((tx) => {
    tx.update(poiTemplates).set({ isActive }).where(eq(poiTemplates.id, id)).run();
    audit(tx, actor.id, "UPDATE", `object template ${id} "${template.name}" ${isActive ? "activated" : "deactivated"}`);
  });
  return { ...template, isActive };
}

/** layer/get-poi-templates: the templates layer `layerId` offers, for its readers. */
export const layerTemplates = (db: Db, actor: User, layerId: number) => templatesOfLayers(db, actor, [layerId])[0]!;

/** Offers a template on a layer, or stops offering it (ADMIN in the layer's project); answers the layer's templates. */
export function bindTemplate(db: Db, actor: User, layerId: number, templateId: number, bound: boolean): { layerId: number; templates: FullTemplate[] } {
  const layer = requireLayer(db, actor, layerId, "ADMIN");
  const template = getTemplate(db, templateId);
  db.transaction((tx) => {
    if (bound) tx.insert(poiLayerTemplates).values({ layerId, templateId }).onConflictDoNothing().run();
    else tx.delete(poiLayerTemplates).where(and(eq(poiLayerTemplates.layerId, layerId), eq(poiLayerTemplates.templateId, templateId))).run();
    audit(tx, actor.id, "UPDATE", `object template ${template.id} "${template.name}" ${bound ? "added to" : "removed from"} layer ${layer.id}`, layer.id);
  });
  return { layerId, templates: templatesOfLayer(db, layerId) };
}
