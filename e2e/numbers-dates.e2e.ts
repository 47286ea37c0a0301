import { beforeAll, describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { ownPageHeaders } from "../src/testing/own-page";
import { apiCall, browserSuite, islandsHydrated, projectWithModerator } from "./setup";

// Numbers and dates as a Russian site office meets them in chromium against the built server: a levelling
// log imported from a `;` CSV with decimal commas and dd.mm.yyyy dates gets its column types in the
// header, dates in the reader's locale, the filter `31,5` finds 31.5, the sort and filter survive a reload
// through the address, a moderator's type change is refused by the row that does not fit, and a
// calculation opens with its saved default `18,5` and computes with 18.5.

const TIMEOUT = 90_000;
const suite = browserSuite();
let projectId: number;
let moderatorCookie: string;
let readerCookie: string;
let tableId: number;

const pad = (n: number) => String(n).padStart(2, "0");
/** 2,100 readings: station, a dd.mm.yyyy date, a height with a decimal comma (31,5 on the first). */
function levellingLog(): string {
  const lines = ["Пикет;Дата;Отметка"];
  for (let i = 0; i < 2100; i++) lines.push(`ПК-${i + 1};${pad((i % 28) + 1)}.${pad((i % 12) + 1)}.2025;${i ? `${40 + (i % 50)},${i % 10}` : "31,5"}`);
  return lines.join("\r\n");
}

beforeAll(async () => {
  ({ projectId, moderatorCookie, readerCookie } = await projectWithModerator(suite.plexus, "Levelling", { reader: suite.plexus.user }));
  const form = new FormData();
  form.append("name", "Нивелирование");
  form.append("file", new File([levellingLog()], "levels.csv"));
  const response = await fetch(`${suite.plexus.url}/api/table/save-for-project/${projectId}`, { method: "POST", headers: { cookie: moderatorCookie, ...ownPageHeaders(suite.plexus.url) }, body: form });
  expect(response.status).toBe(200);
  tableId = ((await response.json()) as { id: number }).id;
});

const tablePath = () => `${suite.plexus.url}/project/${projectId}/table/${tableId}`;
const firstCells = (page: Page) => page.locator(".tv__row:not(.is-loading)").first().locator("td[data-col] .tv__value").allTextContents();

describe("numbers and dates in tables and calculations", () => {
  test(
    "the header shows each column's type; dates read in the reader's locale; `31,5` in ru finds 31.5; sort and filter survive a reload",
    async () => {
      const { page } = await suite.pageAs(readerCookie, { language: "ru" });
      await page.goto(tablePath());
      await page.locator(".tv__row:not(.is-loading)").first().waitFor();
      expect(await page.locator("thead .tv__type").allTextContents()).toEqual(["Текст", "Дата", "Число"]);
      await page.getByRole("searchbox", { name: "Фильтр строк" }).fill("31,5");
      await page.locator(".tv__count", { hasText: "1 строка" }).waitFor();
      expect(await firstCells(page)).toEqual(["ПК-1", "01.01.2025", "31,5"]);
      await page.getByRole("searchbox", { name: "Фильтр строк" }).fill("");
      await page.getByRole("button", { name: "Дата" }).click();
      await page.getByRole("button", { name: "Дата" }).click();
      await page.waitForFunction(() => location.search.includes("sortBy=cell_1&desc=true"));
      await page.getByRole("searchbox", { name: "Фильтр строк" }).fill("ПК-2");
      await page.waitForFunction(() => location.search.includes("filter="));
      // The latest date first, the last row of a day first among its ties.
      const { totalElements } = await apiCall(suite.plexus.url, readerCookie, "GET", `/table/get-table/${tableId}?rowsPerPage=1&filter=${encodeURIComponent("ПК-2")}`);
      expect(totalElements).toBeGreaterThan(200);
      const filtered = async () => {
        await page.locator(".tv__count", { hasText: `${totalElements} строк` }).waitFor();
        await page.locator(".tv__row:not(.is-loading)").first().waitFor();
        expect(await firstCells(page)).toEqual(["ПК-2100", "28.12.2025", "89,9"]);
      };
      await filtered();
      await page.reload();
      await filtered();
      expect(await page.getByRole("searchbox", { name: "Фильтр строк" }).inputValue()).toBe("ПК-2");
      expect(await page.locator("th[aria-sort]").getAttribute("aria-sort")).toBe("descending");
      const { page: english } = await suite.pageAs(readerCookie);
      await english.goto(`${tablePath()}?filter=${encodeURIComponent("ПК-1")}&sortBy=cell_0`);
      await english.locator(".tv__row:not(.is-loading)").first().waitFor();
      expect(await firstCells(english)).toEqual(["ПК-1", "1/1/25", "31.5"]);
    },
    TIMEOUT,
  );

  test(
    "a moderator's type change that a row does not fit is refused by that row; one that every row fits is kept",
    async () => {
      const { page } = await suite.pageAs(moderatorCookie, { language: "ru" });
      await page.goto(tablePath());
      await page.locator(".tv__row:not(.is-loading)").first().waitFor();
      await page.getByRole("combobox", { name: "Тип столбца «Пикет»" }).selectOption("NUMBER");
      await page.locator("#snackbar", { hasText: "Строка 1 не подходит под тип «Число»" }).waitFor();
      expect(await page.getByRole("combobox", { name: "Тип столбца «Пикет»" }).inputValue()).toBe("TEXT");
      await page.getByRole("combobox", { name: "Тип столбца «Отметка»" }).selectOption("TEXT");
      await page.locator("#snackbar", { hasText: "Тип столбца изменён" }).waitFor();
      expect((await apiCall(suite.plexus.url, readerCookie, "GET", `/table/get-table/${tableId}?rowsPerPage=1`)).headers[2].type).toBe("TEXT");
    },
    TIMEOUT,
  );

  test(
    "a Russian calculation opens with its saved default `18,5 кН` and computes with 18.5",
    async () => {
      const created = await apiCall<{ id: number }>(suite.plexus.url, moderatorCookie, "POST", "/calc/save", { project: { id: projectId }, name: "Двойная нагрузка" });
      const props = JSON.stringify([{ variable: "load", name: "Нагрузка", value: 18.5, unit: "кН" }]);
      await apiCall(suite.plexus.url, moderatorCookie, "POST", "/calc/save", { id: created.id, script: "function main(props) {\n  return props.load * 2;\n}\n", props });
      const { page } = await suite.pageAs(readerCookie, { language: "ru" });
      await page.goto(`${suite.plexus.url}/project/${projectId}/calc/${created.id}`);
      const load = page.getByRole("textbox", { name: "Нагрузка, кН" });
      await islandsHydrated(page);
      expect(await load.inputValue()).toBe("18,5");
      await page.getByRole("button", { name: "Рассчитать" }).click();
      await page.locator(".cv__output", { hasText: "37" }).waitFor();
      await load.fill("20,25");
      await page.getByRole("button", { name: "Рассчитать" }).click();
      await page.locator(".cv__output", { hasText: "40.5" }).waitFor();
    },
    TIMEOUT,
  );

  test(
    "the task list's filters and sort live in the address: a reload keeps them, and the server's first page is already filtered",
    async () => {
      for (const name of ["Crane check B", "Crane check A", "Pump service"]) await apiCall(suite.plexus.url, moderatorCookie, "POST", "/issue/save", { name, project: { id: projectId } });
      const { page } = await suite.pageAs(moderatorCookie);
      await page.goto(`${suite.plexus.url}/project/${projectId}/issue`);
      await islandsHydrated(page);
      await page.getByRole("search").getByRole("searchbox", { name: "Name" }).fill("crane");
      await page.waitForFunction(() => document.querySelector("#tl-count")?.textContent === "2");
      await page.getByRole("search").getByLabel("Sort").selectOption("nameUp");
      await page.waitForFunction(() => location.search.includes("name=crane") && location.search.includes("sort=nameUp"));
      const shared = page.url();
      const names = () => page.locator("#tl-list > li [data-name]").allTextContents();
      await page.waitForFunction(() => document.querySelector("#tl-list > li [data-name]")?.textContent === "Crane check A");
      await page.reload();
      await islandsHydrated(page);
      expect(await names()).toEqual(["Crane check A", "Crane check B"]);
      expect(await page.getByRole("search").getByRole("searchbox", { name: "Name" }).inputValue()).toBe("crane");
      // Without scripts the page is what the server rendered: already filtered and sorted.
      const { page: plain } = await suite.pageAs(moderatorCookie, { javaScriptEnabled: false });
      await plain.goto(shared);
      expect(await plain.locator("#tl-list > li [data-name]").allTextContents()).toEqual(["Crane check A", "Crane check B"]);
    },
    TIMEOUT,
  );
});
