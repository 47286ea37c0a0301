import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { Client } from "@stomp/stompjs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { MISSING_STRING } from "../islands/lib/i18n";
import { makeDocx, makePdf } from "../src/lib/sample-documents";
import { ownPageHeaders } from "../src/testing/own-page";
import { apiCall, apiSignIn, launchBrowser, signedInPage, startPlexus, type Plexus } from "./setup";
import { axeOn } from "./axe";

// axe-core over every page the pages/ folder has (its sitemap, read from the files, with the real ids of one seeded
// project), at 1280 and 360 px, as a signed-in administrator and signed out: any critical or serious violation
// fails, with the rule, the elements and axe's help text. A new page with a parameter nobody seeds fails too.
// The walk is split into parts (e2e/a11y-N.e2e.ts, each its own server and browser) so two workers share it:
// whole, it was a quarter of the browser run and ended last.

// Generous: a timed-out test ends the shared browser with it, and every page after would fail.
const TIMEOUT = 240_000;
const WIDTHS = [1280, 360] as const;
const PAGES_DIR = join(import.meta.dir, "..", "pages");

/** Every page route of pages/ as its pattern ("/project/[projectId]/home"): .astro files outside _partials. */
function pageRoutes(dir = PAGES_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith("_")) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return pageRoutes(path);
    if (!entry.name.endsWith(".astro")) return [];
    const route = `/${relative(PAGES_DIR, path).replace(/\.astro$/, "").replace(/(^|\/)index$/, "")}`;
    return [route.length > 1 ? route.replace(/\/$/, "") : route];
  }).sort();
}

let plexus: Plexus;
let browser: Browser;
let adminCookie: string;
let projectId: number;
let docxId: number;
let pdfId: number;
let categoryId: number;
let issueId: number;
let shareToken: string;
let tableId: number;
let chartId: number;
let reportId: number;
let calcId: number;
let mapId: number;
let layerId: number;
let articleId: number;
let chatId: number;

async function upload(cookie: string, path: string, files: { name: string; bytes: Uint8Array }[]) {
  const form = new FormData();
  for (const file of files) form.append("file", new File([file.bytes as BlobPart], file.name));
  const response = await fetch(`${plexus.url}/api${path}`, { method: "POST", headers: { cookie, ...ownPageHeaders(plexus.url) }, body: form });
  expect(response.status).toBe(200);
  return response.json();
}

async function seed() {
  [plexus, browser] = await Promise.all([startPlexus(), launchBrowser()]);
  adminCookie = await apiSignIn(plexus.url, plexus.admin.login, plexus.admin.password);
  const call = <T = any>(method: string, path: string, body?: unknown) => apiCall<T>(plexus.url, adminCookie, method, path, body);
  projectId = (await call("POST", "/project/create", { name: "Harbour works" })).id;
  // Public, so the category page shows its copy-link actions and the public data page has the survey.
  categoryId = (await call("POST", "/category/save", { name: "Site photos", isPublic: true, project: { id: projectId } })).id;
  const docx = await makeDocx("Quay survey", [{ heading: "Scope", paragraphs: ["The survey covers the quay wall."] }]);
  const pdf = makePdf([["Load test", "Passed."], ["Appendix", "Readings"]]);
  const staged = await upload(adminCookie, "/files/save", [
    { name: "survey.docx", bytes: docx },
    { name: "load.pdf", bytes: pdf },
  ]);
  const saved = await call<{ id: number }[]>("POST", `/docs/save-all/${projectId}`, [
    { path: staged[0].path, name: "Quay survey", provider: "Survey office", categoryList: [{ id: categoryId }] },
    { path: staged[1].path, name: "Load test", provider: "Survey office" },
  ]);
  [docxId, pdfId] = saved.map((s) => s.id);
  chatId = await call<number>("POST", "/chats/new-chat", { name: "Harbour crew", type: "PUBLIC" });
  await unreadMessageFromAnother(chatId);
  // A widget on the dashboard (a SENSOR needs no data item), so axe reads the grid and not only its empty text.
  await call("POST", "/widget/save", { type: "SENSOR", abstractData: null, project: { id: projectId }, layout: { x: 0, y: 0, w: 5, h: 7 } });
  issueId = (await call("POST", "/issue/save", { name: "Inspect the quay", project: { id: projectId }, dueDate: Date.now() - 86_400_000, categoryList: [{ id: categoryId }] })).id;
  const file = await upload(adminCookie, "/files/save-user-file", [{ name: "notes.txt", bytes: new TextEncoder().encode("Tide table") }]);
  [{ shareToken }] = await call("POST", `/files/share?id=${file.id}`);
  const table = new FormData();
  table.append("name", "Quay levels");
  table.append("file", new File(["Point,Level,url\r\nQ-1,2.75,\"[{\"\"lat\"\":59.9,\"\"lon\"\":30.3}]\"\r\nQ-2,3.1,\r\n"], "levels.csv"));
  const imported = await fetch(`${plexus.url}/api/table/save-for-project/${projectId}`, { method: "POST", headers: { cookie: adminCookie, ...ownPageHeaders(plexus.url) }, body: table });
  expect(imported.status).toBe(200);
  tableId = (await imported.json()).id;
  const headers = [{ name: "Point", field: "cell_0", isValue: false }, { name: "Level", field: "cell_1", isValue: true }];
  chartId = (await call("POST", "/chart/save", { projectId, name: "Quay levels chart", type: "BAR", showDetails: true, mainColumn: "cell_0", headers, table: tableId })).id;
  reportId = (await call("POST", "/data/save", { dataType: "REPORT", name: "Quay report", project: { id: projectId }, body: `<h2>Levels</h2><p>[DATA-${tableId}]</p><p>[DATA-${chartId}]</p><p>[DATA-999999]</p>` })).id;
  calcId = (await call("POST", "/calc/save", { project: { id: projectId }, name: "Pile load" })).id;
  mapId = (await call("POST", "/map/save", { name: "Harbour map", project: { id: projectId } })).id;
  layerId = (await call("POST", "/layer/save", { name: "Harbour wells", type: "LAYER_POI", project: { id: projectId } })).id;
  articleId = (await call("POST", "/article/save", { title: "Mooring rules", content: "<p>Ropes are checked daily.</p>" })).article.id;
  await call("POST", `/article/add-new-version/${articleId}`, { title: "Mooring rules", content: "<p>Ropes are checked twice a day.</p>" });
  await call("POST", "/calc/save", { id: calcId, script: "function main(props) {\n  return props.load * 2;\n}\n", props: JSON.stringify([{ variable: "load", name: "Load, kN" }]) });
}

