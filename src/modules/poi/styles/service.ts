import { asc, eq, inArray } from "drizzle-orm";
import type { Db, Executor } from "../../../../db/client";
import { poiStyles, poiTemplates, type PoiStyle, type User } from "../../../../db/schema";
import { conflict, invalid, notFound } from "../../../lib/errors";
import { audit } from "../../audit/service";
import { POI_LIMITS } from "../limits";
import type { StyleInput } from "../model";

/** New styles start red: a translucent fill and an opaque outline (spec 3 section 2). */
const DEFAULT_STYLE = { fill: "#FF000030", stroke: "#FF0000FF", strokeWidth: 1, imageScale: 1 } as const;

/** #RRGGBB is opaque #RRGGBBFF; colours are kept in capitals. */
const withAlpha = (colour: string) => (colour.length === 7 ? `${colour}FF` : colour).toUpperCase();

export const listStyles = (db: Db): PoiStyle[] => db.select().from(poiStyles).orderBy(asc(poiStyles.name), asc(poiStyles.id)).all();

/** The ids of styles that exist among `ids`. */
export const existingStyleIds = (db: Executor, ids: number[]): Set<number> =>
  new Set(ids.length ? db.select({ id: poiStyles.id }).from(poiStyles).where(inArray(poiStyles.id, ids)).all().map((row) => row.id) : []);

const findStyle = (db: Db, id: number) => db.select().from(poiStyles).where(eq(poiStyles.id, id)).get();

/** Creates or updates a style (ADMIN, checked by the route). */
export function saveStyle(db: Db, actor: User, input: StyleInput): PoiStyle {
  const existing = input.id ? findStyle(db, input.id) : undefined;
  if (input.id && !existing) throw notFound("poi_style");
  const name = input.name.trim();
  if (!name) throw invalid([{ path: "body.name", message: "Enter the style's name", code: "poi.style.nameRequired" }]);
  if (name.length > POI_LIMITS.name) throw invalid([{ path: "body.name", message: "validation.tooLong", code: "validation.tooLong" }]);
  const base = existing ?? DEFAULT_STYLE;
  const values = {
    name,
    stroke: input.stroke ? withAlpha(input.stroke) : base.stroke,
    fill: input.fill ? withAlpha(input.fill) : base.fill,
    strokeWidth: input.strokeWidth ?? base.strokeWidth,
    imageScale: input.imageScale ?? base.imageScale,
    icon: input.icon === undefined ? (existing?.icon ?? null) : input.icon?.trim() || null,
  };
  return db.transaction((tx) => {
    const saved = existing
      ? tx.update(poiStyles).set(values).where(eq(poiStyles.id, existing.id)).returning().get()
      : tx.insert(poiStyles).values(values).returning().get();
    audit(tx, actor.id, existing ? "UPDATE" : "CREATE", `object style ${saved.id} "${saved.name}"`);
    return saved;
  });
}

/**
 * Deletes a style no template rule uses (a template's default falls back to none); a style that
 * a rule names answers 409, since the rule would draw with nothing.
 */
export function deleteStyle(db: Db, actor: User, id: number): PoiStyle {
  const style = findStyle(db, id);
  if (!style) throw notFound("poi_style");
  return db.transaction((tx) => {
    const usedBy = tx
      .select({ id: poiTemplates.id, rules: poiTemplates.rules })
      .from(poiTemplates)
      .all()
      .filter((template) => (JSON.parse(template.rules) as { styleId: number }[]).some((rule) => rule.styleId === id));
    if (usedBy.length) throw conflict("poi_style_in_use", "A template's rule uses this style");
    tx.delete(poiStyles).where(eq(poiStyles.id, id)).run();
    audit(tx, actor.id, "DELETE", `object style ${style.id} "${style.name}"`);
    return style;
  });
}
