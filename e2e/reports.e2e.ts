import { describe, expect, test } from "bun:test";
import { readFile } from "node:fs/promises";
import mammoth from "mammoth";
import type { Page } from "playwright-core";
import { extractText } from "unpdf";
import { createTable } from "../src/modules/tables/service";
import { apiCall, browserSuite, projectWithModerator } from "./setup";

// Reports in Debian's chromium against the built server: a moderator makes a report from the list, writes
// it with the wiki's editor and inserts a table and a chart through 'insert data', sees both drawn live,
// exports PDF and DOCX and reads the Cyrillic text back; cancel drops a draft; a reader meets the neutral
// block for data of another project and no edit; the page at 360 px.

const TIMEOUT = 90_000;
const suite = browserSuite();

/** A project with a moderator (the project's flag) and a plain member, a table «Бюджет» and a BAR chart «Выручка по месяцам» over it. */
async function scene(name: string) {
  const { plexus } = suite;
  const { projectId, moderator, moderatorCookie, readerCookie } = await projectWithModerator(plexus, name);
  const table = plexus.db.transaction((tx) =>
    createTable(tx, moderator, projectId, { name: "Бюджет", headers: ["Месяц", "Выручка"], rows: [["Январь", 120], ["Февраль", 135.5]] }),
  );
  const chart = await apiCall<{ id: number }>(plexus.url, moderatorCookie, "POST", "/chart/save", {
    projectId,
    name: "Выручка по месяцам",
    type: "BAR",
    showDetails: true,
    mainColumn: "cell_0",
    headers: [{ name: "Месяц", field: "cell_0", isValue: false }, { name: "Выручка", field: "cell_1", isValue: true }],
    table: table.id,
  });
  return { projectId, table, chart, moderator, moderatorCookie, readerCookie };
}
type Scene = Awaited<ReturnType<typeof scene>>;

/** A report saved through the API, as the create dialog and the editor save it. */
async function seedReport(s: Scene, name: string, body: string) {
  const { id } = await apiCall<{ id: number }>(suite.plexus.url, s.moderatorCookie, "POST", "/data/save", { dataType: "REPORT", name, project: { id: s.projectId }, body: "" });
  await apiCall(suite.plexus.url, s.moderatorCookie, "POST", "/report/save", { id, body });
  return id;
}

const reportPath = (s: Scene, id: number) => `${suite.plexus.url}/project/${s.projectId}/report/${id}`;

/** The table block drawn by the table viewer, and the chart block's canvas with pixels painted. */
async function waitBlocksDrawn(page: Page) {
  await page.locator(".rp-block--table").getByText("Январь").first().waitFor();
  await page.waitForFunction(() => {
    const canvas = document.querySelector<HTMLCanvasElement>(".rp-block--chart canvas");
    if (!canvas || canvas.width === 0) return false;
    const pixels = canvas.getContext("2d")!.getImageData(0, 0, canvas.width, canvas.height).data;
    for (let i = 3; i < pixels.length; i += 4) if (pixels[i] !== 0) return true;
    return false;
  });
}

/** Clicks an export button and answers the downloaded file's name and bytes. */
async function download(page: Page, name: string) {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name }).click()]);
  return { name: file.suggestedFilename(), bytes: new Uint8Array(await readFile((await file.path())!)) };
}

