import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { makeDocx, makePdf } from "../src/lib/sample-documents";
import { ownPageHeaders } from "../src/testing/own-page";
import { initialScripts } from "../src/testing/script-size";
import { apiCall, islandsHydrated, launchBrowser, projectWithModerator, signedInPage, startPlexus, type Plexus } from "./setup";

// The document page (/project/{id}/doc/{id}) in Debian's chromium against the built server: the
// DOCX viewer with structure and search, adding and comparing versions, the PDF viewer with its
// thumbnails and zoom, what a plain member may not do, the narrow layout and the page's script budget.

const TIMEOUT = 60_000;
const JS_BUDGET_GZIP = 50 * 1024;
const DOCX_MIME = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

let plexus: Plexus;
let browser: Browser;
let projectId: number;
let docxId: number;
let pdfId: number;
let moderatorCookie: string;
let readerCookie: string;

const call = <T = any>(cookie: string, method: string, path: string, body?: unknown) => apiCall<T>(plexus.url, cookie, method, path, body);

async function upload(cookie: string, files: { name: string; bytes: Uint8Array }[]) {
  const form = new FormData();
  for (const file of files) form.append("file", new File([file.bytes as BlobPart], file.name));
  const response = await fetch(`${plexus.url}/api/files/save`, { method: "POST", headers: { cookie, ...ownPageHeaders(plexus.url) }, body: form });
  expect(response.status).toBe(200);
  return (await response.json()) as { path: string; fileName: string; type: string }[];
}

const surveyV1 = () =>
  makeDocx("Bridge survey", [
    { heading: "Scope", paragraphs: ["The survey covers the piers and the deck."] },
    { heading: "Findings", paragraphs: ["Corrosion on pier three.", "Deck joints need sealing."] },
  ]);
const surveyV2 = () =>
  makeDocx("Bridge survey", [
    { heading: "Scope", paragraphs: ["The survey covers the piers and the deck."] },
    { heading: "Findings", paragraphs: ["Corrosion on pier four.", "Deck joints need sealing.", "Bearings were replaced in spring."] },
  ]);

beforeAll(async () => {
  [plexus, browser] = await Promise.all([startPlexus(), launchBrowser()]);
  // Seeding through the API: an admin creates the project and adds a moderator and a plain member.
  ({ projectId, moderatorCookie, readerCookie } = await projectWithModerator(plexus, "Bridge works", { reader: plexus.user }));
  const staged = await upload(moderatorCookie, [
    { name: "survey.docx", bytes: await surveyV1() },
    { name: "load-test.pdf", bytes: makePdf([["Load test report", "Passed at 120% of design load."], ["Appendix", "Gauge readings"]]) },
  ]);
  expect(staged.map((f) => f.type)).toEqual(["MS_DOC", "PDF"]);
  const saved = await call<{ id: number }[]>(moderatorCookie, "POST", `/docs/save-all/${projectId}`, [
    { path: staged[0].path, name: "Bridge survey", provider: "Survey office", description: "Yearly inspection", keywords: ["bridge"] },
    { path: staged[1].path, name: "Load test", provider: "Survey office" },
  ]);
  [docxId, pdfId] = saved.map((s) => s.id);
});

/** A new "Bridge survey" document whose one version is survey.docx (surveyV1), for a test that changes its versions. */
async function seedSurvey(): Promise<number> {
  const [staged] = await upload(moderatorCookie, [{ name: "survey.docx", bytes: await surveyV1() }]);
  const [saved] = await call<{ id: number }[]>(moderatorCookie, "POST", `/docs/save-all/${projectId}`, [
    { path: staged.path, name: "Bridge survey", provider: "Survey office", description: "Yearly inspection", keywords: ["bridge"] },
  ]);
  return saved.id;
}

afterAll(async () => {
  await browser?.close();
  await plexus?.stop();
});

const pageAs = (cookie: string, options: Parameters<typeof signedInPage>[3] = {}) => signedInPage(browser, plexus.url, cookie, options);

const docPath = (id: number) => `${plexus.url}/project/${projectId}/doc/${id}`;
const versionRows = (page: Page) => page.locator("#version-list > li");

