import { and, desc, eq } from "drizzle-orm";
import type { Executor } from "../../../db/client";
import { dataItems, docVersions } from "../../../db/schema";
import type { AppContext } from "../../lib/context";
import { log } from "../../lib/log";
import { removeStored } from "../../lib/storage";

// What other features ask of documents' versions. Nothing here imports another feature's code,
// so the data feature can call it while the rest of docs calls the data feature.

/** A document's newest active version, as data/get shows it; null for none. */
export function newestVersion(db: Executor, dataId: number) {
  return (
    db
      .select({ id: docVersions.id, type: docVersions.type, fileName: docVersions.fileName, name: docVersions.name })
      .from(docVersions)
      .where(and(eq(docVersions.dataId, dataId), eq(docVersions.isActive, true)))
      .orderBy(desc(docVersions.creationDate), desc(docVersions.id))
      .limit(1)
      .get() ?? null
  );
}

/** A version's converted HTML (a Word file's, sanitised when converted); null for other types. */
export const versionHtml = (db: Executor, versionId: number): string | null =>
  db.select({ body: docVersions.body }).from(docVersions).where(eq(docVersions.id, versionId)).get()?.body ?? null;

/** The stored files of one item's versions, or of every version in a project, read before the rows go. */
export function versionFiles(db: Executor, of: { dataId: number } | { projectId: number }): string[] {
  const query = db.select({ path: docVersions.filePath }).from(docVersions);
  const rows =
    "dataId" in of
      ? query.where(eq(docVersions.dataId, of.dataId)).all()
      : query.innerJoin(dataItems, eq(dataItems.id, docVersions.dataId)).where(eq(dataItems.projectId, of.projectId)).all();
  return rows.map((row) => row.path);
}

/**
 * Removes version files once their rows' deletion has committed. A file that cannot be removed
 * is logged with `about` and the rest still go: the deletion itself has happened.
 */
export function removeVersionFiles(ctx: AppContext, paths: string[], about: Record<string, number>) {
  for (const path of paths) {
    try {
      removeStored(ctx.config.dataDir, path);
    } catch (error) {
      log.error("docs.file_remove_failed", { ...about, error: String(error) });
    }
  }
}
