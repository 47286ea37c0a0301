import { describe, expect, test } from "bun:test";
import type { Locator, Page } from "playwright-core";
import { createTable } from "../src/modules/tables/service";
import { apiCall, browserSuite, projectWithModerator } from "./setup";

// A chart that summarises a real table, in Debian's chromium against the built server: a moderator makes a pie of
// the sum of costs by supplier over 320 deliveries with the wizard's defaults, and gets one slice per supplier;
// the chart fills its page and its dashboard tile, with the legend inside, at 1280 and 360 px.

const TIMEOUT = 90_000;
const suite = browserSuite();

const SUPPLIERS = ["Бетонстрой", "Северный ЖБИ", "Арматура-М", "СтальКом", "Гранит", "Опалубка+", "ТрансЛес", "Кирпичный двор", "УралЦемент", "Метиз", "Стройснаб", "Вектор"];

/** 320 deliveries: a date, a supplier (i % 12), a cost with a decimal comma, a note. */
async function scene(name: string) {
  const { projectId, moderator, moderatorCookie } = await projectWithModerator(suite.plexus, name);
  const rows = Array.from({ length: 320 }, (_, i) => [`${String(1 + (i % 28)).padStart(2, "0")}.${String(1 + (i % 12)).padStart(2, "0")}.2026`, SUPPLIERS[i % 12]!, `${1000 + i * 7},25`, i % 9 ? "" : "late"]);
  const table = suite.plexus.db.transaction((tx) => createTable(tx, moderator, projectId, { name: "Поставки", headers: ["Дата", "Поставщик", "Стоимость", "Примечание"], rows }));
  return { projectId, table, moderatorCookie, rows };
}

/** The chart's numbers as the page gives them to screen readers: the canvas' fallback table, label by value. */
const drawnRows = (scope: Locator) =>
  scope.locator("canvas tbody tr").evaluateAll((rows) => rows.map((row) => [row.querySelector("th")!.textContent!, row.querySelector("td")!.textContent!]));

async function waitPainted(page: Page, selector: string) {
  await page.waitForFunction((sel) => {
    const el = document.querySelector<HTMLCanvasElement>(sel);
    if (!el || el.width === 0) return false;
    const pixels = el.getContext("2d")!.getImageData(0, 0, el.width, el.height).data;
    for (let i = 3; i < pixels.length; i += 4) if (pixels[i] !== 0) return true;
    return false;
  }, selector);
}

/** The box of `inner` lies inside the box of `outer` (to the pixel). */
async function expectInside(inner: Locator, outer: Locator) {
  const a = (await inner.boundingBox())!;
  const b = (await outer.boundingBox())!;
  expect({ left: a.x >= b.x - 1, top: a.y >= b.y - 1, right: a.x + a.width <= b.x + b.width + 1, bottom: a.y + a.height <= b.y + b.height + 1 }).toEqual({ left: true, top: true, right: true, bottom: true });
}