describe("reports", () => {
  test(
    "a moderator makes a report, inserts a table and a chart, sees them live and exports PDF and DOCX with the Cyrillic intact",
    async () => {
      const s = await scene("Отчёты");
      const { page } = await suite.pageAs(s.moderatorCookie);
      await page.goto(`${suite.plexus.url}/project/${s.projectId}/report`);
      await page.getByRole("button", { name: "New report" }).click();
      const dialog = page.getByRole("dialog", { name: "New report" });
      await dialog.getByRole("button", { name: "Create" }).click();
      await dialog.getByText("Enter the name").waitFor();
      await dialog.getByRole("textbox", { name: "Name" }).fill("Отчёт по мосту");
      await dialog.getByRole("button", { name: "Create" }).click();
      await page.waitForURL(/\/project\/\d+\/report\/\d+$/);
      await page.getByText("This report has no text yet.").waitFor();

      await page.getByRole("button", { name: "Edit report" }).click();
      const text = page.getByRole("textbox", { name: "Report text" });
      await text.click();
      await page.keyboard.type("Введение к отчёту о мосте.");
      for (const [search, result] of [["Бюдж", "Бюджет · Table"], ["Выручка", "Выручка по месяцам · Chart"]]) {
        await page.getByRole("button", { name: "Insert data" }).click();
        await page.getByRole("searchbox", { name: "Find a table or chart by name" }).fill(search);
        await page.getByRole("button", { name: result }).click();
      }
      // The editor shows what is embedded, not its placeholder: the table's name, type and first rows, the chart's picture.
      await page.waitForFunction(() => document.querySelectorAll(".rp__area .rp-embed__card").length === 2);
      const embeds = text.locator(".rp-embed__card");
      expect(await embeds.locator("figcaption").allTextContents()).toEqual(["БюджетTable", "Выручка по месяцамChart"]);
      await embeds.nth(0).getByText("Январь").waitFor();
      await embeds.nth(1).getByRole("img", { name: "Выручка по месяцам" }).waitFor();
      expect(await text.textContent()).not.toContain("[DATA-");
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await page.locator("#snackbar", { hasText: "The report is saved" }).waitFor();
      // Saved as placeholders, and both are now related to the report, so split screen lists them.
      const reportId = Number(page.url().split("/").at(-1));
      expect((await apiCall<{ body: string }>(suite.plexus.url, s.readerCookie, "GET", `/report/get/${reportId}`)).body).toContain(`<p>[DATA-${s.chart.id}]</p>`);
      const related = await apiCall<{ id: number }[]>(suite.plexus.url, s.readerCookie, "GET", `/relations-data/get?id=${reportId}`);
      expect(related.map((r) => r.id).sort((a, b) => a - b)).toEqual([s.table.id, s.chart.id].sort((a, b) => a - b));
      await page.getByText("Введение к отчёту о мосте.").waitFor();
      await waitBlocksDrawn(page);
      // And the same after a reload: what was saved, drawn live.
      await page.reload();
      await waitBlocksDrawn(page);

      const pdf = await download(page, "Export to PDF");
      expect(pdf.name).toBe("Отчёт по мосту.pdf");
      const pdfText = (await extractText(pdf.bytes.slice(), { mergePages: true })).text as string;
      for (const words of ["Отчёт по мосту", "Введение к отчёту о мосте.", "Бюджет", "Месяц", "Январь", "135.5", "Выручка по месяцам"]) expect(pdfText).toContain(words);
      expect(pdfText).not.toContain("[DATA-");
      expect(Buffer.from(pdf.bytes).toString("latin1")).toContain("/Subtype /Image");

      const docx = await download(page, "Export to DOCX");
      expect(docx.name).toBe("Отчёт по мосту.docx");
      const docxText = (await mammoth.extractRawText({ buffer: Buffer.from(docx.bytes) })).value;
      for (const words of ["Отчёт по мосту", "Введение к отчёту о мосте.", "Бюджет", "Февраль", "Выручка по месяцам"]) expect(docxText).toContain(words);
      const html = (await mammoth.convertToHtml({ buffer: Buffer.from(docx.bytes) })).value;
      expect(html).toContain("<table>");
      expect(html).toMatch(/<img [^>]*src="data:image\/png;base64,/);
    },
    TIMEOUT,
  );

  test(
    "cancel drops the draft: the report reads as before, also after a reload",
    async () => {
      const s = await scene("Drafts");
      const id = await seedReport(s, "Weekly", "<p>First paragraph.</p>");
      const { page } = await suite.pageAs(s.moderatorCookie);
      await page.goto(reportPath(s, id));
      await page.getByText("First paragraph.").waitFor();
      await page.getByRole("button", { name: "Edit report" }).click();
      await page.getByRole("textbox", { name: "Report text" }).click();
      await page.keyboard.press("End");
      await page.keyboard.type(" A draft nobody keeps.");
      await page.getByRole("button", { name: "Cancel" }).click();
      await expect(page.getByRole("button", { name: "Edit report" }).evaluate((button) => button === document.activeElement)).resolves.toBe(true);
      expect(await page.locator(".rp__body").textContent()).toBe("First paragraph.");
      await page.reload();
      await page.getByText("First paragraph.").waitFor();
      expect(await page.getByText("A draft nobody keeps.").count()).toBe(0);
      const stored = await apiCall<{ body: string }>(suite.plexus.url, s.readerCookie, "GET", `/report/get/${id}`);
      expect(stored.body).toBe("<p>First paragraph.</p>");
    },
    TIMEOUT,
  );

  test(
    "a reader sees the table live, a neutral block for another project's table with no name, and no edit",
    async () => {
      const s = await scene("Readers");
      const other = await scene("Elsewhere");
      const foreign = suite.plexus.db.transaction((tx) =>
        createTable(tx, other.moderator, other.projectId, { name: "Чужая таблица", headers: ["Секрет"], rows: [["тайна"]] }),
      );
      const id = await seedReport(s, "Mixed", `<p>Intro.</p><p>[DATA-${s.table.id}]</p><p>[DATA-${foreign.id}]</p>`);
      const { page } = await suite.pageAs(s.readerCookie);
      await page.goto(reportPath(s, id));
      await page.locator(".rp-block--table").getByText("Январь").first().waitFor();
      await page.locator(".rp-block--none", { hasText: "Data unavailable" }).waitFor();
      expect(await page.locator(".rp__body").textContent()).not.toContain("Чужая");
      expect(await page.getByRole("button", { name: "Edit report" }).count()).toBe(0);
      await page.getByRole("button", { name: "Export to PDF" }).waitFor();
    },
    TIMEOUT,
  );

  test(
    "at 360 px the report, its blocks and the editor fit the width",
    async () => {
      const s = await scene("Narrow");
      const id = await seedReport(s, "Narrow report", `<h2>Итоги</h2><p>Text before the table.</p><p>[DATA-${s.table.id}]</p><p>[DATA-${s.chart.id}]</p>`);
      const { page } = await suite.pageAs(s.moderatorCookie, { viewport: { width: 360, height: 740 } });
      await page.goto(reportPath(s, id));
      await waitBlocksDrawn(page);
      const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(await overflow()).toBeLessThanOrEqual(0);
      await page.getByRole("button", { name: "Edit report" }).click();
      await page.getByRole("toolbar", { name: "Formatting" }).waitFor();
      expect(await overflow()).toBeLessThanOrEqual(0);
      await page.getByRole("button", { name: "Insert data" }).click();
      await page.getByRole("searchbox", { name: "Find a table or chart by name" }).fill("Бюд");
      await page.getByRole("button", { name: "Бюджет · Table" }).waitFor();
      expect(await overflow()).toBeLessThanOrEqual(0);
    },
    TIMEOUT,
  );
});
