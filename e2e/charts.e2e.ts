import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { dataItems } from "../db/schema";
import { createTable } from "../src/modules/tables/service";
import { initialScripts, SHARED_RUNTIME, scriptsFrom } from "../src/testing/script-size";
import { apiCall, browserSuite, projectWithModerator } from "./setup";

// Charts in Debian's chromium against the built server: a moderator builds a BAR chart with the
// wizard over a table with Cyrillic headers and sees it drawn with its legend (again after a
// reload), a chart whose column is gone says so, the settings switch a chart to PIE and LINE, the
// page's JavaScript with Chart.js loaded on demand stays in budget, and the page works at 360 px.

const TIMEOUT = 60_000;
const JS_BUDGET_GZIP = 100 * 1024;
const suite = browserSuite();

/** A project with a moderator (the project's flag), a plain member and a table "Бюджет" of three months. */
async function scene(name: string) {
  const { projectId, moderator, moderatorCookie, readerCookie } = await projectWithModerator(suite.plexus, name);
  const table = suite.plexus.db.transaction((tx) =>
    createTable(tx, moderator, projectId, {
      name: "Бюджет",
      headers: ["Месяц", "Выручка", "Расходы"],
      rows: [
        ["Январь", 120, 80],
        ["Февраль", 135.5, 90],
        ["Март", 150, 95],
      ],
    }),
  );
  return { projectId, table, moderatorCookie, readerCookie };
}

type Scene = Awaited<ReturnType<typeof scene>>;

/** A chart saved through the API, as the wizard saves it. */
const saveChart = (s: Scene, type = "BAR", name = "Выручка по месяцам") =>
  apiCall<{ id: number }>(suite.plexus.url, s.moderatorCookie, "POST", "/chart/save", {
    projectId: s.projectId,
    name,
    type,
    showDetails: true,
    mainColumn: "cell_0",
    headers: [
      { name: "Месяц", field: "cell_0", isValue: false },
      { name: "Выручка", field: "cell_1", isValue: true },
      { name: "Расходы", field: "cell_2", isValue: true },
    ],
    table: s.table.id,
  });

const chartPath = (s: Scene, id: number) => `${suite.plexus.url}/project/${s.projectId}/chart/${id}`;

/** The chart drawn on the page: its canvas has a size, and Chart.js has painted pixels on it. */
async function waitDrawn(page: Page, scope = "#viewer-stage") {
  const canvas = page.locator(`${scope} .chart__stage canvas`);
  await canvas.waitFor();
  await page.waitForFunction((selector) => {
    const el = document.querySelector<HTMLCanvasElement>(selector);
    if (!el || el.width === 0) return false;
    const pixels = el.getContext("2d")!.getImageData(0, 0, el.width, el.height).data;
    for (let i = 3; i < pixels.length; i += 4) if (pixels[i] !== 0) return true;
    return false;
  }, `${scope} .chart__stage canvas`);
  return canvas;
}

const legendTexts = (page: Page, scope = "#viewer-stage") => page.locator(`${scope} .chart__legend button`).allTextContents();

