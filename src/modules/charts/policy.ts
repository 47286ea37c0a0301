import type { Db } from "../../../db/client";
import type { User } from "../../../db/schema";
import { notFound } from "../../lib/errors";
import type { Role } from "../../lib/roles";
import { requireDataItem } from "../data/policy";

/** A CHART data item the actor may act on with `needed`; any other item, or one they may not see, is the same 404. */
export function requireChart(db: Db, actor: User, id: number, needed: Role = "USER") {
  const found = requireDataItem(db, actor, id, needed);
  if (found.item.dataType !== "CHART") throw notFound("data");
  return found;
}
