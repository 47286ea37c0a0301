// The task list (issue/find-pageable-search-result) over 10,000 tasks of one project: filtered and
// sorted pages through app.handle, beside the same page read with a raw bun:sqlite prepared
// SELECT ... ORDER BY ... LIMIT 10 in the same run. `bun bench/issue-list.ts` runs it alone.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDb } from "../db/client";
import { categories, issueCategories, issues, projects, userProjects, users, ISSUE_STATUSES } from "../db/schema";
import { createApp } from "../src/app";
import { loadConfig } from "../src/lib/config";
import { createSession, SESSION_COOKIE } from "../src/modules/auth/sessions";
import type { IssuePageInput } from "../src/modules/issues/model";
import { httpPages, measurePages, nameFilter, noFilter, random, rawOrder, rawPages, statusFilter, type Filter } from "./list-bench";

process.env.PLEXUS_QUIET = "1";

const TASKS = 10_000;
const QUERIES = 200;
const WARMUP = 20;
const WORDS = ["pump", "bridge", "survey", "soil", "water", "river", "pile", "beam", "load", "crane", "north", "south", "paint", "weld", "sensor", "depth"];

function seed(db: ReturnType<typeof openDb>) {
  const rnd = random(42);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const project = db.insert(projects).values({ name: "Bench" }).returning().get();
  const people = Array.from({ length: 8 }, (_, i) =>
    db.insert(users).values({ firstName: `F${i}`, lastName: `L${i}`, login: `person${i}`, email: `p${i}@bench.test`, passwordHash: "-", isActive: true }).returning().get(),
  );
  for (const p of people) db.insert(userProjects).values({ userId: p.id, projectId: project.id }).run();
  const categoryIds = Array.from({ length: 20 }, (_, i) => db.insert(categories).values({ projectId: project.id, name: `Cat ${i}`, number: i }).returning().get().id);
  const start = Date.UTC(2024, 0, 1);
  db.transaction((tx) => {
    for (let i = 0; i < TASKS; i++) {
      const issue = tx
        .insert(issues)
        .values({
          projectId: project.id,
          name: `${pick(WORDS)} ${pick(WORDS)} ${i}`,
          description: '{"blocks":[],"version":"2.17.0"}',
          status: pick(ISSUE_STATUSES),
          performerId: rnd() < 0.8 ? pick(people).id : null,
          reporterId: pick(people).id,
          dueDate: rnd() < 0.6 ? new Date(start + Math.floor(rnd() * 3e10)) : null,
          creationDate: new Date(start + Math.floor(rnd() * 3e10)),
        })
        .returning({ id: issues.id })
        .get();
      const cats = new Set(Array.from({ length: Math.floor(rnd() * 3) }, () => pick(categoryIds)));
      if (cats.size) tx.insert(issueCategories).values([...cats].map((categoryId) => ({ issueId: issue.id, categoryId }))).run();
    }
  });
  db.$client.exec("ANALYZE");
  return { project, reader: people[0]!, people, categoryIds };
}

interface Scenario {
  input: IssuePageInput;
  raw: Filter & { order: string };
}

/** The list's filters and sorts as people use them: the default order, a name, a status, a performer, categories with a status. */
function scenarios(ids: ReturnType<typeof seed>): Scenario[] {
  const rnd = random(7);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
  return Array.from({ length: QUERIES + WARMUP }, (_, q) => {
    const kind = q % 6;
    const sortBy = (["id", "name", "creationDate", "id", "creationDate", "name"] as const)[kind];
    const desc = sortBy === "id" ? true : rnd() < 0.5;
    const page = Math.floor(rnd() * 5);
    let filter = noFilter();
    if (kind === 1) {
      filter = nameFilter(pick(WORDS).slice(0, 3));
    } else if (kind === 2) {
      filter = statusFilter(pick(ISSUE_STATUSES));
    } else if (kind === 3) {
      const performer = pick(ids.people).id;
      filter = { criteria: [{ name: "performer", value: performer }], where: " and performer_id = ?", params: [performer] };
    } else if (kind === 4) {
      const category = pick(ids.categoryIds);
      const status = pick(ISSUE_STATUSES);
      filter = {
        criteria: [{ name: "categories", value: String(category) }, { name: "status", value: status }],
        where: " and status = ? and id in (select issue_id from issue_categories where category_id = ?)",
        params: [status, category],
      };
    }
    const order = rawOrder(sortBy, sortBy === "name" ? "lower(name)" : "creation_date", desc);
    return { input: { page, rowsPerPage: 10, sortBy, desc, criteria: filter.criteria }, raw: { ...filter, order } };
  });
}

/** Runs the benchmark; returns p50/p95 in ms for the HTTP path and the raw baseline. */
export async function issueList() {
  const dir = mkdtempSync(join(tmpdir(), "plexus-bench-issues-"));
  try {
    const config = loadConfig({ DATA_DIR: dir, PORT: "0", PUBLIC_URL: "http://plexus.bench" });
    const db = openDb(config.dbPath);
    const ids = seed(db);
    const { app } = createApp({ db, config });
    const cookie = `${SESSION_COOKIE}=${createSession(db, ids.reader.id).token}`;
    const rawPage = rawPages(db);
    const raw = (s: Scenario) =>
      rawPage(`select * from issues where project_id = ?${s.raw.where} order by ${s.raw.order} limit 10 offset ?`, [ids.project.id, ...s.raw.params, (s.input.page ?? 0) * 10]);
    const http = httpPages<{ content: { id: number }[] }>(app, cookie, `issue/find-pageable-search-result?projectId=${ids.project.id}`);
    const measured = await measurePages(scenarios(ids), WARMUP, raw, { http: (s) => http(s.input) });
    db.$client.close();
    return { tasks: TASKS, queries: QUERIES, ...measured };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const r = await issueList();
  const f = (x: number) => x.toFixed(2);
  console.log(`${r.queries} filtered+sorted task pages over ${r.tasks} tasks; ${r.mismatches} pages differing from the baseline`);
  console.log(`raw bun:sqlite prepared SELECT ... LIMIT 10:       p50 ${f(r.raw.p50)} ms, p95 ${f(r.raw.p95)} ms (baseline)`);
  console.log(`app.handle POST issue/find-pageable-search-result: p50 ${f(r.http.p50)} ms, p95 ${f(r.http.p95)} ms (p50 ratio ${(r.http.p50 / r.raw.p50).toFixed(1)}x; target p95 < 20 ms: ${r.http.p95 < 20 ? "PASS" : "FAIL"})`);
}
