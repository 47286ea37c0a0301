// Name search (data/search) over 10,000 data items of one project with Russian and English names:
// the FTS5 trigram index (migration 0014) beside the LIKE/GLOB scan it replaced, in the same run and
// on the same database; then full-text-search/find over 100,000 texts (fullTextBench). `bun bench/search-bench.ts` runs both alone.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { openDb } from "../db/client";
import type { Db } from "../db/client";
import { dataItems, projects, userProjects, users, type User } from "../db/schema";
import type { AppContext } from "../src/lib/context";
import { findFullText } from "../src/modules/search/fulltext-find";
import { KIND, mergeIndex } from "../src/modules/search/fulltext-index";
import { snippetOf } from "../src/modules/search/fulltext-snippet";
import { stemmedText, stemsOf, wordsOf } from "../src/modules/search/fulltext-stems";
import { textOfHtml } from "../src/modules/search/fulltext-text";
import { FULLTEXT_LIMITS } from "../src/modules/search/limits";
import { ftsPhrase } from "../src/modules/search/name-index";
import { loadConfig } from "../src/lib/config";
import { SecretBox } from "../src/lib/secret-box";
import { searchByName } from "../src/modules/data/search";
import { contains } from "../src/modules/data/text-match";
import { corpus, QUERY_KINDS } from "./fulltext-corpus";
import { percentile, random } from "./list-bench";

process.env.PLEXUS_QUIET = "1";

const ITEMS = 10_000;
const QUERIES = 300;
const WARMUP = 30;
const WORDS = ["кандидат", "отчёт", "смета", "проект", "насос", "мост", "скважина", "pump", "bridge", "survey", "river", "sensor", "депо", "план"];