/** Another member writes into the public chat over the live channel, so the administrator's shell shows the unread badge. */
async function unreadMessageFromAnother(chat: number) {
  const crew = await plexus.newUser({ firstName: "Ivan", lastName: "Crew" });
  const cookie = await apiSignIn(plexus.url, crew.login, crew.password);
  await apiCall(plexus.url, cookie, "POST", `/chats/join?chat=${chat}`);
  const client = new Client({ webSocketFactory: () => new WebSocket(`${plexus.url.replace("http", "ws")}/ws-endpoint`, { headers: { cookie } } as never), reconnectDelay: 0 });
  const sent = new Promise<void>((resolve) => {
    client.onConnect = () => {
      client.subscribe(`/ws-broker/topic/${chat}`, (message) => JSON.parse(message.body).message && resolve());
      client.publish({ destination: `/ws-prefix/notify/${chat}`, body: JSON.stringify({ text: "Tide at 14:20", clientId: "a11y-unread" }) });
    };
  });
  client.activate();
  await sent;
  await client.deactivate();
}

async function stop() {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
  await plexus?.stop();
}

/** Critical and serious violations on the page as it stands, one readable line per rule. */
async function seriousViolations(page: Page): Promise<string[]> {
  // A sandboxed frame (the mail template preview) runs no scripts, so axe cannot run inside it and would wait
  // for it forever; its content is the administrator's own mail, not the page's controls.
  // label-content-name-mismatch is one of axe's experimental rules, off unless asked for: a button's visible text must be in its name.
  const { violations } = await axeOn(page, { rules: { "label-content-name-mismatch": { enabled: true } } }).exclude("iframe[sandbox]").analyze();
  return violations
    .filter((v) => v.impact === "critical" || v.impact === "serious")
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).slice(0, 4).join(", ")}`);
}

/** The value of a route's [param] in the seeded data: a data item by its type, the rest by name. */
function paramValue(route: string, param: string, dataType: string): string | undefined {
  const items: Record<string, number> = { DOC: docxId, TABLE: tableId, CHART: chartId, REPORT: reportId, CALC: calcId, MAP: mapId, LAYER: layerId };
  const values: Record<string, string | number | undefined> = {
    projectId,
    categoryId,
    docId: pdfId,
    issueId,
    dataType,
    id: route.startsWith("/wiki/") ? articleId : route.startsWith("/public-data/") ? docxId : items[dataType],
    token: shareToken,
    layerId,
  };
  return values[param] === undefined ? undefined : String(values[param]);
}

/** What a page needs in its query to show itself rather than send the reader elsewhere. */
const queries = (): Record<string, string> => ({
  "/wiki/[id]/compare": "?from=1&to=2",
  "/split-screen": `?dataId=${docxId}&secondDataId=${tableId}`,
  "/chats": `?chat=${chatId}`,
  "/project/[projectId]/layer/sandbox": `?layerIdList=${layerId}`,
  "/sign-in-link": "?token=expired",
  "/new-password": "?token=expired",
});

/** The seeded data types a route is visited with: each where it has [dataType], else none. */
const typesOf = (route: string) => (route.includes("[dataType]") ? ["DOC", "TABLE", "CHART", "REPORT", "CALC", "MAP", "LAYER"] : [""]);

/** The address of a route (with `dataType` where it has [dataType]); a parameter nobody seeds throws. */
function addressOf(route: string, dataType: string): string {
  const path = route.replace(/\[(\w+)\]/g, (_, param: string) => {
    const value = paramValue(route, param, dataType);
    if (value === undefined) throw new Error(`${route}: no seeded value for [${param}]; seed one in e2e/a11y-walk.ts`);
    return param === "dataType" ? value.toLowerCase() : value;
  });
  return path + (queries()[route] ?? "");
}

const contexts: BrowserContext[] = [];
const pages = new Map<string, Page>();
/** Signed-out pages already checked, by the address they ended on (every members' page sends a visitor to /login). */
const checkedSignedOut = new Set<string>();

/** Strings an island asked for that its page did not embed (it showed their keys), since the last look. */
const missingStrings: string[] = [];

/** One page per way of visiting, reused by every route: a fresh context each costs seconds on a busy machine. */
async function pageFor(signedIn: boolean): Promise<Page> {
  const key = String(signedIn);
  if (!pages.has(key) || pages.get(key)!.isClosed()) {
    const { page, context } = await signedInPage(browser, plexus.url, signedIn ? adminCookie : undefined, { viewport: { width: WIDTHS[0], height: 800 } });
    page.on("console", (message) => message.text().startsWith(MISSING_STRING) && missingStrings.push(message.text().slice(MISSING_STRING.length + 1)));
    contexts.push(context);
    pages.set(key, page);
  }
  return pages.get(key)!;
}

/** axe's findings at each width, for one visit of `address` (the narrow one after a resize, as a phone turned). */
async function checkAtEveryWidth(page: Page, address: string): Promise<string[]> {
  const found: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    found.push(...(await seriousViolations(page)).map((line) => `${address} at ${width} px: ${line}`));
  }
  return found;
}

/** Every address the walk visits, in sitemap order: a route with [dataType] once per seeded type. */
const visits = () => pageRoutes().flatMap((route) => typesOf(route).map((dataType) => ({ route, dataType })));

/** Part `part` of `parts` of the walk (every parts-th visit, so each part gets pages of every kind). */
export function walkPart(part: number, parts: number) {
  beforeAll(seed, TIMEOUT);
  afterAll(stop);
  describe(`accessibility (axe-core, critical and serious), part ${part} of ${parts} of the pages in pages/`, () => {
    if (part === 1) {
      test("the sitemap is read from pages/ and every parameter has a seeded value", () => {
        const routes = pageRoutes();
        expect(routes).toContain("/");
        expect(routes).toContain("/project/[projectId]/[dataType]/[id]");
        expect(routes.flatMap((route) => typesOf(route).map((type) => addressOf(route, type))).every((address) => !address.includes("["))).toBe(true);
      });
    }

    for (const { route, dataType } of visits().filter((_, index) => index % parts === part - 1)) {
      test(
        `${route}${dataType && ` (${dataType})`}, signed in and signed out, at ${WIDTHS.join(" and ")} px`,
        async () => {
          const address = addressOf(route, dataType);
          const member = await pageFor(true);
          await member.goto(plexus.url + address, { waitUntil: "networkidle" });
          const found = await checkAtEveryWidth(member, `${address} (signed in)`);

          // Most pages send a visitor to /login, checked once: the server's redirect says so without a browser visit.
          const redirect = (await fetch(plexus.url + address, { redirect: "manual" })).headers.get("location");
          if (!redirect || !checkedSignedOut.has(new URL(redirect, plexus.url).pathname)) {
            const visitor = await pageFor(false);
            await visitor.goto(plexus.url + address, { waitUntil: "networkidle" });
            const landed = new URL(visitor.url()).pathname;
            if (!checkedSignedOut.has(landed)) {
              checkedSignedOut.add(landed);
              found.push(...(await checkAtEveryWidth(visitor, `${address} (signed out, at ${landed})`)));
            }
          }
          expect(found).toEqual([]);
          // Every string the page's islands show is embedded in the page: a missing one shows its key (and breaks hydration).
          expect(missingStrings.splice(0)).toEqual([]);
        },
        TIMEOUT,
      );
    }

    if (part === parts) {
      for (const width of WIDTHS) {
        test(
          `the search sheet open with name hits in their groups at ${width} px`,
          async () => {
            const { page, context } = await signedInPage(browser, plexus.url, adminCookie, { viewport: { width, height: 800 } });
            await page.goto(`${plexus.url}/`, { waitUntil: "networkidle" });
            await page.keyboard.press("Control+KeyS");
            await page.locator("#search-sheet-query").fill("Quay");
            await page.locator(".search-sheet__group").first().waitFor();
            const found = await seriousViolations(page);
            await context.close();
            expect(found).toEqual([]);
          },
          TIMEOUT,
        );
      }
    }
  });
}
