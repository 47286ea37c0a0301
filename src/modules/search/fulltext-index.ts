import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { log } from "../../lib/log";
import { stemmedText } from "./fulltext-stems";
import { textOfHtml } from "./fulltext-text";

// The full-text index (migration 0015): fulltext_index holds each text's stems and plain text under
// rowid = ref * 4 + kind; triggers note in fulltext_pending, in the writing transaction, which
// articles, tasks and documents changed. Here those rows are (re)written: a search first catches up
// with what is pending, and a rebuild walks everything in chunks with the event loop free between them.

/** What an index row is the text of, as stored in the low two bits of its rowid. */
export const KIND = { ARTICLE: 1, ISSUE: 2, DOC: 3 } as const;
export type Kind = keyof typeof KIND;

/** Rows a search brings in before it reads; more than that (after a rebuild starts) goes to the background. */
const CATCH_UP = 1000;
/** Rows one background transaction writes: a few milliseconds, then the event loop gets its turn. */
const CHUNK = 100;

/**
 * The text of each of `refs` of `kind` as it is now; a ref with no text (removed, or a document whose newest
 * version has no converted body) is absent. Read-only reads of the wiki, tasks and documents tables,
 * named as the triggers of migration 0015 name them.
 */
function currentTexts(db: Db, kind: number, refs: number[]): { ref: number; html: string }[] {
  const list = sql.join(refs.map((ref) => sql`${ref}`), sql`, `);
  if (kind === KIND.ARTICLE) {
    return db.all(sql`select a.id as ref, v.title || ' ' || v.content as html from articles a join article_versions v on v.article_id = a.id and v.version = a.version where a.id in (${list})`);
  }
  if (kind === KIND.ISSUE) return db.all(sql`select id as ref, description_html as html from issues where id in (${list})`);
  return db.all(sql`select ref, html from (select d.id as ref, (select v.body from doc_versions v where v.data_id = d.id and v.is_active order by v.creation_date desc, v.id desc limit 1) as html from data_items d where d.id in (${list})) where html is not null`);
}

/** Takes up to `limit` pending rows and writes their index rows, all in one transaction; answers how many. */
function writePending(db: Db, limit: number): number {
  return db.transaction((tx) => {
    const pending = tx.all<{ kind: number; ref: number }>(sql`select kind, ref from fulltext_pending limit ${limit}`);
    for (const kind of Object.values(KIND)) {
      const refs = pending.filter((p) => p.kind === kind).map((p) => p.ref);
      if (!refs.length) continue;
      const rowids = sql.join(refs.map((ref) => sql`${ref * 4 + kind}`), sql`, `);
      tx.run(sql`delete from fulltext_index where rowid in (${rowids})`);
      for (const { ref, html } of currentTexts(tx as unknown as Db, kind, refs)) {
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
    tx.run(sql`insert or ignore into fulltext_pending select 1, id from articles`);
    tx.run(sql`insert or ignore into fulltext_pending select 2, id from issues`);
    tx.run(sql`insert or ignore into fulltext_pending select distinct 3, data_id from doc_versions`);
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