describe("a chart that summarises", () => {
  test(
    "the wizard's pie of the sum of costs by supplier over 320 rows has one slice per supplier, and fills its page and its tile",
    async () => {
      const s = await scene("Pie by supplier");
      const { page } = await suite.pageAs(s.moderatorCookie, { viewport: { width: 1280, height: 800 } });
      await page.goto(`${suite.plexus.url}/project/${s.projectId}/table/${s.table.id}`);
      await page.getByRole("button", { name: "Add chart" }).click();
      const wizard = page.getByRole("dialog", { name: "New chart" });
      await wizard.getByText("Table: Поставки").waitFor();
      // The defaults: the first column that is no number as labels (the date), the sum of the number column alone.
      expect(await wizard.getByLabel("Labels column").locator("option:checked").textContent()).toBe("Дата");
      expect(await wizard.getByLabel("Each label shows").inputValue()).toBe("SUM");
      expect(await wizard.getByRole("checkbox").evaluateAll((boxes) => boxes.filter((b) => (b as HTMLInputElement).value.startsWith("cell_")).map((b) => [b.parentElement!.textContent!.trim(), (b as HTMLInputElement).checked]))).toEqual([["Стоимость", true]]);
      await wizard.getByLabel("Group the dates by").waitFor();
      await wizard.getByLabel("Chart type").selectOption({ label: "Pie" });
      await wizard.getByLabel("Labels column").selectOption({ label: "Поставщик" });
      expect(await wizard.getByLabel("Group the dates by").count()).toBe(0);
      await page.waitForFunction(() => document.querySelectorAll(".chart-wizard__preview canvas tbody tr").length === 12);
      await wizard.getByRole("button", { name: "Next" }).click();
      await wizard.getByLabel("Name").fill("Затраты по поставщикам");
      await wizard.getByRole("button", { name: "Save" }).click();
      await page.waitForURL(/\/chart\/\d+$/);
      const stage = page.locator("#viewer-stage");
      await waitPainted(page, "#viewer-stage .chart__stage canvas");
      const sums = new Map<string, number>();
      for (const row of s.rows) sums.set(row[1]!, (sums.get(row[1]!) ?? 0) + Number(row[2]!.replace(",", ".")));
      const drawn = await drawnRows(stage);
      expect(drawn.map(([label]) => label)).toEqual(SUPPLIERS);
      expect(drawn.map(([, value]) => Number(value!.replace(/[^\d.]/g, "")))).toEqual(SUPPLIERS.map((name) => sums.get(name)!));
      expect(await stage.locator(".chart__legend button").count()).toBe(12);

      // The chart fills its page: the canvas is its stage's size, taller than the old fixed 500 px, and it and the legend end on the screen.
      const canvas = stage.locator(".chart__stage canvas");
      const stageBox = (await stage.locator(".chart__stage").boundingBox())!;
      const canvasBox = (await canvas.boundingBox())!;
      expect(Math.abs(canvasBox.height - stageBox.height)).toBeLessThanOrEqual(1);
      expect(Math.abs(canvasBox.width - stageBox.width)).toBeLessThanOrEqual(1);
      expect(canvasBox.height).toBeGreaterThan(500);
      const legendBox = (await stage.locator(".chart__legend").boundingBox())!;
      console.log(`chart page at 1280×800: canvas ${Math.round(canvasBox.width)}×${Math.round(canvasBox.height)} px, the legend ending at ${Math.round(legendBox.y + legendBox.height)} px`);
      expect(legendBox.y + legendBox.height).toBeLessThanOrEqual(800);

      // On the dashboard the chart fills its tile, the legend inside it.
      const chartId = Number(page.url().split("/").at(-1));
      await apiCall(suite.plexus.url, s.moderatorCookie, "POST", "/widget/save-all", [
        { type: "CHART", abstractData: { id: chartId }, project: { id: s.projectId }, layout: { x: 0, y: 0, w: 12, h: 16 } },
      ]);
      for (const width of [1280, 360]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(`${suite.plexus.url}/project/${s.projectId}/dashboard`);
        const tile = page.locator("section.widget", { has: page.getByRole("heading", { name: "Затраты по поставщикам" }) });
        await waitPainted(page, "section.widget .chart__stage canvas");
        const body = tile.locator(".widget__body");
        const tileCanvas = tile.locator(".chart__stage canvas");
        await expectInside(tileCanvas, body);
        await expectInside(tile.locator(".chart__legend"), body);
        // The canvas and the legend below it take the tile's whole height (Chart.js' own 2:1 left a third of it empty).
        const [canvasBox, legendBox, bodyBox] = [(await tileCanvas.boundingBox())!, (await tile.locator(".chart__legend").boundingBox())!, (await body.boundingBox())!];
        const used = (legendBox.y + legendBox.height - bodyBox.y) / bodyBox.height;
        console.log(`dashboard tile at ${width} px: canvas ${Math.round(canvasBox.height)} px high, chart and legend using ${Math.round(used * 100)}% of the tile body's ${Math.round(bodyBox.height)} px`);
        expect({ width, fills: used >= 0.9 }).toEqual({ width, fills: true });
        expect((await drawnRows(tile)).length).toBe(12);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      }
    },
    TIMEOUT,
  );
});
