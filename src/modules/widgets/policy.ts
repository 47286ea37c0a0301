import { eq } from "drizzle-orm";
import type { Db, Executor } from "../../../db/client";
import { widgets, type User, type Widget } from "../../../db/schema";
import { AppError, notFound } from "../../lib/errors";
import type { Role } from "../../lib/roles";
import { requireDataItem } from "../data/policy";
import { requireProjectRole } from "../projects/policy";

const findWidget = (db: Executor, id: number): Widget | undefined => db.select().from(widgets).where(eq(widgets.id, id)).get();

/** A widget of a project where the actor has `needed`; one outside their projects is reported as missing. */
export function requireWidget(db: Db, actor: User, id: number, needed: Role): Widget {
  const widget = findWidget(db, id);
  if (!widget) throw notFound("widget");
  requireProjectRole(db, actor, widget.projectId, needed, "widget");
  return widget;
}

/**
 * The data item a widget shows, when the actor may see it and it is not removed; otherwise the widget
 * is left out of their dashboard (a member limited to categories, a source moved to the bin).
 */
export function shownSource(db: Db, actor: User, dataId: number) {
  try {
    const { item } = requireDataItem(db, actor, dataId);
    return item.isActive ? item : undefined;
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return undefined;
    throw error;
  }
}