describe("the DOCX viewer", () => {
  test(
    "shows the text and its structure; search highlights every hit with a count; info, full screen and close work",
    async () => {
      const { page, context } = await pageAs(moderatorCookie);
      await page.goto(docPath(docxId));
      expect((await page.locator("header h1").textContent())?.trim()).toBe("Bridge survey");
      const body = page.locator("[data-docx-body]");
      await body.getByText("Corrosion on pier three.").waitFor();
      // The text comes with the page; its structure once the page's islands have read it.
      await islandsHydrated(page);

      const tree = page.getByRole("navigation", { name: "Structure" });
      expect(await tree.getByRole("link").allTextContents()).toEqual(["Bridge survey", "Scope", "Findings"]);
      await tree.getByRole("link", { name: "Findings" }).click();
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Findings");

      await page.getByRole("searchbox", { name: "Search in the text" }).fill("pier");
      const count = page.locator("[data-search-count]");
      await page.waitForFunction(() => document.querySelector("[data-search-count]")?.textContent === "1 of 2");
      expect(await body.locator("mark").allTextContents()).toEqual(["pier", "pier"]);
      expect(await body.locator("mark.is-current").count()).toBe(1);
      await page.getByRole("button", { name: "Next match" }).click();
      expect(await count.textContent()).toBe("2 of 2");
      expect(await body.locator("mark").nth(1).evaluate((mark) => mark.classList.contains("is-current"))).toBe(true);
      await page.getByRole("searchbox", { name: "Search in the text" }).fill("nothing like this");
      await page.waitForFunction(() => document.querySelector("[data-search-count]")?.textContent === "No matches");
      expect(await body.locator("mark").count()).toBe(0);

      // Info opens the side panel's info tab; full screen covers the window until Escape.
      await page.getByRole("button", { name: "Information" }).click();
      const info = page.getByRole("tabpanel", { name: "Info" });
      await info.getByText("Survey office").waitFor();
      expect(await info.getByText("Yearly inspection").isVisible()).toBe(true);
      await page.getByRole("button", { name: "Information" }).click();
      expect(await page.locator("#doc-side").isVisible()).toBe(false);
      await page.getByRole("button", { name: "Information" }).click();
      await page.getByRole("tab", { name: "Versions" }).click();

      await page.getByRole("button", { name: "Full screen" }).first().click();
      const box = await page.locator("#doc-viewer").boundingBox();
      expect(box!.width).toBe(page.viewportSize()!.width);
      await page.keyboard.press("Escape");
      expect(await page.locator("#doc-viewer").evaluate((el) => el.classList.contains("is-fullscreen"))).toBe(false);

      await page.getByRole("link", { name: "Close" }).click();
      await page.waitForURL((url) => url.pathname === `/project/${projectId}/doc`);
      await context.close();
    },
    TIMEOUT,
  );

  test(
    "a moderator adds a version, which comes first and selected; comparing the two marks inserted and deleted text",
    async () => {
      // A document of its own: the shared one keeps its single version for the other tests.
      const surveyId = await seedSurvey();
      const { page, context } = await pageAs(moderatorCookie);
      await page.goto(docPath(surveyId));
      await page.locator("[data-docx-body]").getByText("Corrosion on pier three.").waitFor();
      await islandsHydrated(page);
      expect(await versionRows(page).count()).toBe(1);
      // One Word version: nothing to compare yet.
      expect(await page.getByRole("button", { name: "Compare" }).isVisible()).toBe(false);

      await page.getByRole("button", { name: "Add version" }).click();
      const dialog = page.getByRole("dialog", { name: "New version" });
      await dialog.getByLabel("File").setInputFiles({ name: "survey-v2.docx", mimeType: DOCX_MIME, buffer: Buffer.from(await surveyV2()) });
      await dialog.getByRole("button", { name: "Upload" }).click();
      await dialog.waitFor({ state: "hidden" });

      await page.locator("[data-docx-body]").getByText("Bearings were replaced in spring.").waitFor();
      expect(await versionRows(page).count()).toBe(2);
      const first = versionRows(page).first();
      expect(await first.locator("[data-name]").textContent()).toBe("survey-v2.docx");
      expect(await first.locator("[data-select]").getAttribute("aria-current")).toBe("true");
      expect(await first.locator("[data-author]").textContent()).toBe("Author: Mona Moderator");
      expect(await versionRows(page).nth(1).locator("[data-select]").getAttribute("aria-current")).toBe("false");
      expect(await page.locator("#viewer-title").textContent()).toBe("survey-v2.docx");
      const [newId, oldId] = await versionRows(page).evaluateAll((rows) => rows.map((row) => (row as HTMLElement).dataset.id!));

      await page.getByRole("button", { name: "Compare" }).click();
      const compare = page.getByRole("dialog", { name: "Compare versions" });
      const submit = compare.getByRole("button", { name: "Compare" });
      // It opens on the two latest versions; one version against itself cannot be compared.
      expect(await compare.getByLabel("Original version").inputValue()).toBe(oldId);
      expect(await compare.getByLabel("Edited version").inputValue()).toBe(newId);
      expect(await submit.isDisabled()).toBe(false);
      await compare.getByLabel("Edited version").selectOption(oldId);
      expect(await submit.isDisabled()).toBe(true);
      await compare.getByLabel("Edited version").selectOption(newId);
      expect(await submit.isDisabled()).toBe(false);
      await submit.click();

      const diff = page.locator("[data-compare-body]");
      await diff.locator("ins").first().waitFor();
      const inserted = (await diff.locator("ins").allTextContents()).join(" ");
      const deleted = (await diff.locator("del").allTextContents()).join(" ");
      expect(inserted).toContain("four");
      expect(inserted).toContain("Bearings were replaced in spring.");
      expect(deleted).toContain("three");
      expect(deleted).not.toContain("four");
      // Inserted text is green, deleted text red.
      const colour = (selector: string) => diff.locator(selector).first().evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(await colour("ins")).toBe("rgb(200, 230, 201)");
      expect(await colour("del")).toBe("rgb(255, 205, 210)");

      await page.getByRole("button", { name: "Back to the document" }).click();
      await page.locator("[data-docx-body]").getByText("Bearings were replaced in spring.").waitFor();

      // Edit the old version's name and description (counter 255), then remove it.
      await versionRows(page).nth(1).getByRole("button", { name: "Edit «survey.docx»" }).click();
      const edit = page.getByRole("dialog", { name: "Edit version" });
      await edit.getByLabel("Name").fill("First survey");
      await edit.getByLabel("Description").fill("Before the repair");
      expect(await edit.locator("[data-counter-for=description]").textContent()).toBe("17 / 255");
      await edit.getByRole("button", { name: "Save" }).click();
      await edit.waitFor({ state: "hidden" });
      expect(await versionRows(page).nth(1).locator("[data-name]").textContent()).toBe("First survey");

      await versionRows(page).nth(1).getByRole("button", { name: "Remove «First survey»" }).click();
      const confirm = page.getByRole("dialog", { name: "Remove version" });
      expect(await confirm.textContent()).toContain("Remove the version «First survey»?");
      await confirm.getByRole("button", { name: "Remove" }).click();
      await confirm.waitFor({ state: "hidden" });
      expect(await versionRows(page).count()).toBe(1);
      expect(await page.getByRole("button", { name: "Compare" }).isVisible()).toBe(false);

      // The server has the same list.
      const versions = await call<{ name: string }[]>(moderatorCookie, "GET", `/docs/get-all-versions/${surveyId}`);
      expect(versions.map((v) => v.name)).toEqual(["survey-v2.docx"]);
      await context.close();
    },
    TIMEOUT,
  );
});

