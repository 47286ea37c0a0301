import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { signedInPage } from "./setup";
import { taskSuite } from "./task-suite";

// Issue 20, tasks as a project lead runs them (part A) in Debian's chromium: the board's counts and
// pages per column over more tasks than a page, the phone board at 360 px, a template value edited
// in place and shown as a list column, a project's own template made by its moderator.

const TIMEOUT = 120_000;

const suite = taskSuite(TIMEOUT);
const { call, lead } = suite;

/** `n` tasks named `<prefix> <i>` in `status`. */
async function tasks(cookie: string, projectId: number, prefix: string, n: number, status = "OPEN") {
  for (let i = 1; i <= n; i++) {
    const made = await call(cookie, "POST", "/issue/save", { name: `${prefix} ${i}`, project: { id: projectId } });
    if (status !== "OPEN") await call(cookie, "POST", `/issue/change-status?id=${made.id}&status=${status}`);
  }
}

async function openBoard(page: Page, projectId: number) {
  await page.goto(`${suite.plexus.url}/project/${projectId}/issue`);
  await page.locator("#tl-count").waitFor();
  await page.getByRole("button", { name: "Board" }).click();
  await page.locator('#tl-board[aria-busy="false"]').waitFor();
}

const column = (page: Page, status: string) => page.locator(`.tb-col[data-status="${status}"]`);

