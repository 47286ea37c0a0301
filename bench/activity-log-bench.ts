// The activity log's page (admin/activity-log/find-pageable-search-result) at 200,000 rows: every sort, both
// directions, with and without the user filter, beside the sort by date measured in the same run (the
// order the log's date index serves). `bun bench/activity-log-bench.ts` runs it alone.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { count } from "drizzle-orm";
import { openDb } from "../db/client";
import { ACTIVITY_TYPES, activityLog, dataItems, projects, users } from "../db/schema";
import { loadConfig } from "../src/lib/config";
import { findLogPage, LOG_SORTS, type LogSort } from "../src/modules/audit/log";
import { percentile, random } from "./list-bench";

process.env.PLEXUS_QUIET = "1";

const ROWS = 200_000;
const USERS = 300;
const ITEMS = 2_000;
/** Queries per figure; ACTIVITY_BENCH_QUERIES lowers it for a quick look at slow orders. */
const QUERIES = Number(process.env.ACTIVITY_BENCH_QUERIES) || 40;
const WARMUP = 3;
const PAGE = 25;
/** Pages a reader reaches by clicking (the first 40), and the last page as a separate figure. */
const CLICKED_PAGES = 40;


function time(run: (i: number) => unknown) {
  for (let i = 0; i < WARMUP; i++) run(i);
  const times = Array.from({ length: QUERIES }, (_, i) => {
    const start = performance.now();
    run(i);
    return performance.now() - start;
  });
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

type Figures = { p50: number; p95: number };
/** p50/p95 in ms per sort and direction: clicked pages, the last page, and clicked pages of one user's log. */
export function activityLogBench() {
  const dir = mkdtempSync(join(tmpdir(), "plexus-bench-activity-"));
  try {
    const db = openDb(loadConfig({ DATA_DIR: dir, PORT: "0", PUBLIC_URL: "http://plexus.bench" }).dbPath);
    const rnd = random(23);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
    const project = db.insert(projects).values({ name: "Bench" }).returning().get();
    const userIds = db.transaction((tx) =>
      Array.from({ length: USERS }, (_, i) => {
        const login = `${pick(["ivanov", "petrova", "garcia", "smith", "lopez", "sidorov"])}${i}`;
        return tx.insert(users).values({ firstName: "F", lastName: login, login, email: `${login}@bench.test`, passwordHash: "-", isActive: true }).returning({ id: users.id }).get().id;
      }),
    );
    const itemIds = db.transaction((tx) =>
      Array.from({ length: ITEMS }, (_, i) => tx.insert(dataItems).values({ projectId: project.id, dataType: pick(["DOC", "TABLE", "CHART"] as const), name: `item ${i}` }).returning({ id: dataItems.id }).get().id),
    );
    const start = Date.now() - ROWS * 60_000;
    db.transaction((tx) => {
      for (let i = 0; i < ROWS; i++) {
        const dataId = rnd() < 0.6 ? pick(itemIds) : undefined;
        tx.insert(activityLog)
          .values({ userId: pick(userIds), activityType: pick(ACTIVITY_TYPES), description: `${pick(["DOC", "TABLE", "project", "user"])} ${Math.floor(rnd() * 1e6)}`, dataId, date: new Date(start + i * 60_000) })
          .run();
      }
    });
    db.$client.exec("ANALYZE");
    const total = db.select({ n: count() }).from(activityLog).get()!.n;
    const lastPage = Math.ceil(total / PAGE) - 1;
    const results: { sortBy: LogSort; desc: boolean; clicked: Figures; last: Figures; oneUser: Figures }[] = [];
    for (const sortBy of LOG_SORTS) {
      for (const desc of [true, false]) {
        const pages = Array.from({ length: QUERIES + WARMUP }, () => Math.floor(rnd() * CLICKED_PAGES));
        const owners = Array.from({ length: QUERIES + WARMUP }, () => pick(userIds));
        results.push({
          sortBy,
          desc,
          clicked: time((i) => findLogPage(db, { page: pages[i]!, rowsPerPage: PAGE, sortBy, desc })),
          last: time(() => findLogPage(db, { page: lastPage, rowsPerPage: PAGE, sortBy, desc })),
          oneUser: time((i) => findLogPage(db, { page: pages[i]! % 4, rowsPerPage: PAGE, sortBy, desc, userId: owners[i] })),
        });
      }
    }
    db.$client.close();
    return { rows: total, users: USERS, results };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const r = activityLogBench();
  const f = (x: Figures) => `p50 ${x.p50.toFixed(2)} ms, p95 ${x.p95.toFixed(2)} ms`;
  console.log(`activity log pages of ${PAGE} over ${r.rows} rows by ${r.users} users (${QUERIES} queries each)`);
  const base = r.results.find((x) => x.sortBy === "date" && x.desc)!;
  for (const x of r.results) {
    const ratio = (x.clicked.p50 / base.clicked.p50).toFixed(1);
    console.log(`${`${x.sortBy} ${x.desc ? "desc" : "asc"}`.padEnd(18)} pages 1-${CLICKED_PAGES}: ${f(x.clicked)} (${ratio}x date desc) | last page: ${f(x.last)} | one user's: ${f(x.oneUser)}`);
  }
}