describe("charts", () => {
  test(
    "a moderator builds a BAR chart with the wizard over a table with Cyrillic headers; it is drawn with its legend, and again after a reload",
    async () => {
      const s = await scene("Wizard works");
      const { page } = await suite.pageAs(s.moderatorCookie);
      await page.goto(`${suite.plexus.url}/project/${s.projectId}/chart`);
      await page.getByRole("button", { name: "New chart" }).click();
      const wizard = page.getByRole("dialog", { name: "New chart" });
      await wizard.waitFor();
      await wizard.getByLabel("Find a table").fill("Бюдж");
      await wizard.getByRole("button", { name: "Бюджет" }).click();
      await wizard.getByText("Table: Бюджет").waitFor();
      expect(await wizard.getByLabel("Chart type").inputValue()).toBe("BAR");
      expect(await wizard.getByLabel("Labels column").locator("option:checked").textContent()).toBe("Месяц");
      expect(await wizard.getByRole("checkbox", { name: "Выручка" }).isChecked()).toBe(true);
      await wizard.getByRole("checkbox", { name: "Расходы" }).uncheck();
      // The live preview draws the configuration before anything is saved.
      await waitDrawn(page, ".chart-wizard__preview");
      await page.waitForFunction(() => document.querySelectorAll(".chart-wizard__preview .chart__legend button").length === 1);
      expect(await legendTexts(page, ".chart-wizard__preview")).toEqual(["Выручка"]);
      await wizard.getByRole("button", { name: "Next" }).click();
      const name = wizard.getByLabel("Name");
      expect(await name.inputValue()).toBe("Бюджет");
      await name.fill("Выручка по месяцам");
      await wizard.getByRole("button", { name: "Save" }).click();
      await wizard.waitFor({ state: "hidden" });
      // The list shows the new chart; it opens on its own page.
      await page.locator("#dl-list").getByText("Выручка по месяцам").click();
      await page.locator("#dl-detail [data-d-open]").click();
      await page.waitForURL(/\/chart\/\d+$/);
      for (const round of [1, 2]) {
        const canvas = await waitDrawn(page);
        expect(await canvas.getAttribute("aria-label")).toBe("Chart “Выручка по месяцам”");
        expect(await legendTexts(page)).toEqual(["Выручка"]);
        // The chart fills the page below its bar (its stage), at least 320 px high.
        const stage = (await page.locator("#viewer-stage .chart__stage").boundingBox())!;
        expect(Math.round((await canvas.boundingBox())!.height)).toBe(Math.round(stage.height));
        expect(stage.height).toBeGreaterThanOrEqual(320);
        if (round === 1) await page.reload();
      }
      // The legend is buttons: the keyboard hides and shows a series.
      const series = page.locator("#viewer-stage .chart__legend button");
      await series.focus();
      await page.keyboard.press("Enter");
      expect(await series.getAttribute("aria-pressed")).toBe("false");
      // The go-to-table button leads to the table.
      await page.getByRole("link", { name: "Go to the table" }).click();
      await page.waitForURL(new RegExp(`/table/${s.table.id}$`));
    },
    TIMEOUT,
  );

  test(
    "a moderator's 'Add chart' on a table's page opens the wizard on that table; a plain member has no such button",
    async () => {
      const s = await scene("Add from table");
      const tablePath = `${suite.plexus.url}/project/${s.projectId}/table/${s.table.id}`;
      const { page } = await suite.pageAs(s.moderatorCookie);
      await page.goto(tablePath);
      await page.getByRole("button", { name: "Add chart" }).click();
      const wizard = page.getByRole("dialog", { name: "New chart" });
      await wizard.getByText("Table: Бюджет").waitFor();
      await waitDrawn(page, ".chart-wizard__preview");
      await wizard.getByRole("button", { name: "Next" }).click();
      await wizard.getByLabel("Name").fill("Из таблицы");
      await wizard.getByRole("button", { name: "Save" }).click();
      await page.waitForURL(/\/chart\/\d+$/);
      await waitDrawn(page);
      const stored = await apiCall(suite.plexus.url, s.readerCookie, "GET", `/chart/get?tableId=${s.table.id}`);
      expect(stored.map((c: { name: string }) => c.name)).toEqual(["Из таблицы"]);
      const reader = await suite.pageAs(s.readerCookie);
      await reader.page.goto(tablePath);
      await reader.page.locator("#viewer-stage .tv__table").waitFor();
      expect(await reader.page.getByRole("button", { name: "Add chart" }).count()).toBe(0);
    },
    TIMEOUT,
  );

  test(
    "a chart whose column is gone from its table says so, naming the column, instead of drawing",
    async () => {
      const s = await scene("Missing column");
      const chart = await saveChart(s);
      // Re-imported without "Расходы".
      suite.plexus.db.update(dataItems).set({ value: JSON.stringify([{ name: "Месяц", field: "cell_0" }, { name: "Выручка", field: "cell_1" }]) })
        .where(eq(dataItems.id, s.table.id)).run();
      const { page } = await suite.pageAs(s.readerCookie);
      await page.goto(chartPath(s, chart.id));
      const alert = page.locator("#viewer-stage [role=alert]");
      await alert.waitFor();
      expect(await alert.textContent()).toBe("The table no longer has the column “Расходы”: change the chart's settings.");
      expect(await page.locator("#viewer-stage canvas").count()).toBe(0);
      // A plain member has no settings button.
      expect(await page.getByRole("button", { name: "Chart settings" }).count()).toBe(0);
    },
    TIMEOUT,
  );

  test(
    "the settings switch a chart to PIE (a legend entry per month) and to LINE (one per series), in Russian with Russian numbers",
    async () => {
      const s = await scene("Settings");
      const chart = await saveChart(s);
      const { page } = await suite.pageAs(s.moderatorCookie, { language: "ru" });
      await page.goto(chartPath(s, chart.id));
      await waitDrawn(page);
      expect(await legendTexts(page)).toEqual(["Выручка", "Расходы"]);
      // Numbers in the page's language: the figures a screen reader gets read 135,5 in Russian.
      expect(await page.locator("#viewer-stage canvas td").allTextContents()).toEqual(["120", "80", "135,5", "90", "150", "95"]);
      for (const [type, label, legend] of [
        ["PIE", "Круговая", ["Январь", "Февраль", "Март"]],
        ["LINE", "Линейная", ["Выручка", "Расходы"]],
      ] as const) {
        await page.getByRole("button", { name: "Настройки диаграммы" }).click();
        const wizard = page.getByRole("dialog", { name: "Настройки диаграммы" });
        await wizard.getByText("Таблица: Бюджет").waitFor();
        await wizard.getByLabel("Тип диаграммы").selectOption({ label });
        await wizard.getByRole("button", { name: "Далее" }).click();
        expect(await wizard.getByLabel("Название").inputValue()).toBe("Выручка по месяцам");
        await wizard.getByRole("button", { name: "Сохранить" }).click();
        await wizard.waitFor({ state: "hidden" });
        await page.waitForFunction((want) => [...document.querySelectorAll("#viewer-stage .chart__legend button")].map((b) => b.textContent).join("|") === want, legend.join("|"));
        await waitDrawn(page);
        const stored = await apiCall(suite.plexus.url, s.readerCookie, "GET", `/chart/get?tableId=${s.table.id}`);
        expect(stored.map((c: { settings: { type: string } }) => c.settings.type)).toEqual([type]);
      }
    },
    TIMEOUT,
  );

  test(
    `the chart page ships at most ${JS_BUDGET_GZIP / 1024} KB of JavaScript gzipped, Chart.js loaded on demand included`,
    async () => {
      const s = await scene("Budget");
      const chart = await saveChart(s);
      const { page } = await suite.pageAs(s.readerCookie);
      await page.goto(chartPath(s, chart.id));
      await waitDrawn(page);
      const path = new URL(chartPath(s, chart.id)).pathname;
      const initial = await initialScripts(suite.plexus.url, path, s.readerCookie);
      const loaded = await page.evaluate(() => performance.getEntriesByType("resource").map((e) => e.name).filter((name) => /\.m?js(\?|$)/.test(name)));
      const onDemand = await scriptsFrom(suite.plexus.url, loaded.filter((url) => !initial.modules.has(url)));
      // React is one shared chunk, cached once per browser and counted on its own (issue 19), not as the page's.
      const added = [...onDemand.modules].filter(([url]) => !initial.modules.has(url));
      const bytesOf = (list: typeof added) => list.reduce((sum, [, m]) => sum + m.gzipped, 0);
      const shared = initial.runtime + bytesOf(added.filter(([url]) => SHARED_RUNTIME.test(url)));
      const extra = bytesOf(added.filter(([url]) => !SHARED_RUNTIME.test(url)));
      const total = initial.gzipped + extra;
      console.log(`chart page: ${(initial.gzipped / 1024).toFixed(1)} KB at load + ${(extra / 1024).toFixed(1)} KB on demand = ${(total / 1024).toFixed(1)} KB gzipped, and the shared React runtime ${(shared / 1024).toFixed(1)} KB`);
      // Chart.js is its own chunk (islands/charts/chart-js.ts), loaded once a chart is drawn, never with the page.
      expect([...onDemand.modules.keys()].some((url) => /\/chart-js\.[\w-]+\.js$/.test(url))).toBe(true);
      expect([...initial.modules.keys()].some((url) => url.includes("/chart-js."))).toBe(false);
      expect(total).toBeLessThanOrEqual(JS_BUDGET_GZIP);
    },
    TIMEOUT,
  );

  test(
    "at 360 px the chart fits the screen and the wizard's steps fit it too",
    async () => {
      const s = await scene("Narrow");
      const chart = await saveChart(s);
      const { page } = await suite.pageAs(s.moderatorCookie, { viewport: { width: 360, height: 740 } });
      await page.goto(chartPath(s, chart.id));
      const canvas = await waitDrawn(page);
      expect((await canvas.boundingBox())!.width).toBeLessThanOrEqual(360);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await page.getByRole("button", { name: "Chart settings" }).click();
      const wizard = page.getByRole("dialog", { name: "Chart settings" });
      await wizard.getByText("Table: Бюджет").waitFor();
      await waitDrawn(page, ".chart-wizard__preview");
      const box = (await wizard.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(360);
      await wizard.getByRole("button", { name: "Next" }).click();
      expect(await wizard.getByLabel("Name").isVisible()).toBe(true);
      await wizard.getByRole("button", { name: "Cancel" }).click();
      await wizard.waitFor({ state: "hidden" });
    },
    TIMEOUT,
  );
});