describe("a document without versions", () => {
  test(
    "says so; the moderator's first version (a PDF through the dialog) is shown at once",
    async () => {
      const item = await call<{ id: number }>(moderatorCookie, "POST", "/data/save", { project: { id: projectId }, dataType: "DOC", name: "Empty file" });
      const { page, context } = await pageAs(moderatorCookie);
      await page.goto(docPath(item.id));
      await page.locator("#versions-empty").waitFor();
      expect(await page.locator("#versions-empty").textContent()).toBe("This document has no versions yet.");
      expect(await page.locator("#viewer-stage").textContent()).toBe("This document has no versions yet.");
      expect(await page.getByRole("link", { name: "Download" }).count()).toBe(0);

      await page.getByRole("button", { name: "Add version" }).click();
      const dialog = page.getByRole("dialog", { name: "New version" });
      await dialog.getByLabel("File").setInputFiles({ name: "first.pdf", mimeType: "application/pdf", buffer: Buffer.from(makePdf([["First page"]])) });
      await dialog.getByRole("button", { name: "Upload" }).click();
      await page.waitForFunction(() => document.querySelectorAll("[data-pdf-pages] .pdf__page[data-rendered] canvas").length === 1);
      expect(await page.locator("#versions-empty").isVisible()).toBe(false);
      expect(await versionRows(page).locator("[data-name]").allTextContents()).toEqual(["first.pdf"]);

      // A file whose bytes do not match its name is refused, and the dialog says why.
      await page.getByRole("button", { name: "Add version" }).click();
      await dialog.getByLabel("File").setInputFiles({ name: "fake.pdf", mimeType: "application/pdf", buffer: Buffer.from("not a pdf") });
      await dialog.getByRole("button", { name: "Upload" }).click();
      await dialog.getByText("The file's content does not match its extension").waitFor();
      expect(await versionRows(page).count()).toBe(1);
      await context.close();
    },
    TIMEOUT,
  );
});

