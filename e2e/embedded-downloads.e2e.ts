import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { factories } from "../src/testing/factories";
import { testApp, type TestApp } from "../src/testing/harness";
import { launchBrowser } from "./setup";

// What chromium itself sends for a table download: an <img> in an article is refused before any file is
// made, while a link and an <a download> still download. Needs no build: the API is served bare, with one
// page standing for an article a member wrote.

let t: TestApp;
let server: ReturnType<typeof Bun.serve>;
let browser: Browser;
let tableId: number;
let cookie: string;
const seen: { dest: string | null; status: number }[] = [];

beforeAll(async () => {
  t = testApp();
  const scene = await factories(t).projectScene();
  cookie = scene.member.cookie;
  tableId = factories(t).table(scene.project.id, { name: "Piers", headers: ["Pier"], rows: [["P1"]] }).id;
  server = Bun.serve({
    port: 0,
    // Bun's default 10 s cut a table export short once on a machine at a load of 30, and chromium asked again.
    idleTimeout: 60,
    async fetch(request) {
      const path = new URL(request.url).pathname;
      if (path === "/article") {
        const url = `/api/files/get-data-table/${tableId}`;
        const html = `<!doctype html><title>Article</title><img alt="x" src="${url}"><a id="link" href="${url}">link</a> <a id="save" href="${url}?format=csv" download>save</a>`;
        return new Response(html, { headers: { "content-type": "text/html" } });
      }
      const response = await t.app.handle(request);
      if (path.startsWith("/api/files/")) seen.push({ dest: request.headers.get("sec-fetch-dest"), status: response.status });
      return response;
    },
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  server?.stop(true);
  await t?.close();
});

test("chromium's <img> of a table download is refused; a link and <a download> still download", async () => {
  const context = await browser.newContext({ acceptDownloads: true });
  const [name, value] = cookie.split("=");
  await context.addCookies([{ name, value, url: server.url.href }]);
  const page = await context.newPage();
  await page.goto(new URL("/article", server.url).href);
  await page.waitForLoadState("networkidle");
  expect(seen).toEqual([{ dest: "image", status: 403 }]);
  for (const link of ["#link", "#save"]) {
    const [download] = await Promise.all([page.waitForEvent("download"), page.click(link)]);
    expect(await download.failure()).toBeNull();
  }
  console.log("Sec-Fetch-Dest seen:", JSON.stringify(seen));
  expect(seen.slice(1).map((request) => request.status)).toEqual([200, 200]);
  await context.close();
}, 60_000);
