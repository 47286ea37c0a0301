import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page, Route } from "playwright-core";
import { makeDocx, makePdf } from "../src/lib/sample-documents";
import { saveCategory } from "../src/modules/categories/service";
import { saveDataItem } from "../src/modules/data/service";
import { initialScripts, scriptsFrom } from "../src/testing/script-size";
import { apiCall, apiSignIn, launchBrowser, signedInPage, startPlexus, type Plexus } from "./setup";

// The data list (/project/{id}/{dataType}) and the document upload wizard in Debian's chromium
// against the built server: paging by scrolling, filters and sort, the row menu and removed items,
// the detail panel with linked data, the wizard's two steps, what a plain member may not do, the
// narrow layout, unknown types and the page's script budget.

const TIMEOUT = 60_000;
const JS_BUDGET_GZIP = 50 * 1024;
const ITEMS = 25;

let plexus: Plexus;
let browser: Browser;
let projectId: number;
let moderator: Awaited<ReturnType<Plexus["newUser"]>>;
let moderatorCookie: string;
let readerCookie: string;
let adminCookie: string;
let files: { dir: string; docx: string; pdf: string };

const signIn = (login: string, password: string) => apiSignIn(plexus.url, login, password);

const call = <T = any>(cookie: string, method: string, path: string, body?: unknown) => apiCall<T>(plexus.url, cookie, method, path, body);

const two = (n: number) => String(n).padStart(2, "0");
const seedDoc = (name: string, extra: Partial<Parameters<typeof saveDataItem>[2]> = {}, project = projectId) =>
  saveDataItem(plexus.db, moderator, { dataType: "DOC", name, project: { id: project }, ...extra });

/** A project with the moderator and the plain user as members, two categories and the ITEMS reports; its id. */
async function seedProject(name: string): Promise<number> {
  const id = (await call(adminCookie, "POST", "/project/create", { name })).id;
  for (const [person, flag] of [[moderator, true], [plexus.user, false]] as const) {
    await call(adminCookie, "POST", "/project/add-user-project", { user: { id: person.id }, project: { id }, moderator: flag });
  }
  saveCategory(plexus.db, plexus.admin, { name: "Inspections", type: "Works", project: { id } });
  saveCategory(plexus.db, plexus.admin, { name: "Archive", project: { id } });
  for (let n = 1; n <= ITEMS; n++) {
    await seedDoc(
      `Report ${two(n)}`,
      {
        provider: n % 2 ? "North office" : "South office",
        status: n % 5 === 0 ? "CHECKED" : "NO_DATA",
        description: `Inspection report number ${n}`,
        shortDescription: n === 3 ? "Pier three" : undefined,
        keywords: n === 3 ? ["bridge", "piers"] : undefined,
      },
      id,
    );
  }
  return id;
}

beforeAll(async () => {
  [plexus, browser] = await Promise.all([startPlexus(), launchBrowser()]);
  // The project and its members through the API, the data items through the data service. Tests that
  // add items (the upload wizard) make a project of their own, so that every count here stays ITEMS.
  adminCookie = await signIn(plexus.admin.login, plexus.admin.password);
  moderator = await plexus.newUser({ firstName: "Mona", lastName: "Moderator" });
  projectId = await seedProject("Survey archive");
  moderatorCookie = await signIn(moderator.login, moderator.password);
  readerCookie = await signIn(plexus.user.login, plexus.user.password);

  const dir = mkdtempSync(join(tmpdir(), "plexus-data-e2e-"));
  files = { dir, docx: join(dir, "bridge-survey.docx"), pdf: join(dir, "load-test.pdf") };
  writeFileSync(files.docx, await makeDocx("Bridge survey", [{ heading: "Scope", paragraphs: ["Piers and deck."] }]));
  writeFileSync(files.pdf, makePdf([["Load test report", "Passed at 120% of design load."]]));
});

afterAll(async () => {
  await browser?.close();
  await plexus?.stop();
  if (files) rmSync(files.dir, { recursive: true, force: true });
});

const pageAs = (cookie: string, options: Parameters<typeof signedInPage>[3] = {}) =>
  signedInPage(browser, plexus.url, cookie, { viewport: { width: 1280, height: 560 }, ...options });

