/**
 * What a page costs a reader on a slow link, for this checkout beside another one measured in the same
 * run (issue 19's before/after table): `bun bench/page-weight.ts <other checkout> [its build dir]`.
 * Both must be built (`bun run build`; the other with PLEXUS_BUILD_DIR if given). Each checkout's own
 * server runs on a fresh DATA_DIR, seeded through the API with the same project, document, table and
 * wiki article; chromium then opens nine pages over a 400 kbps link with 400 ms of latency, cold (empty
 * cache) and warm (visited before), and prints per page: bytes over the link, of which JavaScript,
 * and milliseconds until the page is usable (its load event, and every island hydrated).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Browser } from "playwright-core";
import { makeDocx } from "../src/lib/sample-documents";
import { ownPageHeaders } from "../src/testing/own-page";
import { SHARED_RUNTIME } from "../src/testing/script-size";
import { launchBrowser } from "../e2e/setup";

const LINK = { offline: false, latency: 400, downloadThroughput: 50_000, uploadThroughput: 50_000 };
const ADMIN = { login: "bench-admin", password: "bench-password-1" };

interface Checkout {
  label: string;
  dir: string;
  buildDir: string;
}

/** The checkout's own server on its own data and port; resolves once /api/health answers. */
async function serve(checkout: Checkout) {
  const data = mkdtempSync(join(tmpdir(), "plexus-weight-"));
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const url = `http://localhost:${port}`;
  const child = Bun.spawn([process.execPath, join(checkout.dir, "src/server.ts")], {
    cwd: checkout.dir,
    env: { ...process.env, PORT: String(port), DATA_DIR: data, PUBLIC_URL: url, ADMIN_LOGIN: ADMIN.login, ADMIN_PASSWORD: ADMIN.password, PLEXUS_BUILD_DIR: checkout.buildDir },
    stdout: "ignore",
    stderr: "inherit",
  });
  for (let i = 0; i < 200; i++) {
    if (await fetch(`${url}/api/health`).then((r) => r.ok, () => false)) break;
    await Bun.sleep(100);
  }
  return { url, stop: () => (child.kill(), child.exited.then(() => rmSync(data, { recursive: true, force: true }))) };
}

async function seed(url: string) {
  const own = ownPageHeaders(url);
  const signIn = await fetch(`${url}/api/login`, { method: "POST", headers: { "content-type": "application/json", ...own }, body: JSON.stringify({ username: ADMIN.login, password: ADMIN.password }) });
  const cookie = signIn.headers.get("set-cookie")!.split(";")[0]!;
  const send = async (path: string, body: unknown) => {
    const form = body instanceof FormData;
    const response = await fetch(`${url}/api${path}`, { method: "POST", headers: { cookie, ...own, ...(form ? {} : { "content-type": "application/json" }) }, body: form ? body : JSON.stringify(body) });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  const project = await send("/project/create", { name: "Riverside Bridge" });
  const table = new FormData();
  table.append("name", "Piers");
  const rows = [["Pier", "Height", "Inspected"], ...Array.from({ length: 200 }, (_, i) => [`P${i + 1}`, String(10 + (i % 7)), "2026-05-01"])];
  table.append("file", new File([rows.map((row) => row.join(",")).join("\r\n")], "piers.csv"));
  const tableItem = await send(`/table/save-for-project/${project.id}`, table);
  const docx = await makeDocx("Inspection report", Array.from({ length: 8 }, (_, i) => ({ heading: `Section ${i + 1}`, paragraphs: ["The pier was inspected and found sound. ".repeat(20)] })));
  const staged = new FormData();
  staged.append("file", new File([docx as BlobPart], "report.docx"));
  const [{ path }] = await send("/files/save", staged);
  const [doc] = await send(`/docs/save-all/${project.id}`, [{ name: "Inspection report", path, provider: "Survey office" }]);
  await send("/article/save", { title: "Inspections", content: `<p>${"How piers are inspected. ".repeat(40)}</p>` });
  return {
    cookie,
    pages: {
      "/login": "/login",
      "/ (projects)": "/",
      "data list": `/project/${project.id}/doc`,
      document: `/project/${project.id}/doc/${doc.id}`,
      table: `/project/${project.id}/table/${tableItem.id}`,
      "task list": `/project/${project.id}/issue`,
      wiki: "/wiki",
      dashboard: `/project/${project.id}/dashboard`,
      "/chats": "/chats",
    } as Record<string, string>,
  };
}

interface Figure {
  bytes: number;
  js: number;
  /** Of `js`, the shared React runtime, fetched once per browser and kept by the immutable cache. */
  runtime: number;
  ms: number;
}


async function measure(browser: Browser, url: string, cookie: string, path: string): Promise<{ cold: Figure; warm: Figure }> {
  const context = await browser.newContext();
  if (path !== "/login") await context.addCookies([{ name: cookie.split("=")[0]!, value: cookie.slice(cookie.indexOf("=") + 1), url }]);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", LINK);
  const urls = new Map<string, string>();
  let figure: Figure = { bytes: 0, js: 0, runtime: 0, ms: 0 };
  cdp.on("Network.requestWillBeSent", (e: { requestId: string; request: { url: string } }) => urls.set(e.requestId, e.request.url));
  cdp.on("Network.loadingFinished", (e: { requestId: string; encodedDataLength: number }) => {
    figure.bytes += e.encodedDataLength;
    const requested = urls.get(e.requestId) ?? "";
    if (/\.js(\?|$)/.test(requested)) figure.js += e.encodedDataLength;
    if (SHARED_RUNTIME.test(requested)) figure.runtime += e.encodedDataLength;
  });
  const visit = async () => {
    figure = { bytes: 0, js: 0, runtime: 0, ms: 0 };
    await page.goto(`${url}${path}`, { waitUntil: "load", timeout: 60_000 });
    await page.waitForFunction(() => !document.querySelector("astro-island[ssr]"), undefined, { timeout: 60_000 });
    figure.ms = Math.round(await page.evaluate(() => performance.now()));
    return figure;
  };
  const cold = await visit();
  const warm = await visit();
  await context.close();
  return { cold, warm };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const [otherDir, otherBuild = "dist"] = process.argv.slice(2);
if (!otherDir) throw new Error("usage: bun bench/page-weight.ts <other checkout> [its build dir]");
const checkouts: Checkout[] = [
  { label: "other", dir: resolve(otherDir), buildDir: otherBuild },
  { label: "this", dir: resolve(import.meta.dir, ".."), buildDir: process.env.PLEXUS_BUILD_DIR ?? "dist" },
];
const browser = await launchBrowser();
const results: Record<string, Record<string, { cold: Figure; warm: Figure }>> = {};
for (const checkout of checkouts) {
  const server = await serve(checkout);
  try {
    const { cookie, pages } = await seed(server.url);
    results[checkout.label] = {};
    for (const [name, path] of Object.entries(pages)) results[checkout.label]![name] = await measure(browser, server.url, cookie, path);
  } finally {
    await server.stop();
  }
}
await browser.close();
console.log(`| page | ${checkouts.map((c) => `${c.label}: bytes (JS, shared runtime) cold / ms cold / ms warm`).join(" | ")} |`);
console.log(`| --- | ${checkouts.map(() => "---").join(" | ")} |`);
for (const name of Object.keys(results.this!)) {
  const cells = checkouts.map((c) => {
    const f = results[c.label]![name]!;
    return `${kb(f.cold.bytes)} (${kb(f.cold.js)}, ${kb(f.cold.runtime)}) / ${f.cold.ms} / ${f.warm.ms}`;
  });
  console.log(`| ${name} | ${cells.join(" | ")} |`);
}
