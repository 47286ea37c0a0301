// A 100,000-row × 8-column table (issue 11's target: a page sorted by a column, p95 < 50 ms): pages of 100
// rows through the service and through app.handle, sorted by a number, a text and a mixed column at the
// start, middle and end, and filtered; beside the baseline from the same run, a raw bun:sqlite prepared
// unsorted page by rowid (what any paging costs). The table is imported as an upload is (importTable, in short
// slices), while /api/health is asked over HTTP every 5 ms: its latency then, beside the same requests on the idle
// server. `bun bench/table-bench.ts` runs it alone.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDb } from "../db/client";
import { projects, userProjects, users, type User } from "../db/schema";
import { createApp } from "../src/app";
import { loadConfig } from "../src/lib/config";
import { createSession, SESSION_COOKIE } from "../src/modules/auth/sessions";
import { importTable } from "../src/modules/tables/import-write";
import { tablePage } from "../src/modules/tables/service";
import { ownPageHeaders } from "../src/testing/own-page";
import { percentile, random, stats } from "./list-bench";

process.env.PLEXUS_QUIET = "1";

const ROWS = 100_000;
const PER_PAGE = 100;
const ROUNDS = 30;
const WORDS = ["Москва", "тверь", "Ёлкино", "berlin", "Astana", "пирс", "мост", "bridge", "survey", "pile", "North", "южный"];

function seedRows() {
  const rnd = random(11);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
  return Array.from({ length: ROWS }, (_, i) => [
    `${pick(WORDS)} ${i}`,
    Math.round(rnd() * 1e6) / 100,
    pick(WORDS),
    Math.floor(rnd() * 1000),
    rnd() < 0.1 ? null : `${pick(WORDS)} ${pick(WORDS)}`,
    rnd() < 0.5 ? Math.floor(rnd() * 100) : pick(WORDS),
    `2024-0${1 + Math.floor(rnd() * 9)}-1${Math.floor(rnd() * 9)}`,
    i % 100 === 0 ? JSON.stringify([{ lat: 55 + rnd(), lon: 37 + rnd() }]) : null,
  ]);
}

type Query = { page: number; rowsPerPage: number; sortBy?: string; desc?: boolean; filter?: string };

