import { describe, expect, test } from "bun:test";
import ExcelJS from "exceljs";
import { readFileSync } from "node:fs";
import { initialScripts } from "../src/testing/script-size";
import { apiCall, browserSuite, islandsHydrated, projectWithModerator } from "./setup";

// The object tables in Debian's chromium against the built server: object management lists the layers with objects
// and their counts per template; the poi-table pages by 10, filters text (Cyrillic in any case), list and yes/no
// fields, downloads the XLSX of what the filters keep, and lets an administrator delete every object of the template
// after a confirmation naming the count; a plain member sees no delete-all; it all fits 360 px.

const TIMEOUT = 60_000;
const suite = browserSuite();

/** A project with a points layer offering a template of text, list and yes/no fields, and 12 objects on it. */
async function scene(name: string) {
  const { url } = suite.plexus;
  const s = await projectWithModerator(suite.plexus, name);
  const layer = await apiCall<{ id: number }>(url, s.moderatorCookie, "POST", "/layer/save", { project: { id: s.projectId }, name: "Колодцы", type: "LAYER_POI" });
  const template = await apiCall<{ id: number; fields: { id: number; name: string }[] }>(url, s.adminCookie, "POST", "/layer-poi-template", {
    name: `Колодец ${name}`,
    graphType: "POINT",
    fields: [
      { name: "Название", type: "STRING", partOfName: true },
      { name: "Район", type: "LIST", options: "Север, Юг" },
      { name: "Рабочий", type: "BOOLEAN" },
      { name: "Глубина", type: "NUMBER" },
    ],
  });
  await apiCall(url, s.adminCookie, "POST", `/layer/bind-poi-template?layerId=${layer.id}&templateId=${template.id}`);
  const field = (fieldName: string) => template.fields.find((f) => f.name === fieldName)!.id;
  for (let i = 0; i < 12; i++) {
    await apiCall(url, s.moderatorCookie, "POST", "/layer-poi/save", {
      layer: { id: layer.id },
      template: { id: template.id },
      geometry: JSON.stringify({ type: "Point", coordinates: [37 + i / 10, 55] }),
      properties: [
        { field: { id: field("Название") }, value: i === 3 ? "СТАРЫЙ колодец" : `Колодец ${String(i).padStart(2, "0")}` },
        { field: { id: field("Район") }, value: i % 2 ? "Север" : "Юг" },
        { field: { id: field("Рабочий") }, value: i % 3 === 0 },
        { field: { id: field("Глубина") }, value: 10.123456 + i },
      ],
    });
  }
  return { ...s, layerId: layer.id, templateId: template.id, tablePath: `/project/${s.projectId}/poi-table/${layer.id}?templateId=${template.id}` };
}