function time(terms: string[], run: (term: string) => unknown) {
  for (const term of terms.slice(0, WARMUP)) run(term);
  const times = terms.slice(WARMUP).map((term) => {
    const start = performance.now();
    run(term);
    return performance.now() - start;
  });
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

/** Runs the benchmark; p50/p95 in ms of the indexed search and of the LIKE/GLOB scan, and how many answers differed. */
export function searchBench() {
  const dir = mkdtempSync(join(tmpdir(), "plexus-bench-search-"));
  try {
    const db = openDb(loadConfig({ DATA_DIR: dir, PORT: "0", PUBLIC_URL: "http://plexus.bench" }).dbPath);
    const rnd = random(11);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
    const project = db.insert(projects).values({ name: "Bench" }).returning().get();
    const reader = db.insert(users).values({ firstName: "R", lastName: "R", login: "reader", email: "r@bench.test", passwordHash: "-", isActive: true }).returning().get() as User;
    db.insert(userProjects).values({ userId: reader.id, projectId: project.id }).run();
    db.transaction((tx) => {
      for (let i = 0; i < ITEMS; i++) {
        const name = `${pick(WORDS)} ${pick(WORDS)} ${i}`;
        tx.insert(dataItems).values({ projectId: project.id, dataType: "DOC", name: rnd() < 0.5 ? name : name[0]!.toUpperCase() + name.slice(1) }).run();
      }
    });
    db.$client.exec("ANALYZE");
    const terms = Array.from({ length: QUERIES + WARMUP }, () => {
      const word = pick(WORDS);
      const from = Math.floor(rnd() * (word.length - 3));
      const part = word.slice(from, from + 3 + Math.floor(rnd() * 3));
      return rnd() < 0.3 ? part.toUpperCase() : part;
    });
    // The query data/search ran before the index: the same filters and order, the name matched by LIKE or GLOB.
    const scan = (term: string) =>
      db
        .select({ id: dataItems.id, name: dataItems.name, dataType: dataItems.dataType, projectId: dataItems.projectId })
        .from(dataItems)
        .where(and(eq(dataItems.projectId, project.id), eq(dataItems.isActive, true), contains(dataItems.name, term)))
        .orderBy(asc(sql`lower(${dataItems.name})`), asc(dataItems.id))
        .limit(20)
        .all();
    const indexed = (term: string) => searchByName(db, reader, project.id, term);
    const mismatches = terms.filter((term) => JSON.stringify(scan(term)) !== JSON.stringify(indexed(term))).length;
    const like = time(terms, scan);
    const fts = time(terms, indexed);
    db.$client.close();
    return { items: ITEMS, queries: QUERIES, like, fts, mismatches };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const FT_TEXTS = 100_000;
/** Texts indexed through catchUp, the path a search takes, for the throughput figure; the rest are written directly. */
const FT_SAMPLE = 5_000;
const FT_CHARACTERS = 3_000;
const FT_BATCH = 1_000;
const FT_QUERIES = 300;
/** Searches run first and not timed: the stemmers and snippets are compiled by then, as in a server that has been up a while. */
const FT_WARMUP = 30;
const FT_BEFORE_QUERIES = 12;

/** The query full-text-search/find ran before (every match ranked and counted, each joined for access), kept as the baseline. */
function findBefore(db: Db, projectIds: number[], q: string[]) {
  const stems = q.flatMap((word) => wordsOf(word)).map(({ word }) => stemsOf(word)).filter((forms) => forms.length);
  const match = stems.map((forms) => `(${forms.map(ftsPhrase).join(" OR ")})`).join(" AND ");
  const rows = db.all<{ rid: number; body: string; total: number }>(sql`
    select h.rid, h.body, count(*) over () as total
    from (select rowid as rid, body, bm25(fulltext_index) as score from fulltext_index where fulltext_index match ${match}) h
    left join (select id from data_items where ${inArray(sql`project_id`, projectIds)} and data_type = 'DOC' and is_active = 1) d on (h.rid & 3) = 3 and d.id = (h.rid >> 2)
    left join (select id from issues where ${inArray(sql`project_id`, projectIds)}) i on (h.rid & 3) = 2 and i.id = (h.rid >> 2)
    left join articles a on (h.rid & 3) = 1 and a.id = (h.rid >> 2)
    where coalesce(d.id, i.id, a.id) is not null
    order by h.score, h.rid limit 20`);
  const queryStems = new Set(stems.flat());
  return { ids: rows.map((row) => row.rid), total: rows[0]?.total ?? 0, snippets: rows.map((row) => snippetOf(row.body, queryStems)) };
}

/**
 * Full-text search over 100,000 texts of ~3,000 characters (wiki articles, task descriptions and
 * documents of three projects, the reader a member of two), words drawn Zipf-like from ~30,000
 * (bench/fulltext-corpus.ts). The first 5,000 are indexed as a search catches up (texts/s); the rest are written
 * straight into the index in big transactions, with the same text and stem functions. Then
 * full-text-search/find (page 0, snippets) for a mix of queries, beside the query it ran before on a
 * few of them, and the index's bytes per text.
 */
export async function fullTextBench() {
  const dir = mkdtempSync(join(tmpdir(), "plexus-bench-fulltext-"));
  try {
    const db = openDb(loadConfig({ DATA_DIR: dir, PORT: "0", PUBLIC_URL: "http://plexus.bench" }).dbPath);
    const rnd = random(17);
    const words = corpus(rnd);
    const reader = db.insert(users).values({ firstName: "R", lastName: "R", login: "reader", email: "r@bench.test", passwordHash: "-", isActive: true }).returning().get() as User;
    const projectIds = ["Мост", "Puente", "Bridge"].map((name) => db.insert(projects).values({ name }).returning().get().id);
    for (const projectId of projectIds.slice(0, 2)) db.insert(userProjects).values({ userId: reader.id, projectId }).run();
    const c = db.$client;
    const insert = {
      article: c.prepare("insert into articles (title) values (?) returning id"),
      articleVersion: c.prepare("insert into article_versions (article_id, version, title, content) values (?, 1, ?, ?)"),
      issue: c.prepare("insert into issues (project_id, name, description, description_html) values (?, ?, ?, ?) returning id"),
      item: c.prepare("insert into data_items (project_id, data_type, name) values (?, 'DOC', ?) returning id"),
      version: c.prepare("insert into doc_versions (data_id, name, type, file_name, file_path, mime, size, body) values (?, 'v1', 'MS_DOC', 'a.docx', 'a', 'application/octet-stream', 1, ?)"),
      index: c.prepare("insert into fulltext_index (rowid, stems, body) values (?, ?, ?)"),
    };
    /** Writes `n` texts (a quarter articles, the rest tasks and documents of the three projects); `direct` also writes their index rows. */
    const fill = (n: number, direct: boolean) =>
      c.transaction(() => {
        for (let i = 0; i < n; i++) {
          const html = `<p>${words.text(FT_CHARACTERS)}</p>`;
          const name = `T${i}`;
          const projectId = projectIds[Math.floor(rnd() * 3)]!;
          const kind = rnd();
          let rowid: number;
          if (kind < 0.25) {
            const { id } = insert.article.get(name) as { id: number };
            insert.articleVersion.run(id, name, html);
            rowid = id * 4 + KIND.ARTICLE;
          } else if (kind < 0.6) {
            rowid = (insert.issue.get(projectId, name, "", html) as { id: number }).id * 4 + KIND.ISSUE;
          } else {
            const { id } = insert.item.get(projectId, name) as { id: number };
            insert.version.run(id, html);
            rowid = id * 4 + KIND.DATA;
          }
          if (!direct) continue;
          const body = textOfHtml(html);
          insert.index.run(rowid, stemmedText(body), body);
        }
        if (direct) c.run("delete from fulltext_pending");
      })();
    const ctx = { db, box: SecretBox.forDataDir(dir) } as AppContext;
    // A search catches the index up with what changed (at most 1,000 texts in the foreground): timed with a word no text has.
    let indexingMs = 0;
    for (let done = 0; done < FT_SAMPLE; done += FT_BATCH) {
      fill(FT_BATCH, false);
      const start = performance.now();
      findFullText(ctx, reader, ["nowhere"]);
      indexingMs += performance.now() - start;
    }
    const filling = performance.now();
    for (let done = FT_SAMPLE; done < FT_TEXTS; done += FT_BATCH * 5) fill(FT_BATCH * 5, true);
    // As a rebuild leaves it (and the migration's refill): merged into one b-tree.
    await mergeIndex(db);
    const fillSeconds = (performance.now() - filling) / 1000;
    c.exec("ANALYZE");
    const bytes = db.all<{ name: string; n: number }>(sql`select name, sum(pgsize) as n from dbstat where name like 'fulltext_index%' group by name`);
    const indexBytes = bytes.filter(({ name }) => name !== "fulltext_index_content").reduce((n, row) => n + row.n, 0);
    const textBytes = bytes.find(({ name }) => name === "fulltext_index_content")?.n ?? 0;
    const queries = Array.from({ length: FT_QUERIES }, (_, i) => ({ kind: QUERY_KINDS[i % QUERY_KINDS.length]!, q: words.query(QUERY_KINDS[i % QUERY_KINDS.length]!) }));
    for (const { q } of queries.slice(0, FT_WARMUP)) findFullText(ctx, reader, q);
    const timed = queries.map(({ kind, q }) => {
      const start = performance.now();
      const page = findFullText(ctx, reader, q);
      return { kind, q, ms: performance.now() - start, page };
    });
    const visible = projectIds.slice(0, 2);
    const before = queries.slice(0, FT_BEFORE_QUERIES).map(({ q }) => {
      const start = performance.now();
      const answer = findBefore(db, visible, q);
      return { q, ms: performance.now() - start, answer };
    });
    // Where fewer texts match than are ranked, the page and the total must be the ones the old query gave.
    const differing = before.filter(({ q, answer }) => {
      const page = timed.find((t) => t.q === q)!.page;
      return answer.total < FULLTEXT_LIMITS.ranked && (page.totalElements !== answer.total || JSON.stringify(page.content.map((h) => h.snippet)) !== JSON.stringify(answer.snippets));
    }).length;
    db.$client.close();
    const ms = timed.map((t) => t.ms);
    const byKind = QUERY_KINDS.map((kind) => {
      const own = timed.filter((t) => t.kind === kind);
      return { kind, p50: percentile(own.map((t) => t.ms), 50), max: Math.max(...own.map((t) => t.ms)), hits: percentile(own.map((t) => t.page.totalElements), 50) };
    });
    return {
      texts: FT_TEXTS,
      sample: FT_SAMPLE,
      perSecond: (FT_SAMPLE / indexingMs) * 1000,
      fillSeconds,
      indexBytesPerText: indexBytes / FT_TEXTS,
      textBytesPerText: textBytes / FT_TEXTS,
      queries: ms.length,
      p50: percentile(ms, 50),
      p95: percentile(ms, 95),
      byKind,
      before: { queries: before.length, p50: percentile(before.map((b) => b.ms), 50), p95: percentile(before.map((b) => b.ms), 95) },
      differing,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const r = searchBench();
  const f = (x: number) => x.toFixed(2);
  console.log(`${r.queries} name searches (Russian and English parts of 3-5 letters) over ${r.items} items; ${r.mismatches} answers differing`);
  console.log(`LIKE/GLOB scan (before):        p50 ${f(r.like.p50)} ms, p95 ${f(r.like.p95)} ms (baseline)`);
  console.log(`FTS5 trigram, searchByName:     p50 ${f(r.fts.p50)} ms, p95 ${f(r.fts.p95)} ms (p50 ${(r.like.p50 / r.fts.p50).toFixed(1)}x faster)`);
  const ft = await fullTextBench();
  console.log(`full-text, ${ft.texts} texts of ~3,000 characters (filled in ${ft.fillSeconds.toFixed(0)} s): ${ft.perSecond.toFixed(0)} texts/s indexed by catchUp (${ft.sample}), ${Math.round(ft.indexBytesPerText)} index bytes + ${Math.round(ft.textBytesPerText)} bytes of stored text and stems per text`);
  console.log(`full-text-search/find (page 0 with snippets, ${ft.queries} queries): p50 ${f(ft.p50)} ms, p95 ${f(ft.p95)} ms; ${ft.differing} answers differing from the query before`);
  for (const k of ft.byKind) console.log(`  ${k.kind.padEnd(24)} p50 ${f(k.p50)} ms, max ${f(k.max)} ms, median totalElements ${k.hits}`);
  console.log(`the query before (every match ranked and counted), ${ft.before.queries} of the same queries: p50 ${f(ft.before.p50)} ms, p95 ${f(ft.before.p95)} ms (baseline; p95 ${(ft.before.p95 / ft.p95).toFixed(0)}x slower)`);
}
