// Name search (data/search) over 10,000 data items of one project with Russian and English names:
// the FTS5 trigram index (migration 0014) beside the LIKE/GLOB scan it replaced, in the same run and
// on the same database. `bun bench/search-bench.ts` runs it alone.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, asc, eq, sql } from "drizzle-orm";
import { openDb } from "../db/client";
import { articles, articleVersions, dataItems, projects, userProjects, users, type User } from "../db/schema";
import type { AppContext } from "../src/lib/context";
import { findFullText } from "../src/modules/search/fulltext-find";
import { catchUp } from "../src/modules/search/fulltext-index";
import { loadConfig } from "../src/lib/config";
import { SecretBox } from "../src/lib/secret-box";
import { searchByName } from "../src/modules/data/search";
import { contains } from "../src/modules/data/text-match";
import { random } from "./list-bench";

process.env.PLEXUS_QUIET = "1";

const ITEMS = 10_000;
const QUERIES = 300;
const WARMUP = 30;
const WORDS = ["кандидат", "отчёт", "смета", "проект", "насос", "мост", "скважина", "pump", "bridge", "survey", "river", "sensor", "депо", "план"];

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

function time(terms: string[], run: (term: string) => unknown) {
  for (const term of terms.slice(0, WARMUP)) run(term);
  const times = terms.slice(WARMUP).map((term) => {
    const start = performance.now();
    run(term);
    return performance.now() - start;
  });
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
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

const TEXT_WORDS = [...WORDS, "кандидатов", "отчёты", "работы", "завершены", "устройства", "связи", "casas", "ríos", "puentes", "informe", "estación", "bombas", "inspection", "corrosion", "deck", "piers", "the", "and", "и", "в", "de", "la"];
const INDEXING_BUDGET_MS = 30_000;
const BATCH = 500;

/**
 * Full-text search over wiki-size articles (about 3,000 characters of Russian, Spanish and English
 * words): as many as the index takes in ~30 s (texts stemmed and written by catchUp, in batches of 500),
 * then p50/p95 of full-text-search/find with snippets and the index's bytes per text.
 */
export function fullTextBench() {
  const dir = mkdtempSync(join(tmpdir(), "plexus-bench-fulltext-"));
  try {
    const db = openDb(loadConfig({ DATA_DIR: dir, PORT: "0", PUBLIC_URL: "http://plexus.bench" }).dbPath);
    const rnd = random(17);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
    const reader = db.insert(users).values({ firstName: "R", lastName: "R", login: "reader", email: "r@bench.test", passwordHash: "-", isActive: true }).returning().get() as User;
    const text = () => `<p>${Array.from({ length: 420 }, () => pick(TEXT_WORDS)).join(" ")} ${Math.floor(rnd() * 1e6)}</p>`;
    const ctx = { db, box: SecretBox.forDataDir(dir) } as AppContext;
    let indexingMs = 0;
    let texts = 0;
    while (indexingMs < INDEXING_BUDGET_MS) {
      db.transaction((tx) => {
        for (let i = 0; i < BATCH; i++) {
          const article = tx.insert(articles).values({ title: `A${texts + i}` }).returning().get();
          tx.insert(articleVersions).values({ articleId: article.id, version: 1, title: article.title, content: text() }).run();
        }
      });
      const start = performance.now();
      catchUp(ctx);
      indexingMs += performance.now() - start;
      texts += BATCH;
    }
    db.$client.exec("ANALYZE");
    const bytes = db.all<{ n: number }>(sql`select sum(pgsize) as n from dbstat where name like 'fulltext_index%'`)[0]!.n;
    const queries = Array.from({ length: QUERIES + WARMUP }, () => (rnd() < 0.5 ? [pick(TEXT_WORDS)] : [pick(TEXT_WORDS), pick(TEXT_WORDS)]));
    let hits = 0;
    const run = (q: string[]) => (hits += findFullText(ctx, reader, q).content.length);
    for (const q of queries.slice(0, WARMUP)) run(q);
    const times = queries.slice(WARMUP).map((q) => {
      const start = performance.now();
      run(q);
      return performance.now() - start;
    });
    db.$client.close();
    return { texts, indexingMs, perSecond: (texts / indexingMs) * 1000, bytesPerText: bytes / texts, p50: percentile(times, 0.5), p95: percentile(times, 0.95), hits };
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
  const ft = fullTextBench();
  console.log(`full-text, ${ft.texts} wiki-size texts (~3,000 characters) indexed in ${(ft.indexingMs / 1000).toFixed(1)} s: ${ft.perSecond.toFixed(0)} texts/s, ${Math.round(ft.bytesPerText)} index bytes per text`);
  console.log(`full-text-search/find (1-2 words, 20 hits with snippets): p50 ${f(ft.p50)} ms, p95 ${f(ft.p95)} ms`);
}
