// The wiki with 2,000 articles: how many article pages (the whole tree rendered beside one article) and
// /wiki pages Plexus renders per second, beside /login in the same rounds on the same server, and the
// page's size. `bun bench/wiki-tree.ts` runs it alone (PLEXUS_BUILD_DIR picks the build); bench/run.ts
// runs it with the rest. Load stays on 127.0.0.1; bench/load.ts is the load generator, in its own process.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { ownPageHeaders } from "../src/testing/own-page";
import type { Figure } from "./chat-load";

const ROOT = resolve(import.meta.dir, "..");
const HOST = "127.0.0.1";
const PASSWORD = "bench-wiki-1";
const ARTICLES = 2_000;
const TOP_LEVEL = 100; // each with 19 sub-articles; the page read is the last one's last
const ROUNDS = 3;
const SECONDS = 3;
const CONCURRENCY = 32;
const bun = process.execPath;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function load(url: string, cookie?: string): Promise<number> {
  const child = Bun.spawn([bun, "bench/load.ts", url, String(CONCURRENCY), String(SECONDS), ...(cookie ? [cookie] : [])], { cwd: ROOT, stdout: "pipe", stderr: "inherit" });
  const result = JSON.parse(await new Response(child.stdout).text());
  if ((await child.exited) !== 0 || result.errors) throw new Error(`load of ${url} failed (${result.errors} errors)`);
  return result.rps;
}

export async function wikiTree(): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), "plexus-bench-wiki-"));
  const probe = Bun.listen({ hostname: HOST, port: 0, socket: { data() {} } });
  const port = probe.port;
  probe.stop(true);
  const base = `http://${HOST}:${port}`;
  const server = Bun.spawn([bun, "src/server.ts"], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dir, PORT: String(port), HOST, ADMIN_PASSWORD: PASSWORD, PLEXUS_QUIET: "1" },
    stdout: "ignore",
    stderr: "inherit",
  });
  try {
    for (let tries = 0; ; tries++) {
      const up = await fetch(`${base}/api/health`).then((r) => r.ok, () => false);
      if (up) break;
      if (tries > 3000) throw new Error("Plexus did not start");
      await Bun.sleep(10);
    }
    const headers = ownPageHeaders(base);
    const login = await fetch(`${base}/api/login`, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify({ username: "admin", password: PASSWORD }) });
    const cookie = login.headers.get("set-cookie")!.split(";")[0]!;
    const save = async (title: string, parentId?: number): Promise<number> => {
      const body = JSON.stringify({ title, content: `<h2>${title}</h2><p>Some words about ${title}, with a <a href="https://example.test/">link</a>.</p>`, parentId });
      const response = await fetch(`${base}/api/article/save`, { method: "POST", headers: { ...headers, cookie, "content-type": "application/json" }, body });
      if (!response.ok) throw new Error(`article/save: ${response.status} ${await response.text()}`);
      return (await response.json()).article.id;
    };
    let deepest = 0;
    for (let top = 0; top < TOP_LEVEL; top++) {
      const parent = await save(`Chapter ${String(top + 1).padStart(3, "0")}`);
      const children = ARTICLES / TOP_LEVEL - 1;
      const ids = await Promise.all(Array.from({ length: children }, (_, i) => save(`Section ${top + 1}.${i + 1}`, parent)));
      deepest = ids.at(-1)!;
    }
    const articlePage = `${base}/wiki/${deepest}`;
    const html = await (await fetch(articlePage, { headers: { cookie } })).text();
    // The page carries the top level and the open branch down to the article; other branches load when opened.
    const links = (html.match(/href="\/wiki\/\d+"/g) ?? []).length;
    if (!html.includes(`Chapter ${TOP_LEVEL}<`) || !html.includes(`Section ${TOP_LEVEL}.${ARTICLES / TOP_LEVEL - 1}<`)) throw new Error("the page lacks the tree");

    const loginPage: number[] = [];
    const article: number[] = [];
    const index: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      loginPage.push(await load(`${base}/login`));
      article.push(await load(articlePage, cookie));
      index.push(await load(`${base}/wiki`, cookie));
    }
    const loginRps = median(loginPage);
    const size = new TextEncoder().encode(html).byteLength / 1024;
    const gzipped = Bun.gzipSync(new TextEncoder().encode(html)).byteLength / 1024;
    return [
      [`GET /wiki/{id} with ${ARTICLES} articles, the tree's top level and open branch rendered (${links} links, ${size.toFixed(0)} KB, ${gzipped.toFixed(0)} KB gzipped)`, median(article), "req/s", {
        baseline: `/login ${loginRps.toFixed(0)} req/s`,
        ratio: median(article.map((v, i) => v / loginPage[i]!)),
      }],
      [`GET /wiki with ${ARTICLES} articles rendered`, median(index), "req/s", {
        baseline: `/login ${loginRps.toFixed(0)} req/s`,
        ratio: median(index.map((v, i) => v / loginPage[i]!)),
      }],
    ];
  } finally {
    server.kill("SIGTERM");
    await server.exited;
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  for (const [name, value, unit, opts] of await wikiTree()) {
    console.log(`${name}: ${value.toFixed(0)} ${unit} (baseline ${opts.baseline}, ratio ${((opts.ratio ?? 0) * 100).toFixed(1)}%)`);
  }
}
