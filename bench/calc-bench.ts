// calc/invoke through app.handle: round trips of a small script (median and p95, target median < 20 ms) beside
// GET /api/data/get of the same item in the same run (the baseline: same auth and item lookup, no sandbox),
// then 50 invocations at once with the event loop's lag measured while they run (a 10 ms setInterval's
// largest drift), beside that lag while 50 data/get run at once (the requests' own parsing and lookups on
// this thread) and with nothing running. `bun bench/calc-bench.ts` runs it alone.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDb } from "../db/client";
import { dataItems, projects, userProjects, users } from "../db/schema";
import { createApp } from "../src/app";
import { loadConfig } from "../src/lib/config";
import { createSession, SESSION_COOKIE } from "../src/modules/auth/sessions";
import { ownPageHeaders } from "../src/testing/own-page";
import type { Figure } from "./chat-load";

process.env.PLEXUS_QUIET = "1";

const ROUND_TRIPS = 300;
const WARMUP = 30;
const AT_ONCE = 50;
const TICK_MS = 10;
const SCRIPT = "function main(props) {\n  return [{ area: props.width * props.height, perimeter: 2 * (props.width + props.height) }];\n}\n";
const PROPS = JSON.stringify([{ variable: "width", name: "Width" }, { variable: "height", name: "Height" }]);
const BODY = JSON.stringify([{ variable: "width", value: 3 }, { variable: "height", value: 4.5 }]);

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))]!;

/** The largest lateness of a TICK_MS interval while `work` runs: how long the event loop was kept from it. */
async function lagWhile(work: () => Promise<unknown>) {
  let worst = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - last - TICK_MS);
    last = now;
  }, TICK_MS);
  const started = performance.now();
  await work();
  const took = performance.now() - started;
  clearInterval(timer);
  return { lag: worst, took };
}

export async function calcBench(): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), "plexus-bench-calc-"));
  try {
    const config = loadConfig({ DATA_DIR: dir, PORT: "0", PUBLIC_URL: "http://plexus.bench" });
    const db = openDb(config.dbPath);
    const { app } = createApp({ db, config });
    const project = db.insert(projects).values({ name: "Bench" }).returning().get();
    const reader = db.insert(users).values({ firstName: "R", lastName: "R", login: "reader", email: "r@bench.test", passwordHash: "-", isActive: true }).returning().get();
    db.insert(userProjects).values({ userId: reader.id, projectId: project.id }).run();
    const calc = db.insert(dataItems).values({ projectId: project.id, name: "Area", dataType: "CALC", script: SCRIPT, props: PROPS }).returning().get();
    const headers = { "content-type": "application/json", cookie: `${SESSION_COOKIE}=${createSession(db, reader.id).token}`, ...ownPageHeaders("http://plexus.bench") };
    const invoke = async () => {
      const response = await app.handle(new Request(`http://plexus.bench/api/calc/invoke?id=${calc.id}`, { method: "POST", headers, body: BODY }));
      if (response.status !== 200) throw new Error(`calc/invoke: ${response.status} ${await response.text()}`);
      return response.json();
    };
    const get = async () => {
      const response = await app.handle(new Request(`http://plexus.bench/api/data/get?id=${calc.id}`, { headers }));
      if (response.status !== 200) throw new Error(`data/get: ${response.status}`);
      return response.json();
    };
    const timed = async (call: () => Promise<unknown>) => {
      const started = performance.now();
      await call();
      return performance.now() - started;
    };
    for (let i = 0; i < WARMUP; i++) await Promise.all([invoke(), get()]);
    const invokeMs: number[] = [];
    const getMs: number[] = [];
    // Interleaved, so both see the same moments of a noisy machine.
    for (let i = 0; i < ROUND_TRIPS; i++) {
      invokeMs.push(await timed(invoke));
      getMs.push(await timed(get));
    }
    const idle = await lagWhile(() => Bun.sleep(1000));
    const gets = await lagWhile(() => Promise.all(Array.from({ length: AT_ONCE }, get)));
    const rssBefore = process.memoryUsage.rss();
    const burst = await lagWhile(() => Promise.all(Array.from({ length: AT_ONCE }, invoke)));
    const rssGrowth = (process.memoryUsage.rss() - rssBefore) / 1024 / 1024;
    db.$client.close();
    const median = quantile(invokeMs, 0.5);
    return [
      [`calc/invoke round trip via app.handle, median (p95 ${quantile(invokeMs, 0.95).toFixed(2)} ms; ${ROUND_TRIPS} calls of a small script)`, median, "ms", {
        baseline: `data/get of the same item median ${quantile(getMs, 0.5).toFixed(2)} ms, p95 ${quantile(getMs, 0.95).toFixed(2)} ms`,
        ratio: median / quantile(getMs, 0.5),
        target: "median < 20 ms",
        pass: median < 20,
      }],
      [`calc/invoke ${AT_ONCE} at once: event-loop lag, worst ${TICK_MS} ms tick late by (all answered in ${burst.took.toFixed(0)} ms, RSS +${rssGrowth.toFixed(1)} MB)`, burst.lag, "ms", {
        baseline: `${AT_ONCE} data/get at once: ${gets.lag.toFixed(1)} ms; idle loop: ${idle.lag.toFixed(1)} ms`,
        target: "lag < 50 ms",
        pass: burst.lag < 50,
      }],
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  for (const [name, value, unit, opts] of await calcBench()) console.log(`${name}: ${value.toFixed(2)} ${unit}`, opts);
  process.exit(0);
}