describe("the PDF viewer", () => {
  test(
    "draws the pages on canvases with thumbnails; zoom in steps 25%; pdf.js comes only with a PDF and its worker loads",
    async () => {
      const { page, context } = await pageAs(moderatorCookie);
      const scripts: string[] = [];
      const logs: string[] = [];
      page.on("request", (request) => scripts.push(new URL(request.url()).pathname));
      page.on("console", (msg) => logs.push(`${msg.type()}: ${msg.text()}`));
      await page.goto(docPath(pdfId));

      const pages = page.locator("[data-pdf-pages] .pdf__page");
      await page.waitForFunction(() => document.querySelectorAll("[data-pdf-pages] .pdf__page[data-rendered] canvas").length === 2);
      await page.waitForFunction(() => document.querySelectorAll("[data-pdf-thumbs] .pdf__thumb canvas").length === 2);
      expect(await pages.count()).toBe(2);
      const canvasWidth = await pages.first().locator("canvas").evaluate((c: HTMLCanvasElement) => c.width);
      expect(canvasWidth).toBeGreaterThan(500);
      // The drawn page has ink on it, not only white.
      const inked = await pages.first().locator("canvas").evaluate((c: HTMLCanvasElement) => {
        const data = c.getContext("2d")!.getImageData(0, 0, c.width, c.height).data;
        for (let i = 0; i < data.length; i += 4) if (data[i] < 128 && data[i + 3] > 0) return true;
        return false;
      });
      expect(inked).toBe(true);

      const scale = page.locator("#pdf-scale");
      expect(await scale.textContent()).toBe("100%");
      const before = (await pages.first().boundingBox())!.width;
      await page.getByRole("button", { name: "Zoom in" }).click();
      expect(await scale.textContent()).toBe("125%");
      expect(Math.round((await pages.first().boundingBox())!.width)).toBe(Math.round(before * 1.25));
      await page.getByRole("button", { name: "Zoom out" }).click();
      await page.getByRole("button", { name: "Zoom out" }).click();
      expect(await scale.textContent()).toBe("75%");

      await page.getByRole("button", { name: "Page 2" }).click();
      expect(await page.getByRole("button", { name: "Page 2" }).getAttribute("aria-current")).toBe("page");

      expect(scripts.some((path) => /\/_astro\/pdf\.worker\.min\.[\w-]+\.mjs$/.test(path))).toBe(true);
      expect(logs.filter((line) => /fake worker|Setting up fake/i.test(line))).toEqual([]);
      await context.close();
    },
    TIMEOUT,
  );

  test(
    "a DOCX page does not load pdf.js",
    async () => {
      const { page, context } = await pageAs(moderatorCookie);
      const scripts: string[] = [];
      page.on("request", (request) => request.resourceType() === "script" && scripts.push(new URL(request.url()).pathname));
      await page.goto(docPath(docxId));
      await page.locator("[data-docx-body] h1").first().waitFor();
      expect(scripts.filter((path) => /\/pdf\./.test(path))).toEqual([]);
      await context.close();
    },
    TIMEOUT,
  );
});

