// `bun run bench`: Plexus figures beside baselines measured in the same run (raw Bun.serve, SQLite FULL),
// as medians of several rounds and ratios, because these 2-core machines are noisy. Load stays on 127.0.0.1.
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Subprocess } from "bun";
import { sqliteSync } from "./sqlite-sync";
import { dataList } from "./data-list";
import { issueList } from "./issue-list";
import { uploadRss } from "./upload";
import { makeDocx } from "../src/lib/sample-documents";
import { ownPageHeaders } from "../src/testing/own-page";
import { initialScripts } from "../src/testing/script-size";

const ROOT = resolve(import.meta.dir, "..");
const HOST = "127.0.0.1";
const ROUNDS = 3;
const SECONDS = 3;
const CONCURRENCY = 32;
const COLD_RUNS = 5;
const ADMIN_PASSWORD = "bench-password-1";
const bun = process.execPath;

const began = performance.now();
const children = new Set<Subprocess>();
const tempDirs: string[] = [];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function freePort() {
  const probe = Bun.listen({ hostname: HOST, port: 0, socket: { data() {} } });
  const port = probe.port;
  probe.stop(true);
  return port;
}

function spawn(cmd: string[], env: Record<string, string> = {}) {
  const child = Bun.spawn(cmd, { cwd: ROOT, env: { ...process.env, ...env }, stdout: "ignore", stderr: "inherit" });
  children.add(child);
  return child;
}

async function stop(child: Subprocess) {
  child.kill("SIGTERM");
  await child.exited;
  children.delete(child);
}