describe("the board and template values in the browser", () => {
  test(
    "with 33 open tasks the board counts 33, shows 10, and the open column loads its next page by itself",
    async () => {
      const { cookie, projectId } = await lead("Board counts");
      await tasks(cookie, projectId, "Pour", 33);
      await tasks(cookie, projectId, "Cure", 2, "DONE");
      const { page, context } = await signedInPage(suite.browser, suite.plexus.url, cookie);
      await openBoard(page, projectId);
      expect(await column(page, "OPEN").locator(".tb-n").textContent()).toBe("33");
      expect(await column(page, "DONE").locator(".tb-n").textContent()).toBe("2");
      expect(await column(page, "OPEN").locator(".tb-card").count()).toBe(10);
      await column(page, "OPEN").getByRole("button", { name: "Show more (23 left)" }).click();
      await column(page, "OPEN").getByRole("button", { name: "Show more (13 left)" }).waitFor();
      expect(await column(page, "OPEN").locator(".tb-card").count()).toBe(20);
      expect(await column(page, "DONE").locator(".tb-card").count()).toBe(2);
      // The filters sit in a bar above the board, which takes the page's width; a filter narrows every column.
      const filters = await page.locator("#tl-filters").boundingBox();
      const board = await page.locator("#tl-board").boundingBox();
      expect(filters!.y + filters!.height).toBeLessThanOrEqual(board!.y);
      expect(board!.width).toBeGreaterThan(1000);
      await page.getByLabel("Name", { exact: true }).fill("Pour 3");
      await page.getByLabel("Name", { exact: true }).press("Enter");
      await page.waitForFunction(() => document.querySelector('.tb-col[data-status="OPEN"] .tb-n')?.textContent === "5");
      expect(await column(page, "DONE").locator(".tb-n").textContent()).toBe("0");
      await context.close();
    },
    TIMEOUT,
  );

  test(
    "at 360 px the board shows one column at a time, picked by the status switcher, with no sideways scrolling",
    async () => {
      const { cookie, projectId } = await lead("Phone board");
      await tasks(cookie, projectId, "Rebar", 3);
      await tasks(cookie, projectId, "Strip", 1, "DONE");
      const { page, context } = await signedInPage(suite.browser, suite.plexus.url, cookie, { viewport: { width: 360, height: 740 } });
      await openBoard(page, projectId);
      expect(await column(page, "OPEN").isVisible()).toBe(true);
      expect(await column(page, "DONE").isVisible()).toBe(false);
      const switcher = page.getByRole("group", { name: "Column shown" });
      await switcher.getByRole("button", { name: /Done/ }).click();
      await column(page, "DONE").getByText("Strip 1").waitFor();
      expect(await column(page, "OPEN").isVisible()).toBe(false);
      expect(await switcher.getByRole("button", { name: /Done/ }).getAttribute("aria-pressed")).toBe("true");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      const box = await column(page, "DONE").boundingBox();
      expect(box!.width).toBeGreaterThan(300);
      await context.close();
    },
    TIMEOUT,
  );

  test(
    "a moderator makes the project's template with reordered fields; a value edited in place is checked, saved and shown as a list column",
    async () => {
      const { cookie, projectId } = await lead("Field edits");
      const { page, context } = await signedInPage(suite.browser, suite.plexus.url, cookie);
      await page.goto(`${suite.plexus.url}/project/${projectId}/home`);
      await page.getByRole("link", { name: "Task templates" }).first().click();
      await page.getByRole("heading", { name: "The project's task templates" }).waitFor();
      await page.getByRole("button", { name: "New template" }).click();
      const dialog = page.getByRole("dialog", { name: "New template" });
      await dialog.getByLabel("Name", { exact: true }).fill("Pour");
      for (const name of ["Volume", "Grade"]) {
        await dialog.getByRole("button", { name: "Add a field" }).click();
        await dialog.getByLabel("Field name").last().fill(name);
      }
      await dialog.getByLabel("Type").last().selectOption("LIST");
      await dialog.getByLabel("Options, separated by commas").last().fill("C25, C30");
      await dialog.getByLabel("Type").first().selectOption("NUMBER");
      await dialog.getByRole("button", { name: "Move «Grade» up" }).click();
      expect(await dialog.getByLabel("Field name").evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))).toEqual(["Grade", "Volume"]);
      expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Move «Grade» down");
      await dialog.getByRole("button", { name: "Save" }).click();
      await page.getByText("Template saved").waitFor();
      const [template] = await call(cookie, "GET", `/issue-template/get-all?projectId=${projectId}`);
      expect(template.fields.map((f: { name: string }) => f.name)).toEqual(["Grade", "Volume"]);

      const task = await call(cookie, "POST", "/issue/save", { name: "Pour slab 3", project: { id: projectId }, template: { id: template.id }, additionalFields: { Grade: "C25", Volume: 12.5 } });
      await page.goto(`${suite.plexus.url}/project/${projectId}/issue/${task.id}`);
      const fields = page.getByRole("definition").filter({ hasText: "12.5" });
      await fields.waitFor();
      await page.getByRole("button", { name: "Edit «Volume»" }).click();
      const editor = page.locator(".td-field-edit");
      await page.getByLabel("Volume", { exact: true }).fill("twelve");
      await editor.getByRole("button", { name: "Save" }).click();
      await page.getByText("This is not a number").waitFor();
      await page.getByLabel("Volume", { exact: true }).fill("14.75");
      await editor.getByRole("button", { name: "Save" }).click();
      await page.getByText("Value saved").waitFor();
      await page.getByRole("definition").filter({ hasText: "14.75" }).waitFor();
      expect((await call(cookie, "GET", `/issue/get?id=${task.id}`)).additionalFields).toEqual({ Grade: "C25", Volume: 14.75 });

      await page.goto(`${suite.plexus.url}/project/${projectId}/issue`);
      await page.getByRole("checkbox", { name: "Grade" }).check();
      await page.locator('.tl-row[data-id] [data-column="Grade"]').getByText("C25").waitFor();
      await context.close();
    },
    TIMEOUT,
  );

  test(
    "the creation dialog with a long template fits the screen at 1280x720 and at 360 px: it scrolls inside, its button in view, and offers the global and the project's templates",
    async () => {
      const { cookie, projectId } = await lead("Long template");
      const fields = Array.from({ length: 14 }, (_, i) => ({ name: `Reading ${i + 1}`, type: "STRING" }));
      await call(suite.adminCookie, "POST", "/issue-template/save", { name: "Global survey", fields });
      await call(cookie, "POST", "/issue-template/save", { name: "Site survey", project: { id: projectId }, fields });
      for (const viewport of [{ width: 1280, height: 720 }, { width: 360, height: 740 }]) {
        const { page, context } = await signedInPage(suite.browser, suite.plexus.url, cookie, { viewport });
        await page.goto(`${suite.plexus.url}/project/${projectId}/issue`);
        await page.getByRole("button", { name: "New task" }).click();
        const dialog = page.getByRole("dialog", { name: "New task" });
        const offered = await dialog.getByLabel("Template").locator("option").allTextContents();
        expect(offered).toEqual(expect.arrayContaining(["Global survey", "Site survey"]));
        await dialog.getByLabel("Template").selectOption({ label: "Site survey" });
        await dialog.getByLabel("Reading 14").waitFor();
        const box = (await dialog.boundingBox())!;
        expect(box.y).toBeGreaterThanOrEqual(0);
        expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
        expect(await dialog.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
        const create = (await dialog.getByRole("button", { name: "New task" }).boundingBox())!;
        expect(create.y + create.height).toBeLessThanOrEqual(box.y + box.height);
        await dialog.getByLabel("Reading 14").scrollIntoViewIfNeeded();
        expect(await dialog.getByRole("button", { name: "New task" }).isVisible()).toBe(true);
        await context.close();
      }
    },
    TIMEOUT,
  );
});
