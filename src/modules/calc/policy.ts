import type { Db } from "../../../db/client";
import type { User } from "../../../db/schema";
import { forbidden, notFound } from "../../lib/errors";
import { hasRank } from "../../lib/roles";
import { requireDataItem } from "../data/policy";

/**
 * A calculation the actor may use with `needed` in its project: an id that is not a calculation,
 * or one they may not see (category limits, a removed item for a plain member), is the same 404.
 */
export function requireCalc(db: Db, actor: User, id: number, needed: "USER" | "MODERATOR" = "USER") {
  const found = requireDataItem(db, actor, id, "USER", "calc");
  if (found.item.dataType !== "CALC") throw notFound("calc");
  if (!hasRank(found.access.role, needed)) throw forbidden();
  return found;
}
