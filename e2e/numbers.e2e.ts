import { beforeAll, describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { es } from "../locales/es";
import { ru } from "../locales/ru";
import { ownPageHeaders } from "../src/testing/own-page";
import { apiCall, apiSignIn, browserSuite, projectWithModerator } from "./setup";

// Numbers typed the way Russian and Spanish readers write them (issue 18): a decimal comma, group marks,
// in every kind of number field: a calculation's inputs, a task template's NUMBER field, a table cell,
// the administrator's number settings and a user's drive quota. Each is stored or computed with the
// number meant; text that is no number (or could be two) shows its reason and saves nothing.

const TIMEOUT = 90_000;
const suite = browserSuite();
let projectId: number;
let moderatorCookie: string;
let adminCookie: string;

beforeAll(async () => {
  ({ projectId, moderatorCookie } = await projectWithModerator(suite.plexus, "Bridge"));
  adminCookie = await apiSignIn(suite.plexus.url, suite.plexus.admin.login, suite.plexus.admin.password);
});

const call = <T = any>(cookie: string, method: string, path: string, body?: unknown) => apiCall<T>(suite.plexus.url, cookie, method, path, body);
const errorOf = (page: Page, id: string) => page.locator(`[id="${id}"]`).getAttribute("aria-describedby").then((ids) => page.locator(`[id="${ids!.split(" ").at(-1)}"]`));

describe("numbers with a decimal comma", () => {
  test(
    "a calculation: 18,5 in Russian computes with 18.5, 1.000,5 in Spanish with 1000.5; text that is no number is refused beside its field",
    async () => {
      const created = await call(moderatorCookie, "POST", "/calc/save", { project: { id: projectId }, name: "Beam" });
      const props = [{ variable: "load", name: "Load, kN" }, { variable: "span", name: "Span, m" }];
      await call(moderatorCookie, "POST", "/calc/save", { id: created.id, script: "function main(p) {\n  return p.load * p.span;\n}\n", props: JSON.stringify(props) });
      for (const [language, dictionary, load, expected] of [["ru", ru, "18,5", "37"], ["es", es, "1.000,5", "2001"]] as const) {
        const { page } = await suite.pageAs(moderatorCookie, { language });
        await page.goto(`${suite.plexus.url}/project/${projectId}/calc/${created.id}`);
        const calculate = page.getByRole("button", { name: dictionary["calc.calculate"] });
        await calculate.waitFor();
        const loadBox = page.getByRole("textbox", { name: "Load, kN" });
        await loadBox.fill(load);
        await page.getByRole("textbox", { name: "Span, m" }).fill("2");
        await calculate.click();
        await page.locator(".cv__output", { hasText: expected }).waitFor();
        // What the field understood is shown when it differs from the text.
        await loadBox.fill("10000,5");
        await page.getByText(language === "ru" ? "= 10\u00a0000,5" : "= 10.000,5").waitFor();

        await loadBox.fill("18,5 кН");
        await calculate.click();
        const error = await errorOf(page, (await loadBox.getAttribute("id"))!);
        expect(await error.textContent()).toBe(dictionary["common.number.not_a_number"]);
        expect(await loadBox.getAttribute("aria-invalid")).toBe("true");
        expect(await page.locator(".cv__output").textContent()).not.toContain(expected);
      }
    },
    TIMEOUT,
  );

  test(
    "a task template's NUMBER field: 0,35 in Russian is saved as 0.35, 1 234,5 as 1234.5; 1.234 in Spanish is refused as ambiguous and nothing is saved",
    async () => {
      await call(adminCookie, "POST", "/issue-template/save", { name: "Survey", icon: "📐", fields: [{ name: "Depth", type: "NUMBER", required: true }] });
      const made: number[] = [];
      for (const [language, dictionary, typed, expected] of [["ru", ru, "0,35", 0.35], ["ru", ru, "1 234,5", 1234.5], ["es", es, "1.234", undefined], ["es", es, "0,35", 0.35]] as const) {
        const { page } = await suite.pageAs(moderatorCookie, { language });
        await page.goto(`${suite.plexus.url}/project/${projectId}/issue`);
        await page.locator("#tl-count").waitFor();
        await page.getByRole("button", { name: dictionary["issue.create"] }).click();
        const dialog = page.getByRole("dialog", { name: dictionary["issue.create"] });
        await dialog.getByLabel(dictionary["issue.name"], { exact: true }).fill(`Survey ${language} ${typed}`);
        await dialog.getByLabel(dictionary["issue.template"]).selectOption({ label: "📐 Survey" });
        const depth = dialog.getByLabel("Depth *");
        await depth.fill(typed);
        await dialog.getByRole("button", { name: dictionary["issue.create"] }).click();
        const tasks = async () => (await call<{ content: { id: number; name: string }[] }>(moderatorCookie, "POST", `/issue/find-pageable-search-result?projectId=${projectId}`, { page: 0, rowsPerPage: 100, criteria: [] })).content;
        if (expected === undefined) {
          await dialog.getByText(dictionary["common.number.ambiguous"]).waitFor();
          expect(await depth.inputValue()).toBe(typed);
          expect((await tasks()).map((issue) => issue.name)).not.toContain(`Survey ${language} ${typed}`);
          continue;
        }
        await page.getByText(dictionary["issue.taskCreated"]).waitFor();
        const id = (await tasks()).find((issue) => issue.name === `Survey ${language} ${typed}`)!.id;
        made.push(id);
        expect((await call(moderatorCookie, "GET", `/issue/get?id=${id}`)).additionalFields.Depth).toBe(expected);
      }
      expect(made.length).toBe(3);
    },
    TIMEOUT,
  );

  test(
    "a table cell: 1 234,5 typed in Russian is stored as 1234.5; 007 typed over a number stays text, as an import keeps it",
    async () => {
      const form = new FormData();
      form.append("name", "Levels");
      form.append("file", new File([new TextEncoder().encode("Gauge;Level\r\nA;1\r\nB;007\r\n")], "levels.csv"));
      const imported = await fetch(`${suite.plexus.url}/api/table/save-for-project/${projectId}`, { method: "POST", headers: { cookie: moderatorCookie, ...ownPageHeaders(suite.plexus.url) }, body: form });
      const id = (await imported.json()).id as number;
      const { page } = await suite.pageAs(moderatorCookie, { language: "ru" });
      await page.goto(`${suite.plexus.url}/project/${projectId}/table/${id}`);
      const row = page.locator(".tv__row:not(.is-loading)");
      await row.first().waitFor();
      const levels = async () => (await call<{ items: Record<string, unknown>[] }>(moderatorCookie, "GET", `/table/get-table/${id}?page=0&rowsPerPage=10`)).items.map((r) => r.cell_1);
      expect(await levels()).toEqual([1, "007"]);
      // The second row's "007" is typed again over "7" there: typing follows the import's rule.
      await call(moderatorCookie, "POST", "/table/update", { id, items: [{ id: (await call(moderatorCookie, "GET", `/table/get-table/${id}?page=0&rowsPerPage=10`)).items[1].id, cell_1: 7 }] });
      await page.reload();
      await row.first().waitFor();
      for (const [index, typed] of [[0, "1 234,5"], [1, "007"]] as const) {
        await row.nth(index).locator("td[data-col='1']").dblclick();
        const editor = page.getByRole("textbox", { name: "Level" });
        await editor.fill(typed);
        await editor.press("Enter");
        await page.getByText(ru["table.saved"]).first().waitFor();
        await editor.waitFor({ state: "detached" });
      }
      await expect(levels()).resolves.toEqual([1234.5, "007"]);
      expect(await row.first().locator("td[data-col='1'] .tv__value").textContent()).toBe("1\u00a0234,5");
    },
    TIMEOUT,
  );

  test(
    "number settings and a drive quota: 1 000 in Russian is saved as 1000; 2,5 and 1.234,5 there, 1.024 in Spanish are refused with their reason",
    async () => {
      const { page } = await suite.pageAs(adminCookie, { language: "ru" });
      await page.goto(`${suite.plexus.url}/admin/settings`);
      const keep = page.getByLabel(ru["admin.settings.label.BACKUP_KEEP"]);
      await keep.fill("2,5");
      await keep.blur();
      await page.getByText(ru["admin.settings.invalid.number"]).waitFor();
      await keep.fill("1.234,5");
      await page.getByText(ru["common.number.not_a_number"]).waitFor();
      await page.getByRole("button", { name: ru["admin.settings.save"] }).click();
      expect(await keep.evaluate((el) => el === document.activeElement)).toBe(true);
      const stored = async () => (await call<{ label: string; body: string }[]>(adminCookie, "GET", "/settings/get-all")).find((s) => s.label === "BACKUP_KEEP")!.body;
      expect(await stored()).toBe("7");
      await keep.fill("1 000");
      await page.getByRole("button", { name: ru["admin.settings.save"] }).click();
      await page.getByText(ru["admin.settings.saved"]).waitFor();
      expect(await stored()).toBe("1000");

      const person = await suite.plexus.newUser({ firstName: "Rosa", lastName: "Quota" });
      const admin = await suite.pageAs(adminCookie, { language: "es" });
      await admin.page.goto(`${suite.plexus.url}/admin/users`);
      const quota = admin.page.getByLabel(es["drive.quotaMb"].replace("{{name}}", "Rosa Quota"));
      const personCookie = await apiSignIn(suite.plexus.url, person.login, person.password);
      const quotaOf = async () => await call<{ quota: number; custom: boolean }>(personCookie, "GET", "/files/quota");
      const before = await quotaOf();
      const save = admin.page.locator("tr", { has: quota }).getByRole("button", { name: es["common.save"] });
      await quota.fill("1.024");
      await save.click();
      await admin.page.getByText(es["common.number.ambiguous"]).waitFor();
      expect(await quotaOf()).toEqual(before);
      await quota.fill("1.024,5");
      await save.click();
      await admin.page.getByText(es["common.number.not_whole"]).waitFor();
      await quota.fill("20.480.000");
      await save.click();
      await admin.page.getByText(es["common.number.too_large"].replace("{{max}}", "")).first().waitFor();
      await quota.fill("2");
      await save.click();
      await admin.page.getByText(es["drive.quotaSaved"]).waitFor();
      expect((await quotaOf()).quota).toBe(2 * 1024 * 1024);
    },
    TIMEOUT,
  );
});
