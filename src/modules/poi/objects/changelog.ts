import { desc, eq } from "drizzle-orm";
import type { Db, Executor } from "../../../../db/client";
import { poiChangelog, type PoiObject, type User } from "../../../../db/schema";
import { notFound } from "../../../lib/errors";
import { findUserById } from "../../users/service";
import { requireLayer } from "../policy";
import type { ChangeType } from "../rules/kinds";
import type { FieldValue } from "../rules/values";
import type { FullTemplate } from "../templates/service";

/** One changed field as the changelog dialog lists it. */
interface FieldChange {
  fieldName: string;
  value: FieldValue;
}

/** The fields whose values differ between `before` and `after`, by field name. */
export function changedFields(template: FullTemplate, before: ReadonlyMap<number, FieldValue>, after: ReadonlyMap<number, FieldValue>): FieldChange[] {
  return template.fields
    .filter((field) => JSON.stringify(before.get(field.id) ?? null) !== JSON.stringify(after.get(field.id) ?? null))
    .map((field) => ({ fieldName: field.name, value: after.get(field.id) ?? null }));
}

/** Writes one entry, inside the transaction of the change it records. */
export function recordChange(tx: Executor, actor: User, object: Pick<PoiObject, "id" | "layerId">, changeType: ChangeType, changes: FieldChange[], geometry: string | null) {
  tx.insert(poiChangelog).values({ objectId: object.id, layerId: object.layerId, authorId: actor.id, changeType, changes: JSON.stringify(changes), geometry }).run();
}

/**
 * An object's history, newest first, for whoever may see its layer; a deleted object's history stays
 * readable from its last entry.
 */
export function changelogOf(db: Db, actor: User, objectId: number) {
  const entries = db.select().from(poiChangelog).where(eq(poiChangelog.objectId, objectId)).orderBy(desc(poiChangelog.id)).all();
  if (!entries.length) throw notFound("layer_poi");
  requireLayer(db, actor, entries[0].layerId);
  const authors = new Map<number, User | undefined>();
  for (const entry of entries) if (entry.authorId && !authors.has(entry.authorId)) authors.set(entry.authorId, findUserById(db, entry.authorId));
  return entries.map((entry) => {
    const author = entry.authorId ? authors.get(entry.authorId) : undefined;
    return {
      id: entry.id,
      author: author ? { id: author.id, firstName: author.firstName, lastName: author.lastName } : null,
      changeType: entry.changeType,
      date: entry.date,
      geometry: entry.geometry,
      changeListByFields: JSON.parse(entry.changes) as FieldChange[],
    };
  });
}
