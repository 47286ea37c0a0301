import { sql } from "drizzle-orm";
import type { Db, Executor } from "../../../db/client";
import { log } from "../../lib/log";
import { documentIdsForIndex, documentTextsForIndex } from "../docs/index-texts";
import { issueIdsForIndex, issueTextsForIndex } from "../issues/index-texts";
import { articleIdsForIndex, articleTextsForIndex } from "../wiki/index-texts";
import { stemmedText } from "./fulltext-stems";
import { textOfHtml } from "./fulltext-text";

// The full-text index (migration 0015): fulltext_index holds each text's stems and plain text under
// rowid = ref * 4 + kind; triggers note in fulltext_pending, in the writing transaction, which
// articles, tasks and documents changed. Here those rows are (re)written from the texts their owners
// read (SOURCES): a search first catches up with what is pending, and a rebuild walks everything in
// chunks with the event loop free between them.

/** What an index row is the text of, as stored in the low two bits of its rowid. */
export const KIND = { ARTICLE: 1, ISSUE: 2, DOC: 3 } as const;
export type Kind = keyof typeof KIND;

/** Rows a search brings in before it reads; more than that (after a rebuild starts) goes to the background. */
const CATCH_UP = 1000;
/** Rows one background transaction writes: a few milliseconds, then the event loop gets its turn. */
const CHUNK = 100;

/**
 * Where each kind's texts come from: its owner's reader (the text of each ref as it is now; a ref with
 * no text is absent) and every ref it has, for a rebuild. The triggers of migration 0015 name the same tables.
 */
const SOURCES: Record<number, { texts: (db: Executor, refs: number[]) => { ref: number; html: string }[]; refs: (db: Executor) => number[] }> = {
  [KIND.ARTICLE]: { texts: articleTextsForIndex, refs: articleIdsForIndex },
  [KIND.ISSUE]: { texts: issueTextsForIndex, refs: issueIdsForIndex },
  [KIND.DOC]: { texts: documentTextsForIndex, refs: documentIdsForIndex },
};

/** Takes up to `limit` pending rows and writes their index rows, all in one transaction; answers how many. */
function writePending(db: Db, limit: number): number {
  return db.transaction((tx) => {
    const pending = tx.all<{ kind: number; ref: number }>(sql`select kind, ref from fulltext_pending limit ${limit}`);
    for (const kind of Object.values(KIND)) {
      const refs = pending.filter((p) => p.kind === kind).map((p) => p.ref);
      if (!refs.length) continue;
      const rowids = sql.join(refs.map((ref) => sql`${ref * 4 + kind}`), sql`, `);
      tx.run(sql`delete from fulltext_index where rowid in (${rowids})`);
      for (const { ref, html } of SOURCES[kind]!.texts(tx, refs)) {
        const body = textOfHtml(html);
        if (body) tx.run(sql`insert into fulltext_index(rowid, stems, body) values (${ref * 4 + kind}, ${stemmedText(body)}, ${body})`);
      }
      tx.run(sql`delete from fulltext_pending where kind = ${kind} and ref in (${sql.join(refs.map((ref) => sql`${ref}`), sql`, `)})`);
    }
    return pending.length;
  });
}

const pendingCount = (db: Db) => db.all<{ n: number }>(sql`select count(*) as n from fulltext_pending`)[0]!.n;

/** Where a rebuild stands: RUNNING while chunks are written; FAILED keeps the pending rows for the next try. */
export interface ReindexStatus {
  state: "IDLE" | "RUNNING" | "DONE" | "FAILED";
  done: number;
  total: number;
}

const statuses = new WeakMap<Db, ReindexStatus>();

export const reindexStatus = (db: Db): ReindexStatus => statuses.get(db) ?? { state: "IDLE", done: 0, total: 0 };

/** Writes every pending row in chunks, yielding to the event loop between them; the status follows. */
async function drain(db: Db, status: ReindexStatus) {
  statuses.set(db, status);
  try {
    while (writePending(db, CHUNK)) {
      status.done = Math.max(0, status.total - pendingCount(db));
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    status.done = status.total;
    status.state = "DONE";
  } catch (error) {
    status.state = "FAILED";
    log.error("full-text index rebuild failed", { error: String(error) });
  }
}

/**
 * full-text-search/reindex: marks every article, task and document, and every row the index holds, as
 * pending in one transaction, then rewrites them in the background (the old rows answer searches
 * meanwhile). While a rebuild runs, a second call only answers its status.
 */
export function startReindex(db: Db): ReindexStatus {
  const running = statuses.get(db);
  if (running?.state === "RUNNING") return running;
  const total = db.transaction((tx) => {
    for (const [kind, source] of Object.entries(SOURCES)) {
      tx.run(sql`insert or ignore into fulltext_pending select ${Number(kind)}, value from json_each(${JSON.stringify(source.refs(tx))})`);
    }
    tx.run(sql`insert or ignore into fulltext_pending select rowid & 3, rowid >> 2 from fulltext_index`);
    return tx.all<{ n: number }>(sql`select count(*) as n from fulltext_pending`)[0]!.n;
  });
  const status: ReindexStatus = { state: "RUNNING", done: 0, total };
  void drain(db, status);
  return { ...status };
}

/**
 * Before a search reads the index: writes what changed since (a few rows after ordinary edits). When more
 * is pending (a rebuild, or the migration's first fill) the rest goes on in the background.
 */
export function catchUp(db: Db) {
  if (!writePending(db, CATCH_UP)) return;
  if (statuses.get(db)?.state !== "RUNNING" && pendingCount(db)) {
    void drain(db, { state: "RUNNING", done: 0, total: pendingCount(db) });
  }
}
