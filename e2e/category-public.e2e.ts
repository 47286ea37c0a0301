import { describe, expect, test } from "bun:test";
import { factories } from "../src/testing/factories";
import type { TestApp } from "../src/testing/harness";
import { browserSuite, islandsHydrated, projectWithModerator } from "./setup";

// The category page's 'Public: readable without signing in' switch in Debian's chromium: only a project
// administrator has it, switching on asks first and names the items that become public, and each item of a
// public category then has 'copy public link' (the clipboard, or the link shown selected where it refuses).

const TIMEOUT = 60_000;
const suite = browserSuite();

describe("making a category public", () => {
  test(
    "the administrator confirms the listed items, the items open signed out, and each has a copy-link action",
    async () => {
      const { projectId, adminCookie, moderatorCookie } = await projectWithModerator(suite.plexus, "Open bridges");
      const f = factories({ db: suite.plexus.db } as TestApp);
      const category = f.category(projectId, { name: "Inspections", type: "Stage" });
      const report = f.dataItem(projectId, { dataType: "REPORT", name: "Span 2 findings", body: "<p>bearings</p>" }, [category.id]);
      f.dataItem(projectId, { dataType: "REPORT", name: "Pier notes", body: "<p>piers</p>" }, [category.id]);
      const path = `${suite.plexus.url}/project/${projectId}/category/${category.id}`;
      const publicPage = () => fetch(`${suite.plexus.url}/public-data/${report.id}`).then((answer) => answer.status);

      const moderator = await suite.pageAs(moderatorCookie);
      await moderator.page.goto(path);
      await moderator.page.getByRole("heading", { level: 1, name: "Inspections" }).waitFor();
      expect(await moderator.page.getByRole("switch").count()).toBe(0);

      const { page } = await suite.pageAs(adminCookie, { permissions: ["clipboard-read", "clipboard-write"] });
      await page.goto(path);
      await islandsHydrated(page);
      const toggle = page.getByRole("switch", { name: "Public: readable without signing in" });
      expect(await toggle.isChecked()).toBe(false);
      expect(await page.getByRole("button", { name: /^Copy public link/ }).count()).toBe(0);

      await toggle.click();
      const question = page.getByRole("dialog", { name: "Make the category public?" });
      await question.waitFor();
      expect(await question.textContent()).toContain("(2)");
      expect(await question.getByRole("listitem").allTextContents()).toEqual(["Pier notes", "Span 2 findings"]);
      await question.getByRole("button", { name: "Cancel" }).click();
      await question.waitFor({ state: "detached" });
      expect(await toggle.isChecked()).toBe(false);
      expect(await publicPage()).toBe(404);

      await toggle.click();
      await question.getByRole("button", { name: "Make public" }).click();
      await page.getByText("The category is public").waitFor();
      await islandsHydrated(page);
      expect(await page.getByRole("switch", { name: "Public: readable without signing in" }).isChecked()).toBe(true);
      expect(await publicPage()).toBe(200);
      // The save kept what the switch does not touch.
      await page.getByText("Type: Stage").waitFor();

      await page.getByRole("button", { name: "Copy public link: Span 2 findings" }).click();
      await page.getByText("Public link copied").waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${suite.plexus.url}/public-data/${report.id}`);
    },
    TIMEOUT,
  );

  test(
    "where the clipboard refuses, the public link shows selected beside the button",
    async () => {
      const { projectId, adminCookie } = await projectWithModerator(suite.plexus, "Closed clipboard");
      const f = factories({ db: suite.plexus.db } as TestApp);
      const category = f.category(projectId, { name: "Published", isPublic: true });
      const item = f.dataItem(projectId, { dataType: "REPORT", name: "Annual report", body: "<p>year</p>" }, [category.id]);
      const { page, context } = await suite.pageAs(adminCookie);
      await context.addInitScript(() => {
        navigator.clipboard.writeText = () => Promise.reject(new DOMException("refused", "NotAllowedError"));
      });
      await page.goto(`${suite.plexus.url}/project/${projectId}/category/${category.id}`);
      await islandsHydrated(page);
      await page.getByRole("button", { name: "Copy public link: Annual report" }).click();
      const field = page.getByRole("textbox", { name: "Public link of Annual report" });
      await field.waitFor();
      expect(await field.inputValue()).toBe(`${suite.plexus.url}/public-data/${item.id}`);
      expect(await field.evaluate((input: HTMLInputElement) => input.selectionEnd! - input.selectionStart!)).toBe(`${suite.plexus.url}/public-data/${item.id}`.length);
    },
    TIMEOUT,
  );
});