describe("versions of several types", () => {
  test(
    "get type tabs that filter the list; an image shows as a picture and any other file offers a download",
    async () => {
      const png = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="), (c) => c.charCodeAt(0));
      const [scan] = await upload(moderatorCookie, [{ name: "scan.pdf", bytes: makePdf([["Scanned copy"]]) }]);
      const [item] = await call<{ id: number }[]>(moderatorCookie, "POST", `/docs/save-all/${projectId}`, [{ path: scan.path, name: "Site photos", provider: "Survey office" }]);
      for (const file of [{ name: "pier.png", bytes: png }, { name: "notes.txt", bytes: new TextEncoder().encode("plain notes") }]) {
        const [staged] = await upload(moderatorCookie, [file]);
        await call(moderatorCookie, "POST", "/docs/add-doc-version", { data: { id: item.id }, path: staged.path });
      }

      const { page, context } = await pageAs(readerCookie);
      await page.goto(docPath(item.id));
      const tabs = page.getByRole("tablist", { name: "Document types" });
      expect(await tabs.getByRole("tab").allTextContents()).toEqual(["PDF", "Other"]);
      expect(await tabs.getByRole("tab", { name: "Other" }).getAttribute("aria-selected")).toBe("true");
      expect(await versionRows(page).locator("[data-name]").allTextContents()).toEqual(["notes.txt", "pier.png"]);
      const notice = page.getByText("This format cannot be shown here. Download the file to open it.");
      await notice.waitFor();
      expect(await page.locator("#viewer-stage").getByRole("link", { name: "Download" }).getAttribute("href")).toMatch(/^\/api\/files\/get-doc-version\/\d+$/);

      await versionRows(page).nth(1).locator("[data-select]").click();
      const img = page.locator("#viewer-stage img");
      await img.waitFor();
      expect(await img.getAttribute("src")).toMatch(/^\/api\/files\/get-doc-version\/\d+\?inline=1$/);
      await page.waitForFunction(() => (document.querySelector("#viewer-stage img") as HTMLImageElement | null)?.naturalWidth === 1);

      await tabs.getByRole("tab", { name: "PDF" }).click();
      expect(await versionRows(page).locator("[data-name]").allTextContents()).toEqual(["scan.pdf"]);
      expect(await versionRows(page).first().locator("[data-select]").getAttribute("aria-current")).toBe("true");
      await page.waitForFunction(() => document.querySelectorAll("[data-pdf-pages] .pdf__page[data-rendered] canvas").length === 1);
      // Arrow keys move between the tabs.
      await page.keyboard.press("ArrowRight");
      expect(await tabs.getByRole("tab", { name: "Other" }).getAttribute("aria-selected")).toBe("true");
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Other");
      await context.close();
    },
    TIMEOUT,
  );
});

describe("a plain member", () => {
  test(
    "sees no add, edit or remove buttons, and the server refuses add-doc-version with 403",
    async () => {
      const { page, context } = await pageAs(readerCookie);
      await page.goto(docPath(docxId));
      await page.locator("[data-docx-body] h1").first().waitFor();
      expect(await versionRows(page).count()).toBeGreaterThan(0);
      expect(await page.getByRole("button", { name: "Add version" }).count()).toBe(0);
      expect(await page.locator("[data-edit], [data-remove]").count()).toBe(0);
      expect(await page.locator("#add-dialog, #edit-dialog, #remove-dialog").count()).toBe(0);
      expect(await page.getByRole("link", { name: "Download" }).getAttribute("href")).toMatch(/^\/api\/files\/get-doc-version\/\d+$/);
      const status = await page.evaluate(async (dataId) => {
        const response = await fetch("/api/docs/add-doc-version", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ data: { id: dataId }, path: "nothing-staged" }),
        });
        return response.status;
      }, docxId);
      expect(status).toBe(403);
      await context.close();
    },
    TIMEOUT,
  );

  test(
    "a document of another project or an unknown id is not shown; a project the user is not in goes to /",
    async () => {
      const { page, context } = await pageAs(readerCookie);
      const missing = await page.goto(`${plexus.url}/project/${projectId}/doc/999999`);
      expect(missing!.status()).toBe(404);
      await page.goto(`${plexus.url}/project/999999/doc/${docxId}`);
      expect(new URL(page.url()).pathname).toBe("/");
      await context.close();
    },
    TIMEOUT,
  );
});

