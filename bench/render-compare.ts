/**
 * Server rendering of `/login` and of `/` with 100 projects, this checkout beside another (an older
 * commit's worktree, built): `bun bench/render-compare.ts <other checkout> [its build dir]`. Both
 * servers run at once in their own processes; rounds alternate between them so that the machine's
 * noise falls on both, and the figures are medians of the rounds with the ratio this/other.
 */
import { resolve } from "node:path";
import { type Checkout, serveCheckout } from "./checkout-server";

const ROUNDS = 5;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function rps(url: string, cookie?: string): Promise<number> {
  const out = Bun.spawn([process.execPath, resolve(import.meta.dir, "load.ts"), url, "32", "3", ...(cookie ? [cookie] : [])], { stdout: "pipe", stderr: "inherit" });
  const result = JSON.parse(await new Response(out.stdout).text());
  if (result.errors) throw new Error(`${result.errors} failed answers from ${url}`);
  return result.rps;
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
  const figures = servers.map(() => ({ login: [] as number[], home: [] as number[] }));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, server] of servers.entries()) {
      figures[i]!.login.push(await rps(`${server.url}/login`));
      figures[i]!.home.push(await rps(`${server.url}/`, server.cookie));
    }
  }
  for (const page of ["login", "home"] as const) {
    const [mine, theirs] = figures.map((f) => median(f[page]));
    const ratios = figures[0]![page].map((v, i) => v / figures[1]![page][i]!);
    console.log(`GET ${page === "login" ? "/login" : "/ with 100 projects"}: this ${mine!.toFixed(0)} req/s, other ${theirs!.toFixed(0)} req/s (median of ${ROUNDS} rounds; ratio this/other ${median(ratios).toFixed(2)})`);
  }
} finally {
  await Promise.all(servers.map((server) => server.stop()));
}
