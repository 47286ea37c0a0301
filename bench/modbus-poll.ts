// Device units: 100 simulated devices (bench/modbus-devices.ts, another process) polled 10 times a second each by a
// Plexus started in this process (startServer, its poller and all), beside the same Plexus with no units, in the
// same run: get-user requests per second (bench/load.ts, another process), event-loop lag p99, missed polls and RSS
// growth per device; then the reading store's bytes per device-day, from one simulated day of 1 Hz readings.
// `bun bench/modbus-poll.ts` runs it alone; bench/run.ts runs it with the rest.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { openDb } from "../db/client";
import { eq } from "drizzle-orm";
import { projects, settings, userProjects } from "../db/schema";
import { ReadingRecorder } from "../src/modules/modbus/recorder";
import { RETENTION } from "../src/modules/modbus/retention";
import { makeUser, testConfig } from "../src/testing/harness";
import { ownPageHeaders } from "../src/testing/own-page";
import { startServer } from "../src/web";
import type { Figure } from "./chat-load";

process.env.PLEXUS_QUIET = "1";
const ROOT = resolve(import.meta.dir, "..");
const DEVICES = 100;
const POLL_MS = 100;
const FIELDS = 3;
const SECONDS = 10;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.99)]!;

/** Event-loop lag: how late a 10 ms timer fires, sampled until `stop`. */
function lagMonitor() {
  const lags: number[] = [];
  let expected = performance.now() + 10;
  const timer = setInterval(() => {
    const now = performance.now();
    lags.push(Math.max(0, now - expected));
    expected = now + 10;
  }, 10);
  return { stop: () => (clearInterval(timer), lags) };
}

async function load(url: string, cookie: string, seconds: number) {
  const out = Bun.spawn([process.execPath, "bench/load.ts", url, "16", String(seconds), cookie], { cwd: ROOT, stdout: "pipe", stderr: "inherit" });
  const result = JSON.parse(await new Response(out.stdout).text()) as { rps: number; errors: number };
  if ((await out.exited) !== 0 || result.errors) throw new Error("load.ts failed");
  return result.rps;
}

/** get-user req/s (median of three rounds) and the event-loop lag p99 over them. */
async function measure(url: string, cookie: string) {
  const lag = lagMonitor();
  const rps: number[] = [];
  for (let round = 0; round < 3; round++) rps.push(await load(url, cookie, SECONDS / 3));
  return { rps: median(rps), lagP99: p99(lag.stop()) };
}

/** The share of one core this process used over 3 s with nothing else asked of it. */
async function cpuShare() {
  const before = process.cpuUsage();
  const began = performance.now();
  await Bun.sleep(3000);
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000 / (performance.now() - began);
}

/** One device-day of 1 Hz readings of FIELDS fields through the recorder, on a fresh database: bytes per device-day by retention tier. */
function storeSize(dir: string) {
  const db = openDb(join(dir, "store.db"));
  db.$client.exec("insert into projects (name) values ('S'); insert into data_items (project_id, data_type, name) values (1, 'MODBUS_UNIT', 'U')");
  for (let i = 0; i < FIELDS; i++) db.$client.exec(`insert into modbus_fields (unit_id, address, name) values (1, ${i}, 'F${i}')`);
  const bytes = () => {
    db.$client.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    const { n } = db.$client.query<{ n: number }, []>("select (page_count - freelist_count) * page_size as n from pragma_page_count, pragma_freelist_count, pragma_page_size").get()!;
    return n;
  };
  const empty = bytes();
  const recorder = new ReadingRecorder(db);
  const day0 = Date.UTC(2026, 0, 1);
  for (let s = 0; s < 86_400; s++) {
    for (let f = 1; f <= FIELDS; f++) recorder.add(f, day0 + s * 1000, Math.sin(s / 600 + f) * 100);
    if (s % 3600 === 3599) recorder.flush();
  }
  recorder.flush(true);
  const all = bytes() - empty;
  db.$client.exec("delete from modbus_readings");
  db.$client.exec("VACUUM");
  const aggregates = bytes() - empty;
  db.$client.exec("delete from modbus_aggregates where period = 60");
  db.$client.exec("VACUUM");
  const hours = bytes() - empty;
  db.$client.close();
  const raw = all - aggregates;
  const minutes = aggregates - hours;
  const day = 86_400_000;
  const steady = raw * (RETENTION.raw / day) + minutes * (RETENTION.minute / day) + hours * (365 * 5);
  return { raw, minutes, hours, steady };
}