describe("narrow screens", () => {
  test(
    "at 360 px the side panel is a full-width section below the viewer and the thumbnails hide",
    async () => {
      const { page, context } = await pageAs(moderatorCookie, { viewport: { width: 360, height: 740 } });
      await page.goto(docPath(pdfId));
      await page.waitForFunction(() => document.querySelectorAll("[data-pdf-pages] .pdf__page[data-rendered]").length > 0);
      expect(await page.locator("[data-pdf-thumbs]").isVisible()).toBe(false);
      // A letter-size page starts scaled to the phone's width.
      expect(Number((await page.locator("#pdf-scale").textContent())!.replace("%", ""))).toBeLessThan(100);
      const sheet = (await page.locator("[data-pdf-pages]").boundingBox())!;
      expect((await page.locator(".pdf__page").first().boundingBox())!.width).toBeLessThanOrEqual(sheet.width);
      const viewer = (await page.locator("#doc-viewer").boundingBox())!;
      const side = (await page.locator("#doc-side").boundingBox())!;
      expect(side.y).toBeGreaterThanOrEqual(viewer.y + viewer.height);
      expect(Math.round(side.width)).toBe(Math.round(viewer.width));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await context.close();
    },
    TIMEOUT,
  );
});

describe("performance budget", () => {
  test(
    `the document page loads at most ${JS_BUDGET_GZIP / 1024} KiB of gzipped JavaScript at first, without pdf.js or the diff`,
    async () => {
      for (const [label, id] of [["DOCX", docxId], ["PDF", pdfId]] as const) {
        const { modules, gzipped: total } = await initialScripts(plexus.url, `/project/${projectId}/doc/${id}`, moderatorCookie);
        console.log(`document page with a ${label} selected: ${modules.size} initial files, ${total} bytes gzipped (budget ${JS_BUDGET_GZIP})`);
        expect(total).toBeLessThanOrEqual(JS_BUDGET_GZIP);
        expect([...modules.keys()].filter((url) => /\/(pdf|html-diff)\.[\w-]+\.m?js$/.test(url))).toEqual([]);
      }
      // What a PDF and a compare add on demand (the page chunk names them for its dynamic imports).
      const { modules } = await initialScripts(plexus.url, `/project/${projectId}/doc/${pdfId}`, moderatorCookie);
      const pageChunk = [...modules.values()].map((m) => m.text);
      // Named from the preload list (`_astro/…`) or, for a chunk with no dependencies of its own, beside the page chunk (`./…`).
      const lazyNames = [...new Set((pageChunk.join("\n").match(/(?:_astro\/|\.\/)(?:pdf|html-diff)\.[\w-]+\.js/g) ?? []).map((name) => `_astro/${name.replace(/^(?:_astro\/|\.\/)/, "")}`))];
      expect(lazyNames.length).toBe(2);
      for (const name of lazyNames) {
        const text = await (await fetch(`${plexus.url}/${name}`)).text();
        const worker = text.match(/pdf\.worker\.min\.[\w-]+\.mjs/)?.[0];
        const workerSize = worker ? Bun.gzipSync(new Uint8Array(await (await fetch(`${plexus.url}/_astro/${worker}`)).arrayBuffer())).byteLength : 0;
        console.log(`on demand: ${name} ${Bun.gzipSync(new TextEncoder().encode(text)).byteLength} bytes gzipped${worker ? `, worker ${worker} ${workerSize} bytes gzipped` : ""}`);
      }
    },
    TIMEOUT,
  );
});