/** Polls until `url` answers 200; returns the ms since `since`. */
async function until200(url: string, since: number, timeoutMs = 30_000) {
  while (performance.now() - since < timeoutMs) {
    try {
      if ((await fetch(url)).status === 200) return performance.now() - since;
    } catch {}
    await sleep(5);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

function startPlexus() {
  const dir = mkdtempSync(join(tmpdir(), "plexus-bench-"));
  tempDirs.push(dir);
  const port = freePort();
  const t0 = performance.now();
  const child = spawn([bun, "src/server.ts"], { DATA_DIR: dir, PORT: String(port), HOST, ADMIN_PASSWORD, PLEXUS_QUIET: "1" });
  return { child, t0, base: `http://${HOST}:${port}` };
}

function startHello() {
  const port = freePort();
  const t0 = performance.now();
  const child = spawn([bun, "bench/hello.ts"], { PORT: String(port) });
  return { child, t0, base: `http://${HOST}:${port}` };
}

async function signIn(base: string) {
  const response = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json", ...ownPageHeaders(base) },
    body: JSON.stringify({ username: "admin", password: ADMIN_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return response.headers.get("set-cookie")!.split(";")[0]!;
}

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;

async function load(url: string, cookie?: string): Promise<{ rps: number; p50: number; p99: number; errors: number }> {
  const args = [bun, "bench/load.ts", url, String(CONCURRENCY), String(SECONDS), ...(cookie ? [cookie] : [])];
  const out = Bun.spawn(args, { cwd: ROOT, stdout: "pipe", stderr: "inherit" });
  const text = await new Response(out.stdout).text();
  if ((await out.exited) !== 0) throw new Error(`load.ts failed for ${url}`);
  const result = JSON.parse(text);
  if (result.errors) throw new Error(`${result.errors} non-2xx answers from ${url}`);
  return result;
}

/** 100 projects through the API, and one document in the first; returns that document's page path. */
async function seedContent(base: string, cookie: string) {
  const call = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${base}/api${path}`, { ...init, headers: { cookie, ...ownPageHeaders(base), ...(init.headers ?? {}) } });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  const json = (body: unknown) => ({ method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const ids: number[] = [];
  for (let i = 0; i < 100; i++) ids.push((await call("/project/create", json({ name: `Project ${String(i).padStart(3, "0")}`, description: "Bench project" }))).id);
  const form = new FormData();
  form.append("file", new File([(await makeDocx("Bench", [{ heading: "One", paragraphs: ["Text"] }])) as BlobPart], "bench.docx"));
  const [staged] = await call("/files/save", { method: "POST", body: form });
  const [doc] = await call(`/docs/save-all/${ids[0]}`, json([{ name: "Bench document", path: staged.path, provider: "Bench" }]));
  return `/project/${ids[0]}/doc/${doc.id}`;
}

const lines: string[] = [];
function report(name: string, value: number, unit: string, opts: { baseline?: string; ratio?: number; target?: string; pass?: boolean } = {}) {
  const extra = [
    opts.baseline && `baseline ${opts.baseline}`,
    opts.ratio !== undefined && `ratio ${opts.ratio < 1 ? `${(opts.ratio * 100).toFixed(1)}%` : `${opts.ratio.toFixed(2)}x`}`,
    opts.target && `target ${opts.target}: ${opts.pass ? "PASS" : "FAIL"}`,
  ].filter(Boolean);
  const line = `${name}: ${value.toFixed(value < 100 ? 1 : 0)} ${unit}${extra.length ? ` (${extra.join(", ")})` : ""}`;
  lines.push(line);
  console.log(line);
}

async function main() {
  if (!existsSync(join(ROOT, "dist/server/entry.mjs"))) {
    console.log("dist/ missing: running `bun run build` first");
    const build = Bun.spawnSync([bun, "run", "build"], { cwd: ROOT, stdout: "inherit", stderr: "inherit" });
    if (build.exitCode !== 0) throw new Error("build failed");
  }

  // Cold start and idle RSS: Plexus and the raw baseline, one after the other, on a fresh DATA_DIR each run.
  const cold: { plexus: number; hello: number; plexusRss: number; helloRss: number }[] = [];
  for (let i = 0; i < COLD_RUNS; i++) {
    const plexus = startPlexus();
    const plexusMs = await until200(`${plexus.base}/api/health`, plexus.t0);
    const hello = startHello();
    const helloMs = await until200(`${hello.base}/`, hello.t0);
    const cookie = await signIn(plexus.base);
    for (const path of ["/api/users/get-user", "/login", "/", "/api/health"]) await (await fetch(plexus.base + path, { headers: { cookie, ...ownPageHeaders(plexus.base) } })).arrayBuffer();
    for (let n = 0; n < 4; n++) await (await fetch(hello.base)).arrayBuffer();
    await sleep(1500); // let GC and lazy initialisation settle before reading RSS
    cold.push({ plexus: plexusMs, hello: helloMs, plexusRss: rssMb(plexus.child.pid), helloRss: rssMb(hello.child.pid) });
    await Promise.all([stop(plexus.child), stop(hello.child)]);
  }
  const coldMs = median(cold.map((c) => c.plexus));
  const runs = cold.map((c) => c.plexus.toFixed(0)).join("/");
  report(`cold start to first 200 (median of ${COLD_RUNS} runs: ${runs} ms)`, coldMs, "ms", {
    baseline: `raw Bun.serve ${median(cold.map((c) => c.hello)).toFixed(0)} ms`,
    ratio: median(cold.map((c) => c.plexus / c.hello)),
    target: "< 1000 ms",
    pass: coldMs < 1000,
  });
  const rss = median(cold.map((c) => c.plexusRss));
  report("idle RSS after start and a few requests", rss, "MB", {
    baseline: `raw Bun.serve ${median(cold.map((c) => c.helloRss)).toFixed(1)} MB`,
    ratio: median(cold.map((c) => c.plexusRss / c.helloRss)),
    target: "< 150 MB",
    pass: rss < 150,
  });

  // Throughput: both servers up in their own processes, the load generator in a third; rounds interleave targets.
  const plexus = startPlexus();
  const hello = startHello();
  await until200(`${plexus.base}/api/health`, plexus.t0);
  await until200(`${hello.base}/`, hello.t0);
  const cookie = await signIn(plexus.base);

  const kb = (bytes: number) => bytes / 1024;
  const js = await initialScripts(plexus.base, "/login");
  report(`gzipped JS shipped by /login (${js.modules.size} files)`, kb(js.gzipped), "KB", { target: "<= 10 KB", pass: kb(js.gzipped) <= 10 });

  // Content pages: 100 projects on the home list, and a document page.
  const docPage = await seedContent(plexus.base, cookie);
  for (const [name, path] of [["/ (100 projects)", "/"], ["a document page", docPage]] as const) {
    const page = await initialScripts(plexus.base, path, cookie);
    report(`gzipped JS shipped by ${name} (${page.modules.size} files)`, kb(page.gzipped), "KB", { target: "<= 50 KB", pass: kb(page.gzipped) <= 50 });
  }

  const raw: number[] = [];
  const getUser: number[] = [];
  const loginPage: number[] = [];
  const projectList: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    raw.push((await load(`${hello.base}/`)).rps);
    getUser.push((await load(`${plexus.base}/api/users/get-user`, cookie)).rps);
    loginPage.push((await load(`${plexus.base}/login`)).rps);
    projectList.push((await load(`${plexus.base}/`, cookie)).rps);
  }
  const rawRps = median(raw);
  report(`raw Bun.serve hello-world (c=${CONCURRENCY}, ${ROUNDS}x${SECONDS}s)`, rawRps, "req/s", { baseline: "itself" });
  const userRatio = median(getUser.map((v, i) => v / raw[i]!));
  report("GET /api/users/get-user with session", median(getUser), "req/s", {
    baseline: `${rawRps.toFixed(0)} req/s`,
    ratio: userRatio,
    target: ">= 30% of raw",
    pass: userRatio >= 0.3,
  });
  report("GET /login page rendered", median(loginPage), "req/s", {
    baseline: `${rawRps.toFixed(0)} req/s`,
    ratio: median(loginPage.map((v, i) => v / raw[i]!)),
  });
  report("GET / with 100 projects rendered", median(projectList), "req/s", {
    baseline: `/login ${median(loginPage).toFixed(0)} req/s`,
    ratio: median(projectList.map((v, i) => v / loginPage[i]!)),
  });

  // A 200 MB document upload: how much the server's memory grows while it streams to disk.
  const UPLOAD_MB = 200;
  const plexusUpload = await uploadRss(`${plexus.base}/api/files/save`, plexus.child.pid, UPLOAD_MB, cookie);
  const helloUpload = await uploadRss(`${hello.base}/`, hello.child.pid, UPLOAD_MB);
  report(`${UPLOAD_MB} MB upload, server RSS growth (${plexusUpload.seconds.toFixed(1)} s)`, plexusUpload.growthMb, "MB", {
    baseline: `raw Bun.serve reading and dropping it: +${helloUpload.growthMb.toFixed(1)} MB`,
    target: "< 64 MB",
    pass: plexusUpload.growthMb < 64,
  });
  await Promise.all([stop(plexus.child), stop(hello.child)]);

  const sqlite = sqliteSync();
  report("sqlite WAL synchronous=NORMAL single-row insert", sqlite.normal, "tx/s", {
    baseline: `synchronous=FULL ${sqlite.full.toFixed(0)} tx/s`,
    ratio: sqlite.ratio,
    target: ">= 2x, db/client.ts says 10-20x",
    pass: sqlite.ratio >= 2,
  });

  const list = await dataList();
  const pages = `${list.queries} filtered+sorted pages over ${list.items} items${list.mismatches ? `, ${list.mismatches} NOT MATCHING the baseline` : ""}`;
  for (const [path, figures] of [["service", list.service], ["app.handle", list.http]] as const) {
    report(`data list page via ${path}, p95 (p50 ${figures.p50.toFixed(2)} ms; ${pages})`, figures.p95, "ms", {
      baseline: `raw bun:sqlite SELECT ... LIMIT 10 p95 ${list.raw.p95.toFixed(2)} ms, p50 ${list.raw.p50.toFixed(2)} ms`,
      ratio: figures.p50 / list.raw.p50,
      target: "p95 < 20 ms",
      pass: figures.p95 < 20 && list.mismatches === 0,
    });
  }

  const tasks = await issueList();
  report(`task list page via app.handle, p95 (p50 ${tasks.http.p50.toFixed(2)} ms; ${tasks.queries} filtered+sorted pages over ${tasks.tasks} tasks${tasks.mismatches ? `, ${tasks.mismatches} NOT MATCHING the baseline` : ""})`, tasks.http.p95, "ms", {
    baseline: `raw bun:sqlite SELECT ... LIMIT 10 p95 ${tasks.raw.p95.toFixed(2)} ms, p50 ${tasks.raw.p50.toFixed(2)} ms`,
    ratio: tasks.http.p50 / tasks.raw.p50,
    target: "p95 < 20 ms",
    pass: tasks.http.p95 < 20 && tasks.mismatches === 0,
  });

  for (const r of [(await import("./search-bench")).searchBench()]) report(`data name search via the FTS5 trigram index, p95 (p50 ${r.fts.p50.toFixed(2)} ms; ${r.queries} Russian and English parts over ${r.items} items${r.mismatches ? `, ${r.mismatches} NOT MATCHING the scan` : ""})`, r.fts.p95, "ms", { baseline: `LIKE/GLOB scan p95 ${r.like.p95.toFixed(2)} ms, p50 ${r.like.p50.toFixed(2)} ms`, ratio: r.fts.p50 / r.like.p50, target: "p50 below the scan's, p95 < 20 ms", pass: r.fts.p50 < r.like.p50 && r.fts.p95 < 20 && !r.mismatches });
  for (const r of [await (await import("./search-bench")).fullTextBench()]) {
    const over = `${r.queries} queries of ${r.byKind.length} kinds over ${r.texts} texts of ~3,000 characters${r.differing ? `, ${r.differing} NOT MATCHING the query before` : ""}`;
    report(`full-text-search/find, page 0 with snippets, p95 (p50 ${r.p50.toFixed(2)} ms; ${over})`, r.p95, "ms", { baseline: `the query before (every match ranked and counted) p95 ${r.before.p95.toFixed(0)} ms, p50 ${r.before.p50.toFixed(0)} ms`, ratio: r.p50 / r.before.p50, target: "p95 < 20 ms", pass: r.p95 < 20 && !r.differing });
    report(`full-text index bytes per text (besides ${Math.round(r.textBytesPerText)} bytes of the stored text and stems, FTS5's content table)`, r.indexBytesPerText, "bytes");
    report(`full-text indexing as a search catches up (${r.sample} texts of ~3,000 characters)`, r.perSecond, "texts/s");
  }
  for (const [name, value, unit, opts] of await (await import("./wiki-tree")).wikiTree()) report(name, value, unit, opts);
  for (const [name, value, unit, opts] of await (await import("./table-bench")).tableBenchReport()) report(name, value, unit, { ...opts });
  for (const [name, value, unit, opts] of await (await import("./report-bench")).reportBench()) report(name, value, unit, opts);
  for (const [name, value, unit, opts] of await (await import("./backup-bench")).backupBench()) report(name, value, unit, opts);

  for (const [name, value, unit, opts] of await (await import("./calc-bench")).calcBench()) report(name, value, unit, opts);
  for (const [name, value, unit, opts] of await (await import("./poi-bbox")).poiBbox()) report(name, value, unit, opts);
  for (const [name, value, unit, opts] of await (await import("./geojson-import")).geojsonImport()) report(name, value, unit, opts);
  for (const [name, value, unit, opts] of await (await import("./map-fps")).mapFps()) report(name, value, unit, opts);
  for (const [name, value, unit, opts] of await (await import("./modbus-poll")).modbusPoll()) report(name, value, unit, opts);

  for (const [name, value, unit, opts] of await (await import("./chat-load")).chatLoad()) report(name, value, unit, opts);

  console.log(`\n${"-".repeat(40)}\n${lines.join("\n")}\ntotal: ${((performance.now() - began) / 1000).toFixed(1)} s`);
}

try {
  await main();
} finally {
  for (const child of children) child.kill("SIGKILL");
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
}
