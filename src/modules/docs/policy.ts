import { eq, getTableColumns } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { docVersions, type User } from "../../../db/schema";
import { forbidden, notFound } from "../../lib/errors";
import { hasRank } from "../../lib/roles";
import { requireDataItem } from "../data/policy";
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

const { text: _text, ...columns } = getTableColumns(docVersions);
/** A version's columns but its PDF text (up to 500 000 characters that only the index reads), for every read that answers or serves a version. */
export const versionColumns = columns;

/**
 * The version if the actor may see it: a version of an item they cannot see, or a removed version
 * for anyone below MODERATOR in its project, does not exist for them (the same 404).
 */
export function requireVersion(db: Db, actor: User, id: number, needed: "USER" | "MODERATOR" = "USER") {
  const version = db.select(versionColumns).from(docVersions).where(eq(docVersions.id, id)).get();
  if (!version) throw notFound("version");
  const { role } = requireDataItem(db, actor, version.dataId, { hiddenAs: "version" }).access;
  if (!version.isActive && !hasRank(role, "MODERATOR")) throw notFound("version");
  if (!hasRank(role, needed)) throw forbidden();
  return version;
}
