// Data list pages (find-pageable-search-result) over 10,000 items of one project: filtered and
// sorted pages through the service and through app.handle, beside the same page read with a raw
// bun:sqlite prepared SELECT ... ORDER BY ... LIMIT 10 in the same run. `bun bench/data-list.ts` runs it alone.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDb } from "../db/client";
import { categories, dataCategories, dataItems, dataKeywords, keywords, projects, providers, userProjects, users, DATA_STATUSES, type User } from "../db/schema";
import { createApp } from "../src/app";
import { loadConfig } from "../src/lib/config";
import { createSession, SESSION_COOKIE } from "../src/modules/auth/sessions";
import { findPage } from "../src/modules/data/search";
import type { PageInput, SortField } from "../src/modules/data/model";
import { httpPages, measurePages, nameFilter, noFilter, random, rawOrder, rawPages, statusFilter, type Filter } from "./list-bench";

process.env.PLEXUS_QUIET = "1";

const ITEMS = 10_000;
const QUERIES = 200;
const WARMUP = 20;

const WORDS = ["pump", "bridge", "survey", "soil", "water", "river", "pile", "beam", "load", "crane", "north", "south", "plan", "report", "sensor", "depth"];

function seed(db: ReturnType<typeof openDb>) {
  const rnd = random(42);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const project = db.insert(projects).values({ name: "Bench" }).returning().get();
  const owners = Array.from({ length: 5 }, (_, i) =>
    db.insert(users).values({ firstName: `F${i}`, lastName: `L${i}`, login: `owner${i}`, email: `o${i}@bench.test`, passwordHash: "-", isActive: true }).returning().get(),
  );
  const reader = db.insert(users).values({ firstName: "R", lastName: "R", login: "reader", email: "r@bench.test", passwordHash: "-", isActive: true }).returning().get();
  db.insert(userProjects).values({ userId: reader.id, projectId: project.id }).run();
  const providerIds = Array.from({ length: 10 }, (_, i) => db.insert(providers).values({ projectId: project.id, name: `Provider ${i}` }).returning().get().id);
  const keywordIds = Array.from({ length: 50 }, (_, i) => db.insert(keywords).values({ projectId: project.id, value: `kw${i}` }).returning().get().id);
  const categoryIds = Array.from({ length: 20 }, (_, i) => db.insert(categories).values({ projectId: project.id, name: `Cat ${i}`, number: i }).returning().get().id);
  const start = Date.UTC(2024, 0, 1);
  db.transaction((tx) => {
    for (let i = 0; i < ITEMS; i++) {
      const name = `${pick(WORDS)} ${pick(WORDS)} ${i}`;
      const item = tx
        .insert(dataItems)
        .values({
          projectId: project.id,
          dataType: "DOC",
          name: rnd() < 0.5 ? name : name[0]!.toUpperCase() + name.slice(1),
          description: Array.from({ length: 20 + Math.floor(rnd() * 30) }, () => pick(WORDS)).join(" "),
          shortDescription: `${pick(WORDS)} ${pick(WORDS)}`,
          status: pick(DATA_STATUSES),
          providerId: rnd() < 0.8 ? pick(providerIds) : null,
          ownerId: pick(owners).id,
          isActive: rnd() > 0.05,
          creationDate: new Date(start + Math.floor(rnd() * 3e10)),
        })
        .returning({ id: dataItems.id })
        .get();
      const kws = new Set(Array.from({ length: Math.floor(rnd() * 4) }, () => pick(keywordIds)));
      if (kws.size) tx.insert(dataKeywords).values([...kws].map((keywordId) => ({ dataId: item.id, keywordId }))).run();
      const cats = new Set(Array.from({ length: 1 + Math.floor(rnd() * 2) }, () => pick(categoryIds)));
      tx.insert(dataCategories).values([...cats].map((categoryId) => ({ dataId: item.id, categoryId }))).run();
    }
    // Other types beside the documents, so type filters have something to skip.
    for (let i = 0; i < 500; i++) tx.insert(dataItems).values({ projectId: project.id, dataType: pick(["TABLE", "CHART", "CALC"] as const), name: `other ${i}` }).run();
  });
  db.$client.exec("ANALYZE");
  return { project, reader, providerIds, keywordIds, categoryIds };
}

interface Scenario {
  input: PageInput;
  /** The same page with a hand-written prepared statement: data_items alone, no count, no joins. */
  raw: Filter & { order: string };
}

const ORDER: Record<SortField, string> = { name: "lower(name)", creationDate: "creation_date", status: "status", dataType: "data_type", id: "id" };

