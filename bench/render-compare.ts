/**
 * Server rendering of `/login` and of `/` with 100 projects, this checkout beside another (an older
 * commit's worktree, built): `bun bench/render-compare.ts <other checkout> [its build dir]`. Both
 * servers run at once in their own processes; rounds alternate between them so that the machine's
 * noise falls on both, and the figures are medians of the rounds with the ratio this/other. Beside
 * requests a second, each server's own CPU time per request (from /proc, on Linux), which the other
 * processes of a busy machine disturb far less.
 */
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { type Checkout, serveCheckout } from "./checkout-server";

const ROUNDS = 5;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
/** Linux reports CPU time in ticks of 1/100 s to user space, whatever the kernel's own rate. */
const MS_PER_TICK = 10;

/** The CPU time (user and system, ms) process `pid` has used so far; undefined without /proc. */
function cpuMs(pid: number): number | undefined {
  const path = `/proc/${pid}/stat`;
  if (!existsSync(path)) return undefined;
  // After the command name in parentheses: state is field 3, utime and stime fields 14 and 15.
  const stat = readFileSync(path, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK;
}

/** Requests a second at 32 concurrent clients for 3 s, and the server's CPU ms per request over them. */
async function measure(url: string, pid: number, cookie?: string) {
  const before = cpuMs(pid);
  const out = Bun.spawn([process.execPath, resolve(import.meta.dir, "load.ts"), url, "32", "3", ...(cookie ? [cookie] : [])], { stdout: "pipe", stderr: "inherit" });
  const result = JSON.parse(await new Response(out.stdout).text());
  if (result.errors) throw new Error(`${result.errors} failed answers from ${url}`);
  const after = cpuMs(pid);
  return { rps: result.rps as number, cpu: before === undefined || after === undefined ? Number.NaN : (after - before) / result.sent };
}

const [otherDir, otherBuild = "dist"] = process.argv.slice(2);
if (!otherDir) throw new Error("usage: bun bench/render-compare.ts <other checkout> [its build dir]");
const checkouts: Checkout[] = [
  { label: "this", dir: resolve(import.meta.dir, ".."), buildDir: process.env.PLEXUS_BUILD_DIR ?? "dist" },
  { label: "other", dir: resolve(otherDir), buildDir: otherBuild },
];
const servers = await Promise.all(checkouts.map(serveCheckout));
try {
  for (const server of servers) for (let i = 0; i < 100; i++) await server.post("/project/create", { name: `Project ${String(i).padStart(3, "0")}` });
  const pages = { login: "/login", home: "/ with 100 projects" };
  const figures = servers.map(() => ({ login: [] as { rps: number; cpu: number }[], home: [] as { rps: number; cpu: number }[] }));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, server] of servers.entries()) {
      figures[i]!.login.push(await measure(`${server.url}/login`, server.pid));
      figures[i]!.home.push(await measure(`${server.url}/`, server.pid, server.cookie));
    }
  }
  for (const page of ["login", "home"] as const) {
    const [mine, theirs] = figures.map((f) => f[page]);
    const rpsRatio = median(mine!.map((m, i) => m.rps / theirs![i]!.rps));
    const cpuRatio = median(mine!.map((m, i) => theirs![i]!.cpu / m.cpu));
    console.log(
      `GET ${pages[page]}: this ${median(mine!.map((m) => m.rps)).toFixed(0)} req/s, other ${median(theirs!.map((m) => m.rps)).toFixed(0)} req/s (median of ${ROUNDS} rounds; ratio this/other ${rpsRatio.toFixed(2)}); ` +
        `CPU per request: this ${median(mine!.map((m) => m.cpu)).toFixed(2)} ms, other ${median(theirs!.map((m) => m.cpu)).toFixed(2)} ms (ratio other/this ${cpuRatio.toFixed(2)})`,
    );
  }
} finally {
  await Promise.all(servers.map((server) => server.stop()));
}
