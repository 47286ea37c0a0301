import { beforeAll, describe, expect, test } from "bun:test";
import { readFile } from "node:fs/promises";
import ExcelJS from "exceljs";
import Papa from "papaparse";
import type { Page } from "playwright-core";
import { ownPageHeaders } from "../src/testing/own-page";
import { initialScripts, scriptsFrom } from "../src/testing/script-size";
import { browserSuite, projectWithModerator } from "./setup";

// Tables as people meet them in Debian's chromium against the built server: importing an XLSX and a
// Windows-1251 CSV through the list's dialog, the viewer's rows, cells edited in place, records added and
// deleted, sorting and filtering on the server, both downloads read back, a 20,000-row table scrolled to its
// end with few rows in the page, cards at 360 px, map points, what a reader may not do, and the script budget.

const TIMEOUT = 90_000;
const JS_BUDGET_GZIP = 100 * 1024;

const suite = browserSuite();
let projectId: number;
let moderatorCookie: string;
let readerCookie: string;

beforeAll(async () => {
  ({ projectId, moderatorCookie, readerCookie } = await projectWithModerator(suite.plexus, "Borehole survey", { reader: suite.plexus.user }));
});

/** Windows-1251 bytes of `text` (ASCII, Cyrillic А–я, Ё and ё), as Excel on a Russian Windows saves a CSV. */
function windows1251(text: string): Uint8Array {
  return Uint8Array.from([...text].map((char) => {
    const code = char.codePointAt(0)!;
    if (code < 0x80) return code;
    if (code >= 0x410 && code <= 0x44f) return code - 0x410 + 0xc0;
    if (char === "Ё") return 0xa8;
    if (char === "ё") return 0xb8;
    throw new Error(`no Windows-1251 byte for ${char}`);
  }));
}

async function xlsxOf(headers: string[], rows: (string | number)[][]) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Лист1");
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(row);
  return new Uint8Array(await book.xlsx.writeBuffer());
}

/** A table imported through the API, as the dialog does it; its id. */
async function importTable(name: string, fileName: string, bytes: Uint8Array) {
  const form = new FormData();
  form.append("name", name);
  form.append("file", new File([bytes as BlobPart], fileName));
  const response = await fetch(`${suite.plexus.url}/api/table/save-for-project/${projectId}`, {
    method: "POST",
    headers: { cookie: moderatorCookie, ...ownPageHeaders(suite.plexus.url) },
    body: form,
  });
  const body = await response.json();
  if (response.status !== 200) throw new Error(`import of ${fileName}: ${response.status} ${JSON.stringify(body)}`);
  return body.id as number;
}

const csv = (rows: (string | number)[][]) => new TextEncoder().encode(rows.map((row) => row.join(",")).join("\r\n"));
const tablePath = (id: number) => `${suite.plexus.url}/project/${projectId}/table/${id}`;

/** The table page with its first rows drawn. */
async function openTable(cookie: string, id: number, options: Parameters<typeof suite.pageAs>[1] = {}) {
  const opened = await suite.pageAs(cookie, options);
  await opened.page.goto(tablePath(id));
  await opened.page.locator(".tv__row:not(.is-loading)").first().waitFor();
  return opened;
}

/** The texts of the shown cells of drawn rows, row by row (labels of the card layout left out). */
const shownRows = (page: Page) =>
  page.locator(".tv__row:not(.is-loading)").evaluateAll((rows) =>
    rows.map((row) => [...row.querySelectorAll("td[data-col] .tv__value")].map((cell) => cell.textContent)),
  );

const snackbar = (page: Page, text: string) => page.locator("#snackbar", { hasText: text }).waitFor();

