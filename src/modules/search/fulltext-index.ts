import { sql } from "drizzle-orm";
import type { Db, Executor } from "../../../db/client";
import { pluginsWith } from "../../data-types";
import type { AppContext } from "../../lib/context";
import { log } from "../../lib/log";
import { yieldToEvents } from "../../lib/yield-to-events";
import type { SecretBox } from "../../lib/secret-box";
import { messageIdsForIndex, messageTextsForIndex } from "../chat/index-texts";
import { issueIdsForIndex, issueTextsForIndex } from "../issues/index-texts";
import { articleIdsForIndex, articleTextsForIndex } from "../wiki/index-texts";
import { blindStems } from "./fulltext-blind";
import { stemmedText } from "./fulltext-stems";
import { textOfHtml } from "./fulltext-text";

// The full-text index (migration 0015): fulltext_index holds each text's stems and plain text under
// rowid = ref * 4 + kind; triggers (migrations 0015, 0018) note in fulltext_pending, in the writing
// transaction, which articles, tasks, documents and chat messages changed. Here those rows are (re)written from the texts their owners
// read (SOURCES; data items through their type's plugin: documents, reports, tables): a search first catches up with what is pending, and a rebuild walks everything in
// chunks with the event loop free between them.

/** What an index row is the text of, as stored in the low two bits of its rowid. */
/** DATA is a data item of any type that has texts (its hit is named by its type). */
export const KIND = { CHAT: 0, ARTICLE: 1, ISSUE: 2, DATA: 3 } as const;

/** Rows a search brings in before it reads; more than that (after a rebuild starts) goes to the background. */
const CATCH_UP = 1000;
/** Rows one background transaction writes: a few milliseconds, then the event loop gets its turn. */
export const CHUNK = 100;
/** Index pages one merge step writes: a few milliseconds too. */
const MERGE_PAGES = 200;

/** What the indexer needs: the database, and the secret box that opens chat messages. */
export type Indexer = Pick<AppContext, "db" | "box">;

interface Source {
  /** The plain text of each ref as it is now; a ref with no text is absent. */
  texts: (db: Executor, refs: number[]) => { ref: number; text: string }[];
  /** Every ref the owner has, for a rebuild. */
  refs: (db: Executor) => number[];
  /** Sealed at rest: only keyed hashes of the stems are stored, and no body (fulltext-blind.ts). */
  blind?: boolean;
}

const fromHtml = (rows: { ref: number; html: string }[]) => rows.map(({ ref, html }) => ({ ref, text: textOfHtml(html) }));

/** Data items' texts, each as its type's plugin hands them to search (a plugin answers for its own type's items only). */
function dataSource(): Source {
  const typed = pluginsWith("searchTexts");
  return {
    texts: (db, ids) => typed.flatMap((plugin) => fromHtml(plugin.searchTexts.texts(db, ids))),
    refs: (db) => typed.flatMap((plugin) => plugin.searchTexts.refs(db)),
  };
}

/**
 * Where each kind's texts come from: its owner's reader and every ref it has (a data type's through its plugin).
 * The triggers of migrations 0015 and 0018 name the same tables.
 */
const sources = (box: SecretBox): Record<number, Source> => ({
  [KIND.CHAT]: { texts: (db, refs) => messageTextsForIndex(db, box, refs), refs: messageIdsForIndex, blind: true },
  [KIND.ARTICLE]: { texts: (db, refs) => fromHtml(articleTextsForIndex(db, refs)), refs: articleIdsForIndex },
  [KIND.ISSUE]: { texts: (db, refs) => fromHtml(issueTextsForIndex(db, refs)), refs: issueIdsForIndex },
  [KIND.DATA]: dataSource(),
});

/** The stems and body one text is stored with: a blind source's stems as keyed hashes and no body. */
function indexRow(box: SecretBox, source: Source, text: string) {
  const body = text.replace(/\s+/g, " ").trim();
  if (!body) return null;
  return source.blind ? { stems: blindStems(box, stemmedText(body)), body: "" } : { stems: stemmedText(body), body };
}

/** Index rows by kind: the refs of each kind that has any. */
export function refsByKind(rows: { kind: number; ref: number }[]): Map<number, number[]> {
  const byKind = new Map<number, number[]>();
  for (const { kind, ref } of rows) {
    const refs = byKind.get(kind);
    if (refs) refs.push(ref);
    else byKind.set(kind, [ref]);
  }
  return byKind;
}

