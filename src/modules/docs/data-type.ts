import type { DataTypePlugin } from "../data/plugin";
import { documentIdsForIndex, documentTextsForIndex } from "./index-texts";
import { newestVersion, removeVersionFiles, versionFiles, versionHtml } from "./versions";

/** DOC: files in versions (the docs feature's tables and DATA_DIR); the newest active one is the document. */
export const docType: DataTypePlugin = {
  type: "DOC",
  needsProvider: true,
  firstVersion: (db, id) => newestVersion(db, id),
  removeForever: (ctx, tx, item) => {
    const paths = versionFiles(tx, { dataId: item.id });
    return { files: paths.length, afterCommit: () => removeVersionFiles(ctx, paths, { dataId: item.id }) };
  },
  publicPart: (db, item) => {
    const newest = newestVersion(db, item.id);
    const html = newest?.type === "MS_DOC" ? versionHtml(db, newest.id) : null;
    return { document: newest && { type: newest.type, name: newest.name, fileName: newest.fileName, html } };
  },
  searchTexts: { texts: (db, ids) => documentTextsForIndex(db, ids), refs: (db) => documentIdsForIndex(db) },
};
