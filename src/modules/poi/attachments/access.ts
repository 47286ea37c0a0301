import type { Db } from "../../../../db/client";
import type { User } from "../../../../db/schema";
import { AppError, notFound } from "../../../lib/errors";
import type { Role } from "../../../lib/roles";
import { requireLayer, requireObject } from "../policy";

/**
 * Object `lpId` with its layer's project, for one who may act on it with `needed`: the layer's readers see what is attached,
 * its editors (MODERATOR) attach and detach. Anyone else gets the object's 404, or 403 once they can see it.
 */
export function requireObjectInProject(db: Db, actor: User, lpId: number, needed: Role = "USER") {
  const object = requireObject(db, actor, lpId, needed);
  return { object, projectId: requireLayer(db, actor, object.layerId).projectId };
}

/** The same check for something reached through a link to object `objectId`: whoever may not see the object gets `hiddenAs`'s 404. */
export function requireLinkedObject(db: Db, actor: User, objectId: number, needed: Role, hiddenAs: string) {
  try {
    return requireObjectInProject(db, actor, objectId, needed);
  } catch (error) {
    throw error instanceof AppError && error.status === 404 ? notFound(hiddenAs) : error;
  }
}
