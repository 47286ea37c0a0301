import { inArray } from "drizzle-orm";
import type { Executor } from "../../../db/client";
import { issues } from "../../../db/schema";

// What the full-text index (src/modules/search/fulltext-index.ts) reads of tasks.

/** The description (sanitised HTML) of each of the tasks `ids` as it is now; a removed task is absent. */
export function issueTextsForIndex(db: Executor, ids: number[]): { ref: number; html: string }[] {
  return db.select({ ref: issues.id, html: issues.descriptionHtml }).from(issues).where(inArray(issues.id, ids)).all();
}

/** Every task, for a rebuild of the index. */
export const issueIdsForIndex = (db: Executor) => db.select({ id: issues.id }).from(issues).all().map(({ id }) => id);