/** Writes the index rows of `refs` (of one kind) afresh from the texts their owner has now; a ref with no text loses its row. */
export function rewriteRows(tx: Executor & Pick<Db, "run">, box: SecretBox, kind: number, refs: number[]) {
  const source = sources(box)[kind]!;
  tx.run(sql`delete from fulltext_index where rowid in (${sql.join(refs.map((ref) => sql`${ref * 4 + kind}`), sql`, `)})`);
  for (const { ref, text } of source.texts(tx, refs)) {
    const row = indexRow(box, source, text);
    if (row) tx.run(sql`insert into fulltext_index(rowid, stems, body) values (${ref * 4 + kind}, ${row.stems}, ${row.body})`);
  }
}

/** Takes up to `limit` pending rows and writes their index rows, all in one transaction; answers how many. */
function writePending({ db, box }: Indexer, limit: number): number {
  return db.transaction((tx) => {
    const pending = tx.all<{ kind: number; ref: number }>(sql`select kind, ref from fulltext_pending limit ${limit}`);
    for (const [kind, refs] of refsByKind(pending)) {
      rewriteRows(tx, box, kind, refs);
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

const totalChanges = (db: Db) => db.all<{ n: number }>(sql`select total_changes() as n`)[0]!.n;

/**
 * Merges the index's b-trees into one, a step at a time with the event loop free between steps (FTS5's
 * incremental optimize: a first 'merge' with a negative page count, then positive ones until a step changes
 * fewer than two rows). A search then reads one b-tree per word instead of dozens (bench/search-bench.ts).
 */
export async function mergeIndex(db: Db) {
  let pages = -MERGE_PAGES;
  for (;;) {
    const before = totalChanges(db);
    db.run(sql`insert into fulltext_index(fulltext_index, rank) values ('merge', ${pages})`);
    if (totalChanges(db) - before < 2) return;
    pages = MERGE_PAGES;
    await yieldToEvents();
  }
}

/**
 * Runs `slice` until it writes nothing, yielding to the event loop between slices, then merges the index;
 * `status` follows and answers reindex-status meanwhile. Resolves whether it got to the end.
 */
export async function inSlices(db: Db, status: ReindexStatus, slice: () => number): Promise<boolean> {
  statuses.set(db, status);
  try {
    while (slice()) await yieldToEvents();
    await mergeIndex(db);
    status.done = status.total;
    status.state = "DONE";
    return true;
  } catch (error) {
    status.state = "FAILED";
    log.error("full-text index rebuild failed", { error: String(error) });
    return false;
  }
}

/** Writes every pending row in chunks in the background, then merges the index; the status follows. */
function drain(indexer: Indexer, status: ReindexStatus) {
  void inSlices(indexer.db, status, () => {
    const written = writePending(indexer, CHUNK);
    status.done = Math.max(0, status.total - pendingCount(indexer.db));
    return written;
  });
}

/**
 * full-text-search/reindex: marks every article, task, document and chat message, and every row the index holds, as
 * pending in one transaction, then rewrites them in the background (the old rows answer searches
 * meanwhile). While a rebuild runs, a second call only answers its status.
 */
export function startReindex(indexer: Indexer): ReindexStatus {
  const { db, box } = indexer;
  const running = statuses.get(db);
  if (running?.state === "RUNNING") return running;
  const total = db.transaction((tx) => {
    for (const [kind, source] of Object.entries(sources(box))) {
      tx.run(sql`insert or ignore into fulltext_pending select ${Number(kind)}, value from json_each(${JSON.stringify(source.refs(tx))})`);
    }
    tx.run(sql`insert or ignore into fulltext_pending select rowid & 3, rowid >> 2 from fulltext_index`);
    return tx.all<{ n: number }>(sql`select count(*) as n from fulltext_pending`)[0]!.n;
  });
  const status: ReindexStatus = { state: "RUNNING", done: 0, total };
  drain(indexer, status);
  return { ...status };
}

/**
 * Before a search reads the index: writes what changed since (a few rows after ordinary edits). When more
 * is pending (a rebuild, or the migration's first fill) the rest goes on in the background.
 */
export function catchUp(indexer: Indexer) {
  const { db } = indexer;
  if (!writePending(indexer, CATCH_UP)) return;
  if (statuses.get(db)?.state !== "RUNNING" && pendingCount(db)) {
    drain(indexer, { state: "RUNNING", done: 0, total: pendingCount(db) });
  }
}
