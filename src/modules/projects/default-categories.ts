import type { Db } from "../../../db/client";
import { projects, type User } from "../../../db/schema";
import { audit } from "../audit/service";
import { createDefaultCategory, projectsWithDefaultCategory } from "../categories/service";

/**
 * The maintenance action update/set-default-category: gives every project that lacks one its hidden
 * default category (a project made before it existed, or by a restore of such a database). One transaction,
 * audited; a second run finds nothing to do. SYSTEM_ADMIN only (the route says so).
 */
export function addMissingDefaultCategories(db: Db, actor: User) {
  return db.transaction((tx) => {
    const ids = tx.select({ id: projects.id }).from(projects).all().map((row) => row.id);
    const present = projectsWithDefaultCategory(tx);
    const missing = ids.filter((id) => !present.has(id));
    for (const id of missing) createDefaultCategory(tx, id);
    audit(tx, actor.id, "UPDATE", `Default categories: ${missing.length} created, ${ids.length} projects checked`);
    return { checked: ids.length, created: missing.length };
  });
}
