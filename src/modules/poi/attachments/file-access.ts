import { eq } from "drizzle-orm";
import type { Db } from "../../../../db/client";
import { poiAttachedFiles, type User } from "../../../../db/schema";
import { requireObjectInProject } from "./access";

/** Whether `actor` may read drive file `fileId` because it is attached to a map object whose layer they may read (drive's download rule). */
export function mayReadPoiFile(db: Db, actor: User, fileId: number): boolean {
  const rows = db.select({ objectId: poiAttachedFiles.objectId }).from(poiAttachedFiles).where(eq(poiAttachedFiles.fileId, fileId)).all();
  return rows.some(({ objectId }) => {
    try {
      requireObjectInProject(db, actor, objectId);
      return true;
    } catch {
      return false;
    }
  });
}