export async function modbusPoll(): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), "plexus-bench-modbus-"));
  const devices = Bun.spawn([process.execPath, "bench/modbus-devices.ts", String(DEVICES)], { cwd: ROOT, stdout: "pipe", stderr: "inherit" });
  try {
    const reader = devices.stdout.getReader();
    const ports = JSON.parse(new TextDecoder().decode((await reader.read()).value)) as number[];
    const config = testConfig(dir);
    const server = await startServer({ db: openDb(config.dbPath), config, withPages: false });
    const db = server.ctx.db;
    const admin = await makeUser(db, "ADMIN");
    const login = await fetch(`${server.url}/api/login`, { method: "POST", headers: { "content-type": "application/json", ...ownPageHeaders(server.url) }, body: JSON.stringify({ username: admin.login, password: admin.password }) });
    const cookie = login.headers.get("set-cookie")!.split(";")[0]!;
    const url = `${server.url}/api/users/get-user`;
    const idle = await measure(url, cookie);
    const idleCpu = await cpuShare();

    db.update(settings).set({ body: "127.0.0.1" }).where(eq(settings.label, "MODBUS_HOSTS")).run();
    const project = db.insert(projects).values({ name: "Plant" }).returning().get();
    db.insert(userProjects).values({ userId: admin.id, projectId: project.id, moderator: true }).run();
    Bun.gc(true);
    const rssBefore = process.memoryUsage().rss;
    const fields = [{ address: 0, name: "Counter" }, { address: 1, name: "Wave", dataType: "FLOAT" }, { address: 3, name: "Index" }];
    for (const port of ports) {
      const res = await fetch(`${server.url}/api/modbus-unit/save`, {
        method: "POST",
        headers: { cookie, "content-type": "application/json", ...ownPageHeaders(server.url) },
        body: JSON.stringify({ project: { id: project.id }, name: `Device ${port}`, ipAddress: `127.0.0.1:${port}`, pollPeriod: POLL_MS, fields }),
      });
      if (!res.ok) throw new Error(`unit save: ${res.status}`);
    }
    const { devices: polled } = (await import("../src/modules/modbus/poller-registry")).pollerOf(server.ctx) ?? { devices: new Map() };
    const online = () => [...polled.values()].filter((d) => d.state.online).length;
    for (let waited = 0; online() < DEVICES && waited < 10_000; waited += 100) await Bun.sleep(100);
    const count = () => [...polled.values()].reduce((sum, d) => ({ polls: sum.polls + d.device.polls, missed: sum.missed + d.device.missed }), { polls: 0, missed: 0 });
    const quiet = count().polls;
    const pollingCpu = await cpuShare();
    const quietPolls = count().polls - quiet;
    const start = count();
    const began = performance.now();
    const busy = await measure(url, cookie);
    const seconds = (performance.now() - began) / 1000;
    const end = count();
    Bun.gc(true);
    const rssGrowth = (process.memoryUsage().rss - rssBefore) / DEVICES / 1024;
    const expected = DEVICES * (seconds * 1000) / POLL_MS;
    const polls = end.polls - start.polls;
    const missed = end.missed - start.missed;
    const onlineAtEnd = online();
    await server.stop();
    server.ctx.db.$client.close();

    const store = storeSize(dir);
    const ratio = busy.rps / idle.rps;
    return [
      [`modbus: ${DEVICES} devices polled every ${POLL_MS} ms for ${seconds.toFixed(1)} s, polls done (${onlineAtEnd} online; ${missed} missed, one in flight per device)`, polls, "polls", { baseline: `${expected.toFixed(0)} due`, ratio: polls / expected, target: ">= 95% done, 0 missed", pass: polls >= expected * 0.95 && missed === 0 }],
      ["modbus: event-loop lag p99 while polling and serving get-user", busy.lagP99, "ms", { baseline: `no units: ${idle.lagP99.toFixed(1)} ms`, target: "< 20 ms", pass: busy.lagP99 < 20 }],
      ["modbus: get-user while polling", busy.rps, "req/s", { baseline: `no units: ${idle.rps.toFixed(0)} req/s`, ratio, target: ">= 90% of no units", pass: ratio >= 0.9 }],
      [`modbus: CPU of this process while polling, nothing else asked (${(quietPolls / 3).toFixed(0)} polls/s: ${(((pollingCpu - idleCpu) * 3e6) / Math.max(1, quietPolls)).toFixed(0)} µs a poll)`, pollingCpu * 100, "% of a core", { baseline: `no units: ${(idleCpu * 100).toFixed(1)}%` }],
      ["modbus: RSS growth per polled device", rssGrowth, "KB", {}],
      [`modbus: reading store per device-day (${FIELDS} fields at 1 Hz): raw ${(store.raw / 1e6).toFixed(1)} MB kept 1 day, minutes ${(store.minutes / 1e3).toFixed(0)} KB kept 30 days, hours ${store.hours} bytes kept 5 years`, store.raw / 1e6, "MB", {}],
      [`modbus: a device's steady-state store under that retention (100 devices: ${((store.steady * 100) / 1e9).toFixed(2)} GB)`, store.steady / 1e6, "MB", {}],
    ];
  } finally {
    devices.kill();
    await devices.exited;
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) for (const [name, value, unit, opts] of await modbusPoll()) console.log(`${name}: ${value.toFixed(2)} ${unit}`, opts ?? "");
