/**
 * What a page costs a reader on a slow link, for this checkout beside another one measured in the same
 * run (issue 19's before/after table): `bun bench/page-weight.ts <other checkout> [its build dir]`.
 * Both must be built (`bun run build`; the other with PLEXUS_BUILD_DIR if given). Each checkout's own
 * server runs on a fresh DATA_DIR, seeded through the API with the same project, document, table and
 * wiki article; chromium then opens nine pages over a 400 kbps link with 400 ms of latency, cold (empty
 * cache) and warm (visited before), and prints per page: bytes over the link, of which JavaScript,
 * and milliseconds until the page is usable (its load event, and every island hydrated).
 */
import { resolve } from "node:path";
import type { Browser } from "playwright-core";
import { makeDocx } from "../src/lib/sample-documents";
import { SHARED_RUNTIME } from "../src/testing/script-size";
import { launchBrowser } from "../e2e/setup";
import { type Checkout, serveCheckout } from "./checkout-server";

const LINK = { offline: false, latency: 400, downloadThroughput: 50_000, uploadThroughput: 50_000 };

/** The same project, document, table and wiki article on either checkout; the nine pages to open. */
async function seed(post: Awaited<ReturnType<typeof serveCheckout>>["post"]) {
  const project = await post("/project/create", { name: "Riverside Bridge" });
  const table = new FormData();
  table.append("name", "Piers");
  const rows = [["Pier", "Height", "Inspected"], ...Array.from({ length: 200 }, (_, i) => [`P${i + 1}`, String(10 + (i % 7)), "2026-05-01"])];
  table.append("file", new File([rows.map((row) => row.join(",")).join("\r\n")], "piers.csv"));
  const tableItem = await post(`/table/save-for-project/${project.id}`, table);
  const docx = await makeDocx("Inspection report", Array.from({ length: 8 }, (_, i) => ({ heading: `Section ${i + 1}`, paragraphs: ["The pier was inspected and found sound. ".repeat(20)] })));
  const staged = new FormData();
  staged.append("file", new File([docx as BlobPart], "report.docx"));
  const [{ path }] = await post("/files/save", staged);
  const [doc] = await post(`/docs/save-all/${project.id}`, [{ name: "Inspection report", path, provider: "Survey office" }]);
  await post("/article/save", { title: "Inspections", content: `<p>${"How piers are inspected. ".repeat(40)}</p>` });
  return {
    "/login": "/login",
    "/ (projects)": "/",
    "data list": `/project/${project.id}/doc`,
    document: `/project/${project.id}/doc/${doc.id}`,
    table: `/project/${project.id}/table/${tableItem.id}`,
    "task list": `/project/${project.id}/issue`,
    wiki: "/wiki",
    dashboard: `/project/${project.id}/dashboard`,
    "/chats": "/chats",
  } as Record<string, string>;
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
  const server = await serveCheckout(checkout);
  try {
    const pages = await seed(server.post);
    results[checkout.label] = {};
    for (const [name, path] of Object.entries(pages)) results[checkout.label]![name] = await measure(browser, server.url, server.cookie, path);
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