export async function tableBench() {
  const dir = mkdtempSync(join(tmpdir(), "plexus-bench-table-"));
  try {
    const config = loadConfig({ DATA_DIR: dir, PORT: "0", PUBLIC_URL: "http://plexus.bench" });
    const db = openDb(config.dbPath);
    const project = db.insert(projects).values({ name: "Bench" }).returning().get();
    const actor = db.insert(users).values({ firstName: "M", lastName: "M", login: "mod", email: "m@bench.test", passwordHash: "-", isActive: true }).returning().get() as User;
    db.insert(userProjects).values({ userId: actor.id, projectId: project.id, moderator: true }).run();
    const rows = seedRows();
    const { app } = createApp({ db, config });
    const server = Bun.serve({ port: 0, fetch: (request) => app.handle(request) });
    /** /api/health round trips over HTTP, one every 5 ms, until `until` settles. */
    const health = async (until: Promise<unknown>) => {
      let done = false;
      until.finally(() => (done = true));
      const times: number[] = [];
      while (!done) {
        const t0 = performance.now();
        await (await fetch(`http://localhost:${server.port}/api/health`)).arrayBuffer();
        times.push(performance.now() - t0);
        await Bun.sleep(5);
      }
      return { p50: percentile(times, 50), p99: percentile(times, 99), max: Math.max(...times), n: times.length };
    };
    const idle = await health(Bun.sleep(3000));
    const started = performance.now();
    const importing = importTable(db, actor, project.id, { name: "Bench", headers: ["Name", "Amount", "City", "Count", "Note", "Mixed", "Date", "url"], rows });
    const during = await health(importing);
    const table = await importing;
    const importMs = performance.now() - started;
    server.stop(true);
    db.$client.exec("ANALYZE");
    const cookie = `${SESSION_COOKIE}=${createSession(db, actor.id).token}`;
    const raw = db.$client.prepare("select id, cells from table_rows where table_id = ? order by id limit ? offset ?");
    const last = Math.floor((ROWS - 1) / PER_PAGE);
    const kinds: Record<string, (i: number) => Query> = {
      "sorted, first page": (i) => ({ page: 0, rowsPerPage: PER_PAGE, sortBy: `cell_${i % 6}`, desc: i % 2 === 1 }),
      "sorted, middle page": (i) => ({ page: Math.floor(last / 2), rowsPerPage: PER_PAGE, sortBy: `cell_${i % 6}`, desc: i % 2 === 1 }),
      "sorted, last page": (i) => ({ page: last, rowsPerPage: PER_PAGE, sortBy: `cell_${i % 6}`, desc: i % 2 === 1 }),
      "filtered and sorted": (i) => ({ page: 0, rowsPerPage: PER_PAGE, sortBy: "cell_1", filter: ["елкино", "BRIDGE 5", "тверь"][i % 3] }),
    };
    const times: Record<string, { raw: number[]; service: number[]; http: number[] }> = {};
    for (let round = 0; round < ROUNDS + 3; round++) {
      for (const [kind, make] of Object.entries(kinds)) {
        const query = make(round);
        const entry = (times[kind] ??= { raw: [], service: [], http: [] });
        let t0 = performance.now();
        raw.all(table.id, PER_PAGE, query.page * PER_PAGE);
        const rawMs = performance.now() - t0;
        t0 = performance.now();
        tablePage(db, actor, table.id, query);
        const serviceMs = performance.now() - t0;
        const search = new URLSearchParams(Object.entries(query).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])));
        t0 = performance.now();
        const response = await app.handle(new Request(`http://plexus.bench/api/table/get-table/${table.id}?${search}`, { headers: { cookie, ...ownPageHeaders("http://plexus.bench") } }));
        await response.arrayBuffer();
        const httpMs = performance.now() - t0;
        if (response.status !== 200) throw new Error(`HTTP ${response.status}`);
        if (round < 3) continue; // warm-up
        entry.raw.push(rawMs);
        entry.service.push(serviceMs);
        entry.http.push(httpMs);
      }
    }
    db.$client.close();
    return { rows: ROWS, importMs, health: { idle, during }, kinds: Object.fromEntries(Object.entries(times).map(([kind, t]) => [kind, { raw: stats(t.raw), service: stats(t.service), http: stats(t.http) }])) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The figures as bench/run.ts reports them: the HTTP page's p95 per kind of page, beside the raw unsorted page. */
export async function tableBenchReport() {
  const r = await tableBench();
  const f = (x: number) => x.toFixed(2);
  const { idle, during } = r.health;
  const importing = [
    `GET /api/health over HTTP while ${r.rows} rows × 8 columns are imported, p99 (p50 ${f(during.p50)} ms, max ${f(during.max)} ms, ${during.n} requests; import ${(r.importMs / 1000).toFixed(1)} s)`,
    during.p99,
    "ms",
    { baseline: `idle server p99 ${f(idle.p99)} ms, p50 ${f(idle.p50)} ms, max ${f(idle.max)} ms`, ratio: during.p99 / idle.p99, target: "p99 < 100 ms", pass: during.p99 < 100 },
  ] as const;
  return [importing, ...Object.entries(r.kinds).map(
    ([kind, k]) =>
      [
        `table page (${kind}) via app.handle, p95 (p50 ${f(k.http.p50)} ms, service p50 ${f(k.service.p50)} ms; ${r.rows} rows × 8 columns, created in ${(r.importMs / 1000).toFixed(1)} s)`,
        k.http.p95,
        "ms",
        { baseline: `raw unsorted page by rowid p95 ${f(k.raw.p95)} ms, p50 ${f(k.raw.p50)} ms`, ratio: k.http.p50 / k.raw.p50, target: "p95 < 50 ms", pass: k.http.p95 < 50 },
      ] as const,
  )];
}

if (import.meta.main) for (const [name, value, unit, opts] of await tableBenchReport()) console.log(`${name}: ${value.toFixed(2)} ${unit} (${opts.baseline}; target ${opts.target}: ${opts.pass ? "PASS" : "FAIL"})`);
