import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { log } from "../../lib/log";
import { CHUNK, type Indexer, inSlices, type ReindexStatus, refsByKind, rewriteRows } from "./fulltext-index";
import { STEMS_VERSION } from "./fulltext-stems";

// The stems in the index are only as good as the stemmers that made them: a query stemmed by newer ones
// misses the words whose stems changed. So the index records its stemmers' version (migration 0021), and
// the server, when it starts on an index made by other ones, writes every row again in the background.

/** Characters of text one slice stems at most (a few milliseconds here), and always one row. */
const SLICE_CHARACTERS = 8_000;

/** The first of `rows` whose texts add up to no more than SLICE_CHARACTERS, and at least one. */
function withinBudget<Row extends { size: number }>(rows: Row[]): Row[] {
  let characters = 0;
  const taken = rows.findIndex((row) => (characters += row.size) > SLICE_CHARACTERS);
  return taken < 0 ? rows : rows.slice(0, Math.max(1, taken));
}

/** The version of the stemmers that made the stems the index holds; 1 before it was recorded. */
export const indexedStemsVersion = (db: Db) =>
  db.all<{ version: number }>(sql`select version from fulltext_stems_version`)[0]?.version ?? 1;

/** Writes the rows after `cursor.after` again, one slice in one transaction; answers how many. */
function restemSlice({ db, box }: Indexer, status: ReindexStatus, cursor: { after: number }): number {
  return db.transaction((tx) => {
    const rows = withinBudget(
      tx.all<{ kind: number; ref: number; rowid: number; size: number }>(
        sql`select rowid & 3 as kind, rowid >> 2 as ref, rowid, length(body) as size from fulltext_index where rowid > ${cursor.after} order by rowid limit ${CHUNK}`,
      ),
    );
    for (const [kind, refs] of refsByKind(rows)) rewriteRows(tx, box, kind, refs);
    cursor.after = rows.at(-1)?.rowid ?? cursor.after;
    status.done = Math.min(status.total, status.done + rows.length);
    return rows.length;
  });
}

/**
 * Once per start: when the index holds stems of other stemmers than STEMS_VERSION's, writes each of its rows
 * again from its owner's text, in rowid order, a slice (CHUNK rows, SLICE_CHARACTERS of text) a transaction
 * with the event loop free between them (the old rows answer searches meanwhile, and reindex-status shows
 * the progress), then records the version. A stop or failure halfway leaves the old version recorded, so the
 * next start begins again. Resolves whether the index now holds this version's stems; never rejects.
 */
export async function restemIfChanged(indexer: Indexer): Promise<boolean> {
  const { db } = indexer;
  try {
    if (indexedStemsVersion(db) === STEMS_VERSION) return true;
    const total = db.all<{ n: number }>(sql`select count(*) as n from fulltext_index`)[0]!.n;
    const status: ReindexStatus = { state: "RUNNING", done: 0, total };
    const cursor = { after: -1 };
    // An empty index (a new install) only records the version.
    if (total && !(await inSlices(db, status, () => restemSlice(indexer, status, cursor)))) return false;
    db.transaction((tx) => {
      tx.run(sql`delete from fulltext_stems_version`);
      tx.run(sql`insert into fulltext_stems_version (version) values (${STEMS_VERSION})`);
    });
    return true;
  } catch (error) {
    log.error("full-text restem failed", { error: String(error) });
    return false;
  }
}
