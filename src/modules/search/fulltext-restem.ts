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

/**
 * Once per start: when the index holds stems of other stemmers than STEMS_VERSION's, writes each of its
 * rows again from its owner's text, in rowid order, a slice (CHUNK rows, SLICE_CHARACTERS of text) a transaction
 * with the event loop free between them (the old rows answer searches meanwhile, and reindex-status shows the progress), then records the
 * version. A stop halfway leaves the old version recorded, so the next start begins again. Resolves whether
 * the index now holds this version's stems.
 */
export async function restemIfChanged({ db, box }: Indexer): Promise<boolean> {
  try {
    if (indexedStemsVersion(db) === STEMS_VERSION) return true;
    const total = db.all<{ n: number }>(sql`select count(*) as n from fulltext_index`)[0]!.n;
    const status: ReindexStatus = { state: "RUNNING", done: 0, total };
    let after = -1;
    const done = await inSlices(db, status, () =>
      db.transaction((tx) => {
        const next = tx.all<{ kind: number; ref: number; rowid: number; size: number }>(
          sql`select rowid & 3 as kind, rowid >> 2 as ref, rowid, length(body) as size from fulltext_index where rowid > ${after} order by rowid limit ${CHUNK}`,
        );
        const rows = withinBudget(next);
        for (const [kind, refs] of refsByKind(rows)) rewriteRows(tx, box, kind, refs);
        after = rows.at(-1)?.rowid ?? after;
        status.done = Math.min(total, status.done + rows.length);
        return rows.length;
      }),
    );
    if (done) {
      db.transaction((tx) => {
        tx.run(sql`delete from fulltext_stems_version`);
        tx.run(sql`insert into fulltext_stems_version (version) values (${STEMS_VERSION})`);
      });
    }
    return done;
  } catch (error) {
    log.error("full-text restem failed", { error: String(error) });
    return false;
  }
}