describe("importing tables", () => {
  test(
    "an XLSX with Cyrillic headers: the dialog previews it, names it after the file and opens the new table with its rows",
    async () => {
      const bytes = await xlsxOf(["Скважина", "Глубина, м", "Участок"], [
        ["С-1", 12.345678, "Северный"],
        ["С-2", 3.1, "Южный"],
        ["С-3", 1500, "Западный"],
      ]);
      const { page } = await suite.pageAs(moderatorCookie);
      await page.goto(`${suite.plexus.url}/project/${projectId}/table`);
      await page.getByRole("button", { name: "Import table" }).click();
      const dialog = page.getByRole("dialog", { name: "Import table" });
      await dialog.getByLabel("File (XLSX or CSV)").setInputFiles({
        name: "Скважины.xlsx",
        mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        buffer: Buffer.from(bytes),
      });
      const preview = dialog.getByRole("region", { name: "Preview" });
      await preview.getByRole("columnheader", { name: "Глубина, м" }).waitFor();
      expect(await preview.getByRole("columnheader").allTextContents()).toEqual(["Скважина", "Глубина, м", "Участок"]);
      expect(await preview.getByRole("cell", { name: "Северный" }).isVisible()).toBe(true);
      expect(await dialog.getByText(/3 rows in the file/).isVisible()).toBe(true);
      expect(await dialog.getByLabel("Name").inputValue()).toBe("Скважины");

      await dialog.getByLabel("Description").fill("Depths measured in May");
      await dialog.getByRole("button", { name: "Import", exact: true }).click();
      await page.waitForURL(/\/table\/\d+$/);
      await page.locator(".tv__row:not(.is-loading)").first().waitFor();
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toContain("Скважины");
      // Numbers: up to 4 decimals, trailing zeros trimmed, in the page's locale.
      expect(await shownRows(page)).toEqual([
        ["С-1", "12.3457", "Северный"],
        ["С-2", "3.1", "Южный"],
        ["С-3", "1,500", "Западный"],
      ]);
      expect(await page.getByRole("columnheader", { name: "Глубина, м" }).isVisible()).toBe(true);
    },
    TIMEOUT,
  );

  test(
    "a Windows-1251 CSV with semicolons: the preview names the encoding and the separator, the rows read in Cyrillic",
    async () => {
      const bytes = windows1251("Город;Население;Регион\r\nМосква;13010112;Центральный\r\nЁлкино;1234,5;Уральский\r\n");
      const { page } = await suite.pageAs(moderatorCookie);
      await page.goto(`${suite.plexus.url}/project/${projectId}/table`);
      await page.getByRole("button", { name: "Import table" }).click();
      const dialog = page.getByRole("dialog", { name: "Import table" });
      await dialog.getByLabel("File (XLSX or CSV)").setInputFiles({ name: "города.csv", mimeType: "text/csv", buffer: Buffer.from(bytes) });
      const preview = dialog.getByRole("region", { name: "Preview" });
      await preview.getByRole("columnheader", { name: "Население" }).waitFor();
      expect(await dialog.getByText(/windows-1251/i).isVisible()).toBe(true);
      expect(await dialog.getByText(/separator: semicolon/).isVisible()).toBe(true);
      expect(await preview.getByRole("cell", { name: "Ёлкино" }).isVisible()).toBe(true);
      await dialog.getByLabel("Name").fill("Города");
      await dialog.getByRole("button", { name: "Import", exact: true }).click();
      await page.waitForURL(/\/table\/\d+$/);
      await page.locator(".tv__row:not(.is-loading)").first().waitFor();
      expect(await shownRows(page)).toEqual([
        ["Москва", "13,010,112", "Центральный"],
        ["Ёлкино", "1,234.5", "Уральский"],
      ]);
    },
    TIMEOUT,
  );

  test(
    "a file that is no table is refused in the dialog with a message, and nothing can be imported",
    async () => {
      const { page } = await suite.pageAs(moderatorCookie);
      await page.goto(`${suite.plexus.url}/project/${projectId}/table`);
      await page.getByRole("button", { name: "Import table" }).click();
      const dialog = page.getByRole("dialog", { name: "Import table" });
      const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
      await dialog.getByLabel("File (XLSX or CSV)").setInputFiles({ name: "photo.xlsx", mimeType: "application/octet-stream", buffer: Buffer.from(png) });
      const alert = dialog.getByRole("alert");
      await alert.waitFor();
      expect((await alert.textContent())?.trim()).not.toBe("");
      expect(await dialog.getByRole("button", { name: "Import", exact: true }).isDisabled()).toBe(true);
    },
    TIMEOUT,
  );
});

