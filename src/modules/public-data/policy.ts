import type { DataItem } from "../../../db/schema";
import type { Db } from "../../../db/client";
import { notFound } from "../../lib/errors";
import { idParam } from "../../lib/ids";
import { findPublicDataItem } from "../data/policy";

/**
 * The item anyone may read at /public-data/{id}: an active data item in a category marked public. Anything
 * else (a private or removed item, a missing id, a key that is no id at all) is the same 404 as a missing
 * item, after the same single query, so an answer says nothing of what exists.
 */
export function requirePublicItem(db: Db, key: string | undefined): DataItem {
  const id = idParam(key);
  const item = findPublicDataItem(db, id ?? 0);
  if (!item) throw notFound("data");
  return item;
}
