import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { en } from "../locales/en";
import { ownPageHeaders } from "../src/testing/own-page";
import { apiCall, apiSignIn, browserSuite, islandsHydrated } from "./setup";

// Opening a search hit in Debian's chromium: the words of the query, in any order, are highlighted on the page it
// opens (a report, a task) and the first is scrolled into view.

const TIMEOUT = 120_000;
const suite = browserSuite();

/** The texts the page highlights as search hits, and whether the first is inside the window. */
const highlighted = (page: Page) =>
  page.evaluate(() => {
    const ranges = [...(CSS.highlights.get("search-hit") ?? [])] as Range[];
    const first = ranges[0]?.getBoundingClientRect();
    return { words: ranges.map((range) => range.toString().toLowerCase()), firstInView: !!first && first.top >= 0 && first.bottom <= innerHeight };
  });

async function openHit(page: Page, query: string, name: RegExp) {
  await page.goto(`${suite.plexus.url}/`);
  await islandsHydrated(page);
  // The sheet's code loads on the first open, slowly on a busy machine; a key pressed before the shell listens is pressed again.
  const sheet = page.getByRole("dialog", { name: en["search.title"] });
  for (let tries = 0; tries < 3 && !(await sheet.isVisible()); tries++) {
    await page.keyboard.press("Control+KeyS");
    await sheet.waitFor({ timeout: 15_000 }).catch(() => undefined);
  }
  await page.getByRole("radio", { name: en["search.byContent"] }).check();
  await page.getByLabel(en["search.query"]).fill(query);
  const card = page.getByRole("dialog", { name: en["search.title"] }).getByRole("link", { name });
  await card.click();
}

describe("opening a search hit", () => {
  test(
    "a report found by 'span bearings' opens with both words highlighted and the first in view; so does a task",
    async () => {
      const cookie = await apiSignIn(suite.plexus.url, suite.plexus.admin.login, suite.plexus.admin.password);
      const projectId = (await apiCall(suite.plexus.url, cookie, "POST", "/project/create", { name: "Highlight bridge" })).id;
      const filler = Array.from({ length: 60 }, (_, i) => `<p>Routine paragraph ${i} about the deck.</p>`).join("");
      const report = await apiCall(suite.plexus.url, cookie, "POST", "/data/save", {
        dataType: "REPORT",
        name: "Weekly inspection",
        project: { id: projectId },
        body: `${filler}<p>Inspect the bearings on span 2.</p>`,
      });
      const { page } = await suite.pageAs(cookie);
      await openHit(page, "span bearings", /Weekly inspection/);
      await page.waitForURL(`${suite.plexus.url}/project/${projectId}/report/${report.id}#hl=span%20bearings`);
      await page.waitForFunction(() => (CSS.highlights.get("search-hit")?.size ?? 0) > 0);
      const shown = await highlighted(page);
      expect(new Set(shown.words)).toEqual(new Set(["bearings", "span"]));
      expect(shown.firstInView).toBe(true);

      const task = await apiCall(suite.plexus.url, cookie, "POST", "/issue/save", { name: "Grease the rollers", project: { id: projectId }, description: JSON.stringify({ time: 1, blocks: [{ type: "paragraph", data: { text: "The rollers of the west abutment squeak." } }], version: "2.28.2" }) });
      const other = (await suite.pageAs(cookie)).page;
      await openHit(other, "abutment rollers", /Grease the rollers/);
      await other.waitForURL(new RegExp(`/project/${projectId}/issue/${task.id}#hl=`));
      await other.waitForFunction(() => (CSS.highlights.get("search-hit")?.size ?? 0) > 0);
      expect(new Set((await highlighted(other)).words)).toEqual(new Set(["rollers", "abutment"]));
    },
    TIMEOUT,
  );

  test(
    "a table whose hit is in row 1,734 of 2,400 opens at that row, marked, with the words highlighted",
    async () => {
      const cookie = await apiSignIn(suite.plexus.url, suite.plexus.admin.login, suite.plexus.admin.password);
      const projectId = (await apiCall(suite.plexus.url, cookie, "POST", "/project/create", { name: "Concrete tests" })).id;
      const lines = ["Куб;Прочность;Примечание"];
      for (let i = 1; i <= 2400; i++) lines.push(`К-${i};${30 + (i % 9)},5;${i === 1734 ? "Трещина у закладной детали" : "без замечаний"}`);
      const form = new FormData();
      form.append("name", "Испытания кубов");
      form.append("file", new File([lines.join("\r\n")], "cubes.csv"));
      const imported = await fetch(`${suite.plexus.url}/api/table/save-for-project/${projectId}`, { method: "POST", headers: { cookie, ...ownPageHeaders(suite.plexus.url) }, body: form });
      expect(imported.status).toBe(200);
      const tableId = ((await imported.json()) as { id: number }).id;
      const { page } = await suite.pageAs(cookie);
      await openHit(page, "закладная трещина", /Испытания кубов/);
      await page.waitForURL(new RegExp(`/project/${projectId}/table/${tableId}#hl=`));
      const found = page.locator(".tv__row.is-found");
      await found.waitFor();
      expect(await found.getAttribute("aria-rowindex")).toBe(String(1734 + 1));
      const cells = await found.locator("td[data-col] .tv__value").allTextContents();
      expect([cells[0], cells[2]]).toEqual(["К-1734", "Трещина у закладной детали"]);
      const scroller = (await page.locator(".tv__scroll").boundingBox())!;
      const row = (await found.boundingBox())!;
      expect(row.y).toBeGreaterThanOrEqual(scroller.y);
      expect(row.y + row.height).toBeLessThanOrEqual(scroller.y + scroller.height);
      await page.waitForFunction(() => (CSS.highlights.get("search-hit")?.size ?? 0) > 0);
      expect(new Set((await highlighted(page)).words)).toEqual(new Set(["трещина", "закладной"]));
    },
    TIMEOUT,
  );
});
