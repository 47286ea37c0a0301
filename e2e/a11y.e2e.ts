import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "playwright-core";
import { makeDocx, makePdf } from "../src/lib/sample-documents";
import { ownPageHeaders } from "../src/testing/own-page";
import { apiCall, apiSignIn, launchBrowser, signedInPage, startPlexus, type Plexus } from "./setup";

// axe-core over every main page at 1280 and 360 px, as a signed-in administrator and as a visitor:
// any critical or serious violation fails, with the rule, the elements and axe's help text.

const TIMEOUT = 90_000;
const WIDTHS = [1280, 360] as const;

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

async function upload(cookie: string, path: string, files: { name: string; bytes: Uint8Array }[]) {
  const form = new FormData();
  for (const file of files) form.append("file", new File([file.bytes as BlobPart], file.name));
  const response = await fetch(`${plexus.url}/api${path}`, { method: "POST", headers: { cookie, ...ownPageHeaders(plexus.url) }, body: form });
  expect(response.status).toBe(200);
  return response.json();
}

beforeAll(async () => {
  [plexus, browser] = await Promise.all([startPlexus(), launchBrowser()]);
  adminCookie = await apiSignIn(plexus.url, plexus.admin.login, plexus.admin.password);
  const call = <T = any>(method: string, path: string, body?: unknown) => apiCall<T>(plexus.url, adminCookie, method, path, body);
  projectId = (await call("POST", "/project/create", { name: "Harbour works" })).id;
  categoryId = (await call("POST", "/category/save", { name: "Site photos", project: { id: projectId } })).id;
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
  await call("POST", "/chats/new-chat", { name: "Harbour crew", type: "PUBLIC" });
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
  await call("POST", "/calc/save", { id: calcId, script: "function main(props) {\n  return props.load * 2;\n}\n", props: JSON.stringify([{ variable: "load", name: "Load, kN" }]) });
}, TIMEOUT);

afterAll(async () => {
  await browser?.close();
  await plexus?.stop();
});

/** Critical and serious violations on the page as it stands, one readable line per rule. */
async function seriousViolations(page: Page): Promise<string[]> {
  // A sandboxed frame (the mail template preview) runs no scripts, so axe cannot run inside it and would wait
  // for it forever; its content is the administrator's own mail, not the page's controls.
  const { violations } = await new AxeBuilder({ page }).exclude("iframe[sandbox]").analyze();
  return violations
    .filter((v) => v.impact === "critical" || v.impact === "serious")
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).slice(0, 4).join(", ")}`);
}

const signedInPages = () => [
  "/",
  `/project/${projectId}/home`,
  `/project/${projectId}/dashboard`,
  `/project/${projectId}/doc`,
  `/project/${projectId}/doc/${docxId}`,
  `/project/${projectId}/doc/${pdfId}`,
  `/project/${projectId}/table`,
  `/project/${projectId}/table/${tableId}`,
  `/project/${projectId}/chart`,
  `/project/${projectId}/chart/${chartId}`,
  `/project/${projectId}/report`,
  `/project/${projectId}/report/${reportId}`,
  `/project/${projectId}/calc`,
  `/project/${projectId}/calc/${calcId}`,
  `/project/${projectId}/category/${categoryId}`,
  `/project/${projectId}/issue`,
  `/project/${projectId}/issue/${issueId}`,
  `/split-screen?dataId=${docxId}&secondDataId=${tableId}`,
  "/chats",
  "/drive",
  "/profile",
  "/help",
  "/admin/users",
  "/admin/backup",
  "/admin/update",
  "/admin/settings",
  "/admin/mail-templates",
  "/admin/user-activity",
];
const SIGNED_IN_PARTS = 4;
const visitorPages = () => ["/login", "/registration", "/reset-password", `/shared-file/${shareToken}`, "/sign-in-link?token=expired"];

describe("accessibility (axe-core, critical and serious)", () => {
  for (const width of WIDTHS) {
    // In parts, so each stays well inside its time limit on a busy machine.
    for (let part = 0; part < SIGNED_IN_PARTS; part++) {
      test(
        `the main pages a signed-in person meets at ${width} px, part ${part + 1} of ${SIGNED_IN_PARTS}`,
        async () => {
          const { page, context } = await signedInPage(browser, plexus.url, adminCookie, { viewport: { width, height: 800 } });
          const found: string[] = [];
          for (const path of signedInPages().filter((_, index) => index % SIGNED_IN_PARTS === part)) {
            await page.goto(plexus.url + path, { waitUntil: "networkidle" });
            found.push(...(await seriousViolations(page)).map((line) => `${path}: ${line}`));
          }
          await context.close();
          expect(found).toEqual([]);
        },
        TIMEOUT,
      );
    }

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

    test(
      `the sign-in, registration, reset and shared-file pages at ${width} px`,
      async () => {
        const context = await browser.newContext({ viewport: { width, height: 800 } });
        const page = await context.newPage();
        const found: string[] = [];
        for (const path of visitorPages()) {
          await page.goto(plexus.url + path, { waitUntil: "networkidle" });
          found.push(...(await seriousViolations(page)).map((line) => `${path}: ${line}`));
        }
        await context.close();
        expect(found).toEqual([]);
      },
      TIMEOUT,
    );
  }
});
