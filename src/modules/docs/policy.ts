import type { Db } from "../../../db/client";
import type { User } from "../../../db/schema";
import { forbidden } from "../../lib/errors";
import { hasRank } from "../../lib/roles";
import { membershipsOf } from "../projects/service";

/**
 * Staging files (POST /files/save) is for those who may save documents somewhere: MODERATOR and
 * above, or a USER with the moderator flag in at least one project. Only they can ever claim a
 * staged file (add-doc-version and save-all need MODERATOR in the project).
 */
export function requireStager(db: Db, actor: User): void {
  if (hasRank(actor.role, "MODERATOR")) return;
  if (hasRank(actor.role, "USER") && membershipsOf(db, actor, actor.id).some((m) => m.moderator)) return;
  throw forbidden();
}
