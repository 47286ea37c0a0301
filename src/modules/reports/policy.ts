import type { Db } from "../../../db/client";
import type { User } from "../../../db/schema";
import { notFound } from "../../lib/errors";
import type { Role } from "../../lib/roles";
import { requireDataItem, requireDataItemHeader } from "../data/policy";

/** A REPORT data item the actor may act on with `needed`; any other item answers as one that does not exist. */
export function requireReport(db: Db, actor: User, id: number, needed: Role = "USER") {
  const found = requireDataItem(db, actor, id, needed);
  if (found.item.dataType !== "REPORT") throw notFound("data");
  return found;
}

/** The same check, reading the report's header but not its body (for a save, which replaces it). */
export function requireReportHeader(db: Db, actor: User, id: number, needed: Role = "USER") {
  const found = requireDataItemHeader(db, actor, id, needed);
  if (found.item.dataType !== "REPORT") throw notFound("data");
  return found;
}