describe("object tables", () => {
  test("object management lists the layer with its count per template and opens its table, with the breadcrumbs", async () => {
    const s = await scene("Objects overview");
    const { page } = await suite.pageAs(s.readerCookie);
    await page.goto(`${suite.plexus.url}/project/${s.projectId}/poi-management`);
    const card = page.locator(".po-card", { hasText: "Колодцы" });
    await expect(card.locator("a").textContent()).resolves.toContain("Objects: 12");
    await card.locator("a").click();
    await page.waitForURL(/\/poi-table\//);
    await islandsHydrated(page);
    expect(await page.locator(".crumbs li").allTextContents()).toEqual(["Objects overview", "Objects", "Колодцы"]);
    expect(await page.locator("#pt-table tbody tr").count()).toBe(10);
    expect(await page.locator("#pt-range").textContent()).toBe("1–10 of 12");
    // Numbers show at most 4 decimals.
    expect(await page.locator("#pt-table tbody tr").first().textContent()).toContain("10.1235");
    await page.locator("#pt-next").click();
    await page.waitForFunction(() => document.querySelectorAll("#pt-table tbody tr").length === 2);
    expect(await page.locator("#pt-range").textContent()).toBe("11–12 of 12");
    await expect(page.locator("#pt-prev").isEnabled()).resolves.toBe(true);
    await expect(page.locator("#pt-next").isDisabled()).resolves.toBe(true);
    // No map on these pages, so none of OpenLayers (whose Map names its viewport class).
    for (const path of [`/project/${s.projectId}/poi-management`, s.tablePath]) {
      const scripts = await initialScripts(suite.plexus.url, path, s.readerCookie);
      console.log(`${path.split("?")[0]}: ${(scripts.gzipped / 1024).toFixed(1)} KB of its own JavaScript gzipped`);
      expect(scripts.gzipped).toBeLessThanOrEqual(50 * 1024);
      expect([...scripts.modules.values()].some((m) => m.text.includes("ol-viewport"))).toBe(false);
    }
  }, TIMEOUT);

  test("filters on text (Cyrillic, any case), list and yes/no fields; other fields are not offered", async () => {
    const s = await scene("Filters");
    const { page } = await suite.pageAs(s.readerCookie);
    await page.goto(`${suite.plexus.url}${s.tablePath}`);
    expect(await page.locator("#pt-filters label").allTextContents()).toEqual(["Название", "Район", "Рабочий"]);
    await page.getByLabel("Название").fill("старый");
    await page.locator("#pt-filter-apply").click();
    await page.waitForFunction(() => document.querySelector("#pt-range")?.textContent === "1–1 of 1");
    expect(await page.locator("#pt-table tbody th").allTextContents()).toEqual(["СТАРЫЙ колодец"]);
    await page.getByRole("button", { name: "Reset" }).click();
    await page.waitForFunction(() => document.querySelector("#pt-range")?.textContent === "1–10 of 12");
    await page.getByLabel("Район").selectOption("Север");
    await page.getByLabel("Рабочий").selectOption("true");
    await page.locator("#pt-filter-apply").click();
    // Odd and divisible by 3: 3 and 9.
    await page.waitForFunction(() => document.querySelector("#pt-range")?.textContent === "1–2 of 2");
    expect(await page.locator("#pt-table tbody th").allTextContents()).toEqual(["СТАРЫЙ колодец", "Колодец 09"]);
  }, TIMEOUT);

  test("the XLSX download holds what the filters keep", async () => {
    const s = await scene("Export");
    const { page } = await suite.pageAs(s.readerCookie);
    await page.goto(`${suite.plexus.url}${s.tablePath}`);
    await page.getByLabel("Район").selectOption("Юг");
    await page.locator("#pt-filter-apply").click();
    await page.waitForFunction(() => document.querySelector("#pt-range")?.textContent === "1–6 of 6");
    const [download] = await Promise.all([page.waitForEvent("download"), page.locator("#pt-export").click()]);
    expect(download.suggestedFilename()).toBe("Колодец Export.xlsx");
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(readFileSync((await download.path())!) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(["Name", "Название", "Район", "Рабочий", "Глубина"]);
    expect(sheet.actualRowCount).toBe(7);
  }, TIMEOUT);

  test("an administrator deletes every object of the template after a confirmation naming the count", async () => {
    const s = await scene("Delete all");
    const { page } = await suite.pageAs(s.adminCookie);
    await page.goto(`${suite.plexus.url}${s.tablePath}`);
    await page.locator("#pt-delete-all").click();
    const confirm = page.locator("#pt-delete-confirm");
    expect(await confirm.textContent()).toContain("All 12 objects of «Колодец Delete all»");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await page.waitForFunction(() => document.querySelector("#pt-range")?.textContent === "0–0 of 0");
    await expect(page.locator("#pt-delete-all").isDisabled()).resolves.toBe(true);
    const left = await apiCall<{ totalElements: number }>(suite.plexus.url, s.readerCookie, "POST", `/layer-poi/filter?layerId=${s.layerId}&templateId=${s.templateId}`, {});
    expect(left.totalElements).toBe(0);
  }, TIMEOUT);

  test("a member without ADMIN sees no delete-all; the table fits 360 px, scrolling inside its frame", async () => {
    const s = await scene("Narrow");
    const { page } = await suite.pageAs(s.moderatorCookie, { viewport: { width: 360, height: 740 } });
    await page.goto(`${suite.plexus.url}${s.tablePath}`);
    expect(await page.locator("#pt-table tbody tr").count()).toBe(10);
    expect(await page.locator("#pt-delete-all").count()).toBe(0);
    await expect(page.locator("#pt-export").isVisible()).resolves.toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  }, TIMEOUT);
});
