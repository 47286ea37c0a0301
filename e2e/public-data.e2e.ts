import { describe, expect, test } from "bun:test";
import { factories } from "../src/testing/factories";
import type { TestApp } from "../src/testing/harness";
import { browserSuite } from "./setup";

// The public data page (/public-data/{id}) in Debian's chromium against the built server, signed out: a table in
// a public category reads and pages, share and info work, a private item is the same 404 page as a missing one;
// a public chart is drawn when its table is public too, else says its table is not available.

const TIMEOUT = 60_000;
const suite = browserSuite();
let serial = 0;

function scene() {
  const f = factories({ db: suite.plexus.db } as TestApp);
  const project = f.project(`Open data ${++serial}`);
  const open = f.category(project.id, { name: "Published", isPublic: true });
  const closed = f.category(project.id, { name: "Internal" });
  const rows = Array.from({ length: 60 }, (_, i) => [`Well ${i + 1}`, i + 0.125, JSON.stringify([{ lat: 55.7, lon: 37.6, name: "w" }])]);
  const table = f.table(project.id, { name: "Water wells", headers: ["Well", "Depth", "url"], rows, categoryIds: [open.id] });
  const report = f.dataItem(project.id, { dataType: "REPORT", name: "Private findings", description: "Internal only", body: "<p>secret</p>" }, [closed.id]);
  return { f, project, open, closed, table, report };
}

const chartOn = (tableId: number) =>
  JSON.stringify({ name: "Depths", type: "BAR", showDetails: true, mainColumn: "cell_0", headers: [{ name: "Well", field: "cell_0", isValue: false }, { name: "Depth", field: "cell_1", isValue: true }], table: tableId });

describe("the public data page", () => {
  test(
    "signed out, a public table reads and pages; share copies the address; a private item is the 404 page of a missing one",
    async () => {
      const { table, report } = scene();
      const { page, context } = await suite.pageAs(undefined, { permissions: ["clipboard-read", "clipboard-write"] });
      const response = await page.goto(`${suite.plexus.url}/public-data/${table.id}`);
      expect(response!.status()).toBe(200);
      expect(response!.headers()["cache-control"]).toBe("public, max-age=60");
      expect(response!.headers()["set-cookie"]).toBeUndefined();
      await page.getByRole("heading", { level: 1, name: "Water wells" }).waitFor();
      const grid = page.getByRole("table");
      expect(await grid.getByRole("columnheader").allTextContents()).toEqual(["Well", "Depth"]);
      expect(await grid.getByRole("row").count()).toBe(51);
      expect(await grid.getByRole("row").nth(1).getByRole("cell").allTextContents()).toEqual(["Well 1", "0.125"]);
      expect(await page.content()).not.toContain("55.7");
      await page.getByText("Rows 1–50 of 60").waitFor();
      await page.getByRole("link", { name: "Next page" }).click();
      await page.getByText("Rows 51–60 of 60").waitFor();
      expect(await grid.getByRole("row").count()).toBe(11);

      // The search keeps the rows that hold the words.
      await page.getByRole("searchbox", { name: "Search in the data" }).fill("well 55");
      await page.getByText("Found: 1").waitFor();

      await page.getByRole("button", { name: "Share" }).click();
      await page.getByText("The link is copied").waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${suite.plexus.url}/public-data/${table.id}`);
      expect((await context.cookies()).map((c) => c.name)).toEqual(["plexus_locale"]);

      const missing = await page.goto(`${suite.plexus.url}/public-data/99999999`);
      const missingText = await page.locator("main, body").first().textContent();
      const hidden = await page.goto(`${suite.plexus.url}/public-data/${report.id}`);
      expect(hidden!.status()).toBe(404);
      expect(missing!.status()).toBe(404);
      expect(await page.locator("main, body").first().textContent()).toBe(missingText);
      expect(await page.content()).not.toContain("Private findings");
      expect(hidden!.headers()["cache-control"]).toBe(missing!.headers()["cache-control"]);
    },
    TIMEOUT,
  );

  test(
    "signed out, a public chart of a public table is drawn (numbers for screen readers, a legend); on a private table it says the table is not available, at 360 px too",
    async () => {
      const { f, project, open, closed, table } = scene();
      const chart = f.dataItem(project.id, { dataType: "CHART", name: "Well depths", value: chartOn(table.id) }, [open.id]);
      const { page } = await suite.pageAs();
      await page.goto(`${suite.plexus.url}/public-data/${chart.id}`);
      await page.getByRole("heading", { level: 1, name: "Well depths" }).waitFor();
      const canvas = page.locator("#pub-chart .chart__stage canvas");
      await canvas.waitFor();
      await page.waitForFunction(() => {
        const el = document.querySelector<HTMLCanvasElement>("#pub-chart canvas");
        if (!el || el.width === 0) return false;
        const pixels = el.getContext("2d")!.getImageData(0, 0, el.width, el.height).data;
        for (let i = 3; i < pixels.length; i += 4) if (pixels[i] !== 0) return true;
        return false;
      });
      expect(await canvas.getAttribute("aria-label")).toBe("Chart “Well depths”");
      expect(await canvas.locator("td").first().textContent()).toBe("0.125");
      await page.getByRole("button", { name: "Depth" }).click();
      expect(await page.getByRole("button", { name: "Depth" }).getAttribute("aria-pressed")).toBe("false");

      const secret = f.table(project.id, { name: "Internal wells", headers: ["Well", "Depth"], rows: [["Secret well", 99]], categoryIds: [closed.id] });
      const onSecret = f.dataItem(project.id, { dataType: "CHART", name: "Secret depths", value: chartOn(secret.id) }, [open.id]);
      await page.setViewportSize({ width: 360, height: 740 });
      await page.goto(`${suite.plexus.url}/public-data/${onSecret.id}`);
      await page.getByRole("alert").filter({ hasText: "The chart's table has been removed or is not available to you." }).waitFor();
      expect(await page.locator("#pub-chart canvas").count()).toBe(0);
      expect(await page.content()).not.toContain("Secret well");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    },
    TIMEOUT,
  );
});