describe("the table viewer", () => {
  test(
    "a moderator edits a cell: Escape cancels, Enter saves with the snackbar, the value stays after reload; a refused save keeps the editor and the text",
    async () => {
      const id = await importTable("Pumps", "pumps.csv", csv([["Pump", "Flow"], ["P-1", 10], ["P-2", 20]]));
      const { page } = await openTable(moderatorCookie, id);
      const cell = page.locator(".tv__row").first().locator("td[data-col='1']");

      await cell.dblclick();
      const editor = page.getByRole("textbox", { name: "Flow" });
      await editor.fill("99");
      await editor.press("Escape");
      expect(await editor.count()).toBe(0);
      expect(await cell.locator(".tv__value").textContent()).toBe("10");
      expect(await page.evaluate(() => document.activeElement?.closest("td")?.dataset.col)).toBe("1");

      // The keyboard: Enter opens the focused cell, Enter saves it.
      await page.keyboard.press("Enter");
      // An English page reads a point as the decimal separator (a comma groups thousands there; e2e/numbers has ru and es).
      await editor.fill("12.75");
      await editor.press("Enter");
      await snackbar(page, "Changes saved");
      expect(await cell.locator(".tv__value").textContent()).toBe("12.75");

      // Tab saves too, and moves to the next cell.
      const name = page.locator(".tv__row").first().locator("td[data-col='0']");
      await name.dblclick();
      await page.getByRole("textbox", { name: "Pump" }).fill("P-1a");
      await page.getByRole("textbox", { name: "Pump" }).press("Tab");
      await name.locator(".tv__value", { hasText: "P-1a" }).waitFor();
      expect(await page.evaluate(() => document.activeElement?.closest("td")?.dataset.col)).toBe("1");

      // Too long for a cell: the server refuses, the editor stays open with what was typed.
      await cell.dblclick();
      const long = "x".repeat(40_000);
      await editor.fill(long);
      await editor.press("Enter");
      await snackbar(page, "An error occurred while changing the table's data");
      expect(await editor.inputValue()).toBe(long);
      await editor.press("Escape");

      await page.reload();
      await page.locator(".tv__row:not(.is-loading)").first().waitFor();
      expect(await shownRows(page)).toEqual([["P-1a", "12.75"], ["P-2", "20"]]);
    },
    TIMEOUT,
  );

  test(
    "a moderator adds a record and deletes records after confirming",
    async () => {
      const id = await importTable("Wells", "wells.csv", csv([["Well", "Depth"], ["W-1", 5], ["W-2", 6], ["W-3", 7]]));
      const { page } = await openTable(moderatorCookie, id);
      await page.getByRole("button", { name: "Add record" }).click();
      const form = page.getByRole("dialog", { name: "New record" });
      await form.getByLabel("Well").fill("W-4");
      await form.getByLabel("Depth").fill("8.5");
      await form.getByRole("button", { name: "Add" }).click();
      await snackbar(page, "The table has been changed");
      // A moderator's table is a grid (its cells are editable).
      await page.getByRole("gridcell", { name: "W-4" }).waitFor();
      expect(await page.locator(".tv__count").textContent()).toBe("4 rows");

      await page.getByRole("checkbox", { name: "Select row 1" }).check();
      await page.getByRole("checkbox", { name: "Select row 3" }).check();
      await page.getByRole("button", { name: "Delete selected (2)" }).click();
      const confirm = page.getByRole("dialog", { name: "Please confirm" });
      expect(await confirm.getByText("Delete 2 records from the table?").isVisible()).toBe(true);
      await confirm.getByRole("button", { name: "Delete" }).click();
      await snackbar(page, "The table has been changed");
      await page.locator(".tv__count", { hasText: "2 rows" }).waitFor();
      await page.getByRole("gridcell", { name: "W-1" }).waitFor({ state: "detached" });
      expect(await shownRows(page)).toEqual([["W-2", "6"], ["W-4", "8.5"]]);
    },
    TIMEOUT,
  );

  test(
    "sorts by a column header (numbers as numbers, then descending) and filters on the server",
    async () => {
      const id = await importTable("Stations", "stations.csv", csv([["Station", "Level"], ["Alpha", 10], ["bravo", 9], ["Charlie", 100], ["Delta", 2]]));
      const { page } = await openTable(readerCookie, id);
      const level = page.getByRole("columnheader", { name: "Level" });
      await level.getByRole("button").click();
      await page.waitForFunction(() => document.querySelector(".tv__row:not(.is-loading) .tv__value")?.textContent === "Delta");
      expect(await level.getAttribute("aria-sort")).toBe("ascending");
      expect((await shownRows(page)).map((row) => row[1])).toEqual(["2", "9", "10", "100"]);
      await level.getByRole("button").click();
      await page.waitForFunction(() => document.querySelector(".tv__row:not(.is-loading) .tv__value")?.textContent === "Charlie");
      expect(await level.getAttribute("aria-sort")).toBe("descending");
      expect((await shownRows(page)).map((row) => row[0])).toEqual(["Charlie", "Alpha", "bravo", "Delta"]);
      const station = page.getByRole("columnheader", { name: "Station" });
      await station.getByRole("button").click();
      await page.waitForFunction(() => document.querySelector("th[aria-sort='ascending']")?.textContent?.includes("Station"));
      await page.waitForFunction(() => document.querySelector(".tv__row:not(.is-loading) .tv__value")?.textContent === "Alpha");
      expect((await shownRows(page)).map((row) => row[0])).toEqual(["Alpha", "bravo", "Charlie", "Delta"]);

      await page.getByRole("searchbox", { name: "Filter rows" }).fill("ha");
      await page.locator(".tv__count", { hasText: "2 rows" }).waitFor();
      expect((await shownRows(page)).map((row) => row[0])).toEqual(["Alpha", "Charlie"]);
      await page.getByRole("searchbox", { name: "Filter rows" }).fill("nothing like it");
      await page.getByText("No rows match the filter").waitFor();
      // A filter after one that matched nothing still asks the server.
      await page.getByRole("searchbox", { name: "Filter rows" }).fill("elt");
      await page.locator(".tv__count", { hasText: "1 row" }).waitFor();
      expect((await shownRows(page)).map((row) => row[0])).toEqual(["Delta"]);
    },
    TIMEOUT,
  );

  test(
    "downloads the table as XLSX and as CSV with the Cyrillic intact",
    async () => {
      const id = await importTable("Реки", "реки.xlsx", await xlsxOf(["Река", "Длина, км"], [["Волга", 3530], ["Ока", 1498.5]]));
      const { page } = await openTable(readerCookie, id);

      const [xlsx] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download as XLSX" }).click()]);
      expect(xlsx.suggestedFilename()).toMatch(/^Реки.*\.xlsx$/);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load((await readFile((await xlsx.path())!)) as unknown as ArrayBuffer);
      const sheet = book.worksheets[0]!;
      expect(sheet.getRow(1).values).toEqual([undefined, "Река", "Длина, км"]);
      expect(sheet.getRow(2).values).toEqual([undefined, "Волга", 3530]);
      expect(sheet.getRow(3).values).toEqual([undefined, "Ока", 1498.5]);

      const [csvFile] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download as CSV" }).click()]);
      expect(csvFile.suggestedFilename()).toMatch(/^Реки.*\.csv$/);
      const text = new TextDecoder("utf-8").decode(await readFile((await csvFile.path())!)).replace(/^\uFEFF/, "");
      const parsed = Papa.parse<string[]>(text.trim(), { skipEmptyLines: true });
      expect(parsed.data).toEqual([["Река", "Длина, км"], ["Волга", "3530"], ["Ока", "1498.5"]]);
    },
    TIMEOUT,
  );

  test(
    "a 20,000-row table scrolls to its end with few rows in the page",
    async () => {
      const rows: (string | number)[][] = [["Reading", "Value"]];
      for (let i = 1; i <= 20_000; i++) rows.push([`reading ${i}`, i * 0.5]);
      const id = await importTable("Readings", "readings.csv", csv(rows));
      const { page } = await openTable(readerCookie, id);
      expect(await page.locator(".tv__count").textContent()).toBe("20,000 rows");
      const scroller = page.locator(".tv__scroll");
      // Halfway, then the end: each lands on rows the server pages for that position.
      await scroller.evaluate((el) => (el.scrollTop = el.scrollHeight / 2));
      await page.getByRole("cell", { name: "reading 10000", exact: true }).waitFor();
      await scroller.evaluate((el) => (el.scrollTop = el.scrollHeight));
      await page.getByRole("cell", { name: "reading 20000", exact: true }).waitFor();
      expect(await page.getByRole("cell", { name: "10,000", exact: true }).isVisible()).toBe(true);
      const drawn = await page.locator(".tv__row").count();
      console.log(`20,000-row table at its end: ${drawn} rows in the page`);
      expect(drawn).toBeLessThan(100);
      expect(await page.locator("table.tv__table").getAttribute("aria-rowcount")).toBe("20001");
    },
    TIMEOUT,
  );

  test(
    "at 360 px each row is a card of label: value lines, within the screen's width",
    async () => {
      const id = await importTable("Sensors", "sensors.csv", csv([["Sensor", "Reading", "Place"], ["T-1", 21.5, "Hall"], ["T-2", 19, "Yard"]]));
      const { page } = await openTable(readerCookie, id, { viewport: { width: 360, height: 740 } });
      const card = page.locator(".tv__row").first();
      expect(await card.evaluate((row) => getComputedStyle(row).display)).toBe("block");
      const lines = await card.locator("td[data-col]").evaluateAll((cells) =>
        cells.map((cell) => [...cell.children].filter((part) => getComputedStyle(part).display !== "none").map((part) => part.textContent)),
      );
      expect(lines).toEqual([["Sensor", "T-1"], ["Reading", "21.5"], ["Place", "Hall"]]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      // Sorting is still there, as chips above the cards.
      await page.getByRole("button", { name: "Reading" }).click();
      await page.waitForFunction(() => document.querySelector(".tv__row:not(.is-loading) .tv__value")?.textContent === "T-2");
    },
    TIMEOUT,
  );

  test(
    "rows with map points open the project's maps at the point; a row with several asks which",
    async () => {
      const one = JSON.stringify([{ lat: 55.75, lon: 37.62, name: "Kremlin" }]).replace(/"/g, '""');
      const two = JSON.stringify([{ lat: 59.94, lon: 30.31, name: "Hermitage" }, { lat: 59.95, lon: 30.32 }]).replace(/"/g, '""');
      const id = await importTable("Sights", "sights.csv", new TextEncoder().encode(`Sight,url\r\nKremlin,"${one}"\r\nMuseums,"${two}"\r\nPark,\r\n`));
      const { page } = await openTable(readerCookie, id);
      // The url column is data, not a column to read.
      expect(await page.locator("thead .tv__sort").allTextContents()).toEqual(["Sight"]);
      expect(await page.getByRole("columnheader").last().textContent()).toBe("Actions");
      const link = page.locator(".tv__row").first().getByRole("link", { name: "Open on map" });
      expect(await link.getAttribute("href")).toBe(`/project/${projectId}/map?lat=55.75&lon=37.62`);
      await page.locator(".tv__row").nth(1).getByRole("button", { name: "Open on map (2)" }).click();
      const chooser = page.getByRole("dialog", { name: "Which point to open on the map?" });
      expect(await chooser.getByRole("link").allTextContents()).toEqual(["Hermitage", "59.95, 30.32"]);
      expect(await chooser.getByRole("link", { name: "Hermitage" }).getAttribute("href")).toBe(`/project/${projectId}/map?lat=59.94&lon=30.31`);
      expect(await page.locator(".tv__row").nth(2).locator(".tv__actions").textContent()).toBe("");
    },
    TIMEOUT,
  );

  test(
    "in split screen each table is compact: it fills its half, with no edit, add, delete or download controls",
    async () => {
      const left = await importTable("Left", "left.csv", csv([["Name", "Amount"], ["L-1", 1], ["L-2", 2]]));
      const right = await importTable("Right", "right.csv", csv([["Name", "Amount"], ["R-1", 3]]));
      const { page } = await suite.pageAs(moderatorCookie);
      await page.goto(`${suite.plexus.url}/split-screen?dataId=${left}&secondDataId=${right}`);
      await page.getByRole("cell", { name: "L-2" }).waitFor();
      await page.getByRole("cell", { name: "R-1" }).waitFor();
      expect(await page.locator(".tv.tv--compact").count()).toBe(2);
      expect(await page.getByRole("button", { name: "Add record" }).count()).toBe(0);
      expect(await page.getByRole("checkbox").count()).toBe(0);
      expect(await page.getByRole("link", { name: /Download as/ }).count()).toBe(0);
      expect(await page.getByRole("searchbox", { name: "Filter rows" }).count()).toBe(2);
      const fills = await page.locator(".tv").evaluateAll((views) => views.map((view) => Math.abs(view.getBoundingClientRect().height - view.parentElement!.clientHeight) <= 1));
      expect(fills).toEqual([true, true]);
    },
    TIMEOUT,
  );

  test(
    "a plain member reads, sorts and downloads but sees no import, edit, add or delete controls",
    async () => {
      const id = await importTable("Valves", "valves.csv", csv([["Valve", "State"], ["V-1", "open"]]));
      const { page } = await openTable(readerCookie, id);
      expect(await page.getByRole("button", { name: "Add record" }).count()).toBe(0);
      expect(await page.getByRole("button", { name: /Delete selected/ }).count()).toBe(0);
      expect(await page.getByRole("checkbox").count()).toBe(0);
      expect(await page.getByRole("grid").count()).toBe(0);
      await page.getByRole("cell", { name: "open" }).dblclick();
      expect(await page.getByRole("textbox").count()).toBe(0);
      expect(await page.getByRole("link", { name: "Download as CSV" }).isVisible()).toBe(true);
      await page.goto(`${suite.plexus.url}/project/${projectId}/table`);
      await page.getByRole("heading", { level: 1, name: "Tables" }).waitFor();
      expect(await page.getByRole("button", { name: "Import table" }).count()).toBe(0);
    },
    TIMEOUT,
  );

  test(
    `the table page loads at most ${JS_BUDGET_GZIP / 1024} KiB of gzipped JavaScript, the viewer it loads on demand included`,
    async () => {
      const id = await importTable("Budget", "budget.csv", csv([["Item", "Cost"], ["Pipe", 12.5]]));
      const path = tablePath(id).replace(suite.plexus.url, "");
      const initial = await initialScripts(suite.plexus.url, path, moderatorCookie);
      const { page } = await openTable(moderatorCookie, id);
      const loaded = await page.evaluate(() =>
        performance.getEntriesByType("resource").map((entry) => entry.name).filter((name) => /\.m?js(\?|$)/.test(name)),
      );
      const later = loaded.filter((url) => !initial.modules.has(url));
      const onDemand = await scriptsFrom(suite.plexus.url, later);
      const extra = [...onDemand.modules].filter(([url]) => !initial.modules.has(url)).reduce((sum, [, m]) => sum + m.gzipped, 0);
      const total = initial.gzipped + extra;
      console.log(`table page: ${initial.modules.size} modules ${initial.gzipped} bytes + on demand ${later.length} files ${extra} bytes = ${total} bytes gzipped (budget ${JS_BUDGET_GZIP})`);
      expect(later.some((url) => url.includes("viewer"))).toBe(true);
      expect(total).toBeLessThanOrEqual(JS_BUDGET_GZIP);
    },
    TIMEOUT,
  );
});