function scenarios(ids: ReturnType<typeof seed>): Scenario[] {
  const rnd = random(7);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const list: Scenario[] = [];
  for (let q = 0; q < QUERIES + WARMUP; q++) {
    const page = Math.floor(rnd() * 5);
    const kind = q % 7;
    const sortBy = (["name", "name", "creationDate", "status", "name", "id", "name"] as const)[kind];
    const desc = rnd() < 0.3;
    let filter = noFilter();
    if (kind === 1) {
      filter = nameFilter(pick(WORDS).slice(0, 3));
    } else if (kind === 2) {
      filter = statusFilter(pick(DATA_STATUSES));
    } else if (kind === 3) {
      const keyword = pick(ids.keywordIds);
      filter = { criteria: [{ name: "keyword", value: keyword }], where: " and id in (select data_id from data_keywords where keyword_id = ?)", params: [keyword] };
    } else if (kind === 4) {
      const category = pick(ids.categoryIds);
      const status = pick(DATA_STATUSES);
      filter = {
        criteria: [{ name: "category", value: category }, { name: "status", value: status }],
        where: " and status = ? and id in (select data_id from data_categories where category_id = ?)",
        params: [status, category],
      };
    } else if (kind === 5) {
      const provider = pick(ids.providerIds);
      filter = { criteria: [{ name: "provider", value: provider }], where: " and provider_id = ?", params: [provider] };
    } else if (kind === 6) {
      const term = `${pick(WORDS)} ${pick(WORDS)}`;
      filter = {
        criteria: [{ name: "search", value: term }],
        where: " and (name like ? escape '\\' or description like ? escape '\\' or short_description like ? escape '\\')",
        params: [`%${term}%`, `%${term}%`, `%${term}%`],
      };
    }
    list.push({ input: { page, rowsPerPage: 10, sortBy, desc, criteria: filter.criteria }, raw: { ...filter, order: rawOrder(sortBy, ORDER[sortBy], desc) } });
  }
  return list;
}

/** Runs the benchmark; returns p50/p95 in ms for the service, the HTTP path and the raw baseline. */
export async function dataList() {
  const dir = mkdtempSync(join(tmpdir(), "plexus-bench-data-"));
  try {
    const config = loadConfig({ DATA_DIR: dir, PORT: "0", PUBLIC_URL: "http://plexus.bench" });
    const db = openDb(config.dbPath);
    const seedStart = performance.now();
    const ids = seed(db);
    const seedMs = performance.now() - seedStart;
    const { app } = createApp({ db, config });
    const actor = db.select().from(users).all().find((u) => u.id === ids.reader.id) as User;
    const cookie = `${SESSION_COOKIE}=${createSession(db, actor.id).token}`;
    const query = { projectId: ids.project.id, type: "DOC" as const };
    const rawPage = rawPages(db);
    const raw = (s: Scenario) =>
      rawPage(
        `select id, project_id, data_type, name, description, short_description, status, icon, is_active, creation_date, provider_id, owner_id
        from data_items where project_id = ? and data_type = ? and is_active = 1${s.raw.where} order by ${s.raw.order} limit 10 offset ?`,
        [ids.project.id, "DOC", ...s.raw.params, (s.input.page ?? 0) * 10],
      );
    const http = httpPages<{ content: { id: number }[]; totalElements: number }>(app, cookie, `data/find-pageable-search-result?type=DOC&projectId=${ids.project.id}`);
    const measured = await measurePages(scenarios(ids), WARMUP, raw, {
      service: (s) => findPage(db, actor, query, s.input),
      http: (s) => http(s.input),
    });
    db.$client.close();
    return { items: ITEMS, queries: QUERIES, seedMs, ...measured };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const r = await dataList();
  const f = (x: number) => x.toFixed(2);
  console.log(`seeded ${r.items} items in ${(r.seedMs / 1000).toFixed(1)} s; ${r.queries} filtered+sorted pages; ${r.mismatches} pages differing from the baseline`);
  console.log(`raw bun:sqlite prepared SELECT ... LIMIT 10: p50 ${f(r.raw.p50)} ms, p95 ${f(r.raw.p95)} ms (baseline)`);
  console.log(`service findPage (page + count + joins):    p50 ${f(r.service.p50)} ms, p95 ${f(r.service.p95)} ms (p50 ratio ${(r.service.p50 / r.raw.p50).toFixed(1)}x; target p95 < 20 ms: ${r.service.p95 < 20 ? "PASS" : "FAIL"})`);
  console.log(`app.handle POST find-pageable-search-result: p50 ${f(r.http.p50)} ms, p95 ${f(r.http.p95)} ms (p50 ratio ${(r.http.p50 / r.raw.p50).toFixed(1)}x; target p95 < 20 ms: ${r.http.p95 < 20 ? "PASS" : "FAIL"})`);
}