const listPath = (type = "doc", project = projectId) => `${plexus.url}/project/${project}/${type}`;
const rows = (page: Page) => page.locator("#dl-list > li");
const names = (page: Page) => page.locator("#dl-list [data-name]").allTextContents();
const countChip = (page: Page) => page.locator("#dl-count");
const rowNamed = (page: Page, name: string) => page.locator("#dl-list > li", { has: page.getByText(name, { exact: true }) });
const waitRows = (page: Page, n: number) =>
  page.waitForFunction((n) => document.querySelectorAll("#dl-list > li").length === n && !document.querySelector("#dl-loading:not([hidden])"), n);

async function scrollToEnd(page: Page) {
  await page.locator("#dl-sentinel").scrollIntoViewIfNeeded();
}

describe("the data list as a moderator", () => {
  test(
    "shows the first 10, pages in by scrolling up to 25 with a count chip, filters by name and sorts descending",
    async () => {
      const { page, context } = await pageAs(moderatorCookie);
      const response = await page.goto(listPath("DOC"));
      expect(response!.status()).toBe(200);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Documents");
      await page.waitForLoadState("networkidle");
      expect(await rows(page).count()).toBe(10);
      expect(await countChip(page).textContent()).toBe(String(ITEMS));
      expect((await names(page)).slice(0, 3)).toEqual(["Report 01", "Report 02", "Report 03"]);

      await scrollToEnd(page);
      await waitRows(page, 20);
      await scrollToEnd(page);
      await waitRows(page, ITEMS);
      await scrollToEnd(page);
      await page.waitForLoadState("networkidle");
      expect(await rows(page).count()).toBe(ITEMS);
      expect(await names(page)).toEqual(Array.from({ length: ITEMS }, (_, i) => `Report ${two(i + 1)}`));

      // Each row: the name, the status chip, the provider.
      const fifth = rowNamed(page, "Report 05");
      expect(await fifth.locator("[data-status]").textContent()).toBe("Checked");
      expect(await fifth.locator("[data-provider]").textContent()).toBe("North office");

      // The name filter waits for a pause in typing, then starts again from page 0.
      await page.getByLabel("Name", { exact: true }).fill("report 2");
      await page.waitForFunction(() => document.getElementById("dl-count")?.textContent === "6");
      await waitRows(page, 6);
      expect(await names(page)).toEqual(["Report 20", "Report 21", "Report 22", "Report 23", "Report 24", "Report 25"]);

      await page.getByLabel("Status", { exact: true }).selectOption("CHECKED");
      await page.waitForFunction(() => document.getElementById("dl-count")?.textContent === "2");
      expect(await names(page)).toEqual(["Report 20", "Report 25"]);
      await page.getByRole("button", { name: "Reset filters" }).click();
      await page.waitForFunction(() => document.getElementById("dl-count")?.textContent === "25");

      await page.getByLabel("Data source", { exact: true }).selectOption({ label: "South office" });
      await page.waitForFunction(() => document.getElementById("dl-count")?.textContent === "12");
      await page.getByLabel("Data source", { exact: true }).selectOption("");
      await page.waitForFunction(() => document.getElementById("dl-count")?.textContent === "25");

      // Descending order reverses the list.
      await page.evaluate(() => scrollTo(0, 0));
      await page.getByRole("button", { name: "Descending order" }).click();
      await page.waitForFunction(() => document.querySelector("#dl-list [data-name]")?.textContent === "Report 25");
      expect((await names(page)).slice(0, 3)).toEqual(["Report 25", "Report 24", "Report 23"]);
      expect(await page.getByRole("button", { name: "Descending order" }).getAttribute("aria-pressed")).toBe("true");
      await context.close();
    },
    TIMEOUT,
  );

  test(
    "a removed item shows struck through only with 'Show removed', and can be restored; details show linked data",
    async () => {
      const { page, context } = await pageAs(moderatorCookie);
      await page.goto(listPath());
      await page.waitForLoadState("networkidle");

      // The detail panel shows the selected item; links are added by search and removed.
      await rowNamed(page, "Report 03").locator("[data-select]").click();
      const detail = page.locator("#dl-detail");
      await detail.waitFor();
      expect(await detail.getByRole("heading", { level: 2 }).textContent()).toBe("Report 03");
      expect(await detail.locator("[data-d=description]").textContent()).toBe("Inspection report number 3");
      expect(await detail.locator("[data-d=shortDescription]").textContent()).toBe("Pier three");
      expect(await detail.locator("[data-d=provider]").textContent()).toBe("North office");
      expect(await detail.locator("[data-d=keywords] li").allTextContents()).toEqual(["bridge", "piers"]);
      expect(await detail.locator("[data-d=owner]").textContent()).toBe("Mona Moderator");
      await detail.getByText("No linked data yet.").waitFor();
      await detail.getByLabel("Link data: search by name").fill("report 07");
      await detail.getByRole("button", { name: "Link «Report 07»" }).click();
      await detail.getByRole("link", { name: "Report 07" }).waitFor();
      expect(await detail.getByRole("link", { name: "Report 07" }).getAttribute("href")).toBe(`/project/${projectId}/doc/${await idOf("Report 07")}`);
      await detail.getByRole("button", { name: "Unlink «Report 07»" }).click();
      await detail.getByText("No linked data yet.").waitFor();
      await detail.getByRole("button", { name: "Close details" }).click();
      expect(await detail.isHidden()).toBe(true);

      // Remove through the row menu: the row leaves the list once the server has answered.
      const menuButton = rowNamed(page, "Report 05").getByRole("button", { name: "Actions for «Report 05»" });
      expect(await menuButton.getAttribute("aria-haspopup")).toBe("menu");
      await menuButton.click();
      const menu = page.getByRole("menu");
      expect(await menu.getByRole("menuitem").allTextContents()).toEqual(["Open", "Remove"]);
      expect(await menu.getByRole("menuitem", { name: "Open" }).getAttribute("href")).toBe(`/project/${projectId}/doc/${await idOf("Report 05")}`);
      await menu.getByRole("menuitem", { name: "Remove" }).click();
      await page.getByText("Data removed").waitFor();
      await page.waitForFunction(() => document.getElementById("dl-count")?.textContent === "24");
      expect(await rowNamed(page, "Report 05").count()).toBe(0);

      await page.getByLabel("Show removed").check();
      await page.waitForFunction(() => document.getElementById("dl-count")?.textContent === "25");
      const removed = rowNamed(page, "Report 05");
      await removed.waitFor();
      expect(await removed.locator("[data-name]").evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe("line-through");
      expect(await rowNamed(page, "Report 04").locator("[data-name]").evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe("none");

      // Restore through the menu (which now offers it and no removal); a moderator may not delete forever.
      await removed.getByRole("button", { name: "Actions for «Report 05»" }).click();
      expect(await menu.getByRole("menuitem").allTextContents()).toEqual(["Open", "Restore"]);
      await page.keyboard.press("ArrowDown");
      await page.keyboard.press("Enter");
      await page.getByText("Data restored").waitFor();
      await page.waitForFunction(() => !document.querySelector("#dl-list > li.is-inactive"));
      await context.close();
    },
    TIMEOUT,
  );

  test(
    "an administrator deletes a removed item forever after confirming",
    async () => {
      const obsolete = seedDoc("Obsolete draft");
      await call(moderatorCookie, "GET", `/data/remove?id=${obsolete.id}`);
      const { page, context } = await pageAs(adminCookie);
      await page.goto(listPath());
      await page.getByLabel("Show removed").check();
      await page.getByLabel("Name", { exact: true }).fill("obsolete");
      await page.waitForFunction(() => document.getElementById("dl-count")?.textContent === "1");
      await rowNamed(page, "Obsolete draft").getByRole("button", { name: "Actions for «Obsolete draft»" }).click();
      expect(await page.getByRole("menu").getByRole("menuitem").allTextContents()).toEqual(["Open", "Restore", "Delete forever"]);
      await page.getByRole("menuitem", { name: "Delete forever" }).click();
      const confirm = page.getByRole("dialog", { name: "Please confirm" });
      expect(await confirm.getByText("Delete «Obsolete draft» forever? This cannot be undone.").isVisible()).toBe(true);
      await confirm.getByRole("button", { name: "Delete forever" }).click();
      await page.getByText("Data deleted forever").waitFor();
      await page.waitForFunction(() => document.getElementById("dl-count")?.textContent === "0");
      expect(await page.locator("#dl-empty").textContent()).toContain("Nothing matches the filters.");
      expect(await call(adminCookie, "POST", `/data/find-pageable-search-result?type=DOC&projectId=${projectId}`, { criteria: [{ name: "name", value: "Obsolete" }] })).toEqual({
        content: [],
        totalElements: 0,
      });
      await context.close();
    },
    TIMEOUT,
  );
});

async function idOf(name: string): Promise<number> {
  const page = await call<{ content: { id: number }[] }>(adminCookie, "POST", `/data/find-pageable-search-result?type=DOC&projectId=${projectId}`, {
    criteria: [{ name: "name", value: name }],
  });
  return page.content[0].id;
}

describe("the document upload wizard", () => {
  test(
    "uploads as files are chosen, enables Next when both are done, needs a data source for each, then lists the new documents",
    async () => {
      const ownProject = await seedProject("Wizard archive");
      const { page, context } = await pageAs(moderatorCookie, { language: "ru" });
      await page.goto(listPath("doc", ownProject));
      // Hold the uploads so the wizard's waiting state can be seen.
      const held: Route[] = [];
      const bothHeld = Promise.withResolvers<void>();
      await page.route("**/api/files/save", (route) => {
        if (held.push(route) === 2) bothHeld.resolve();
      });

      await page.locator("#dl-create").click();
      const wizard = page.locator("#upload-wizard");
      await wizard.waitFor();
      await wizard.getByLabel("Inspections").check();
      await page.locator("#wizard-files").setInputFiles([files.docx, files.pdf]);
      const fileRows = wizard.locator("[data-wizard-files] > li");
      expect(await fileRows.count()).toBe(2);
      const next = wizard.locator("[data-wizard-next]");
      await page.waitForFunction(() => document.querySelectorAll("#upload-wizard [data-wizard-files] > li[data-state=uploading], #upload-wizard [data-wizard-files] > li[data-state=converting]").length === 2);
      expect(await next.isDisabled()).toBe(true);

      await bothHeld.promise;
      await held.shift()!.continue();
      await page.waitForFunction(() => document.querySelectorAll("#upload-wizard li[data-state=done]").length === 1);
      expect(await next.isDisabled()).toBe(true);
      await held.shift()!.continue();
      await page.waitForFunction(() => document.querySelectorAll("#upload-wizard li[data-state=done]").length === 2);
      expect(await next.isEnabled()).toBe(true);
      await page.unroute("**/api/files/save");

      await next.click();
      const forms = wizard.locator("[data-wizard-forms] > fieldset");
      expect(await forms.count()).toBe(2);
      expect(await forms.nth(0).locator("[data-field=name]").inputValue()).toBe("bridge-survey");
      expect(await forms.nth(1).locator("[data-field=name]").inputValue()).toBe("load-test");
      // Labels are tied to their fields.
      expect(await forms.nth(0).getByLabel("Источник данных").count()).toBe(1);

      // Saving without a data source: the spec's message, and both forms marked.
      await wizard.locator("[data-wizard-save]").click();
      const error = wizard.locator("[data-wizard-error]");
      await error.waitFor();
      expect(await error.textContent()).toBe("Часть документов не имеет источника данных");
      expect(await wizard.locator("[data-field=provider][aria-invalid=true]").count()).toBe(2);

      await forms.nth(0).locator("[data-field=provider]").fill("Survey office");
      await forms.nth(0).locator("[data-field=keywords]").fill("bridge, survey");
      await forms.nth(0).locator("[data-field=description]").fill("Yearly inspection");
      expect(await forms.nth(0).locator("[data-counter]").textContent()).toBe("17 / 1024");
      await forms.nth(1).locator("[data-field=provider]").fill("Lab");
      await forms.nth(1).locator("[data-field=status]").selectOption("CHECKED");
      await wizard.locator("[data-wizard-save]").click();
      await wizard.waitFor({ state: "hidden" });
      await page.waitForFunction(() => document.getElementById("dl-count")?.textContent === "27");
      expect((await names(page)).slice(0, 2)).toEqual(["bridge-survey", "load-test"]);
      expect(await rowNamed(page, "load-test").locator("[data-status]").textContent()).toBe("Проверено");

      // The new documents carry the category and the new data source, which the filter now offers.
      await page.getByLabel("Источник данных", { exact: true }).selectOption({ label: "Survey office" });
      await page.waitForFunction(() => document.getElementById("dl-count")?.textContent === "1");
      await page.getByLabel("Источник данных", { exact: true }).selectOption("");
      await page.getByLabel("Категория", { exact: true }).selectOption({ label: "Works: Inspections" });
      await page.waitForFunction(() => document.getElementById("dl-count")?.textContent === "2");
      await context.close();
    },
    TIMEOUT,
  );

  test(
    "a file the server cannot read shows its error and can be removed",
    async () => {
      const broken = join(files.dir, "broken.pdf");
      const whole = makePdf([["Cut short"]]);
      writeFileSync(broken, whole.slice(0, whole.length - 40));
      const { page, context } = await pageAs(moderatorCookie, { language: "ru" });
      await page.goto(listPath());
      await page.locator("#dl-create").click();
      await page.locator("#wizard-files").setInputFiles([broken, files.pdf]);
      const failed = page.locator("#upload-wizard li[data-state=failed]");
      await failed.waitFor();
      expect(await failed.locator("[data-file-status]").textContent()).toBe("Ошибка чтения файла");
      await page.waitForFunction(() => document.querySelectorAll("#upload-wizard li[data-state=done]").length === 1);
      const next = page.locator("#upload-wizard [data-wizard-next]");
      expect(await next.isDisabled()).toBe(true);
      await failed.getByRole("button", { name: "Убрать «broken.pdf»" }).click();
      expect(await next.isEnabled()).toBe(true);
      await page.locator("#upload-wizard [data-wizard-cancel]").last().click();
      expect(await page.locator("#upload-wizard").isHidden()).toBe(true);
      await context.close();
    },
    TIMEOUT,
  );
});

describe("the data list as a plain member", () => {
  test(
    "has no create button and no remove actions, and the server refuses a removal with 403",
    async () => {
      const { page, context } = await pageAs(readerCookie);
      await page.goto(listPath());
      await page.waitForLoadState("networkidle");
      expect(await countChip(page).textContent()).toBe(String(ITEMS));
      expect(await page.locator("#dl-create").count()).toBe(0);
      expect(await page.getByLabel("Show removed").count()).toBe(0);
      await rows(page).first().getByRole("button", { name: /^Actions for/ }).click();
      expect(await page.getByRole("menu").getByRole("menuitem").allTextContents()).toEqual(["Open"]);
      await page.keyboard.press("Escape");
      expect(await page.getByRole("menu").isHidden()).toBe(true);

      // Linked data is shown to plain members only when there is some.
      await rows(page).first().locator("[data-select]").click();
      await page.locator("#dl-detail").waitFor();
      await page.waitForLoadState("networkidle");
      expect(await page.locator("#dl-detail [data-d-links]").isHidden()).toBe(true);

      const id = await idOf("Report 01");
      const status = await page.evaluate((id) => fetch(`/api/data/remove?id=${id}`).then((r) => r.status), id);
      expect(status).toBe(403);
      await context.close();
    },
    TIMEOUT,
  );
});

describe("the page itself", () => {
  test(
    "works at 360 px with the filters behind a toggle; an unknown type is the 404 page; the script stays in budget",
    async () => {
      const { page, context } = await pageAs(moderatorCookie, { viewport: { width: 360, height: 740 } });
      await page.goto(listPath());
      const filters = page.locator("#dl-filters");
      expect(await filters.isVisible()).toBe(false);
      const toggle = page.getByRole("button", { name: "Filters", exact: true });
      await toggle.click();
      expect(await filters.isVisible()).toBe(true);
      expect(await toggle.getAttribute("aria-expanded")).toBe("true");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await rows(page).first().locator("[data-select]").press("Enter");
      await page.locator("#dl-detail").waitFor();
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("dl-detail-title");
      await page.keyboard.press("Escape");
      expect(await page.locator("#dl-detail").isHidden()).toBe(true);

      const missing = await page.goto(`${plexus.url}/project/${projectId}/nonsense`);
      expect(missing!.status()).toBe(404);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Page not found");
      const elsewhere = await page.goto(`${plexus.url}/project/999999/doc`);
      expect(new URL(elsewhere!.url()).pathname).toBe("/");

      const { gzipped, modules: seen } = await initialScripts(plexus.url, listPath().replace(plexus.url, ""), moderatorCookie);
      console.log(`data list page: ${seen.size} modules, ${(gzipped / 1024).toFixed(1)} KB gzipped`);
      // The wizard's chunk, loaded when the create button is first pressed.
      let wizard = 0;
      for (const [url, { text }] of seen) {
        for (const [, dep] of text.matchAll(/import\(\s*[`"']([^`"']*upload-wizard[^`"']*)[`"']\s*\)/g)) wizard += (await scriptsFrom(url, [dep!])).gzipped;
      }
      console.log(`upload wizard on demand: ${(wizard / 1024).toFixed(1)} KB gzipped`);
      expect(wizard).toBeGreaterThan(0);
      expect(seen.size).toBeGreaterThan(0);
      expect(gzipped).toBeLessThanOrEqual(JS_BUDGET_GZIP);
      await context.close();
    },
    TIMEOUT,
  );
});
