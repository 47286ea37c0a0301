import { describe, expect, test } from "bun:test";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTable } from "../src/modules/tables/service";
import { pdfPages } from "../src/testing/pdf-pages";
import { apiCall, browserSuite, projectWithModerator } from "./setup";

// A report as a team prints it, from the report page in Debian's chromium: a chart (drawn by the page, sent as a
// picture) and a 7-column table of 300 concrete tests, exported to PDF. poppler's pdftotext reads every page back:
// each has every column's header; pdf.js says where each picture is drawn: none wider than the text.

const TIMEOUT = 240_000;
const suite = browserSuite();
const HEADERS = ["Образец", "Дата", "Класс", "Прочность", "Поставщик", "Участок", "Примечание"];
/** A4's width less the export's margins (src/modules/reports/pdf-layout.ts). */
const TEXT_WIDTH = 595.28 - 80;

/** Each page's text as poppler-utils' pdftotext reads it. */
async function pdftotextPages(bytes: Uint8Array, pages: number) {
  const dir = await mkdtemp(join(tmpdir(), "plexus-pdf-"));
  try {
    const file = join(dir, "report.pdf");
    await writeFile(file, bytes);
    const texts: string[] = [];
    for (let page = 1; page <= pages; page++) {
      const run = Bun.spawnSync(["pdftotext", "-f", String(page), "-l", String(page), "-enc", "UTF-8", file, "-"]);
      expect(run.exitCode).toBe(0);
      texts.push(run.stdout.toString());
    }
    return texts;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe("a report exported to PDF", () => {
  test(
    "a chart and a 7-column table of 300 rows: every page has every column's header, and the picture fits the page",
    async () => {
      const { projectId, moderator, moderatorCookie } = await projectWithModerator(suite.plexus, "Испытания бетона");
      const rows = Array.from({ length: 300 }, (_, i) => [`ОБР-${i}`, "12.03.2026", ["B25", "B30", "B35"][i % 3]!, 31.5 + i / 10, `Завод ${i % 5}`, `Пролёт ${i % 7}`, "Без замечаний"]);
      const table = suite.plexus.db.transaction((tx) => createTable(tx, moderator, projectId, { name: "Испытания", headers: HEADERS, rows }));
      const chart = await apiCall<{ id: number }>(suite.plexus.url, moderatorCookie, "POST", "/chart/save", {
        projectId,
        name: "Средняя прочность по классам",
        type: "BAR",
        showDetails: true,
        mainColumn: "cell_2",
        headers: HEADERS.map((name, i) => ({ name, field: `cell_${i}`, isValue: i === 3 })),
        table: table.id,
        summary: { op: "AVG" },
      });
      const { id } = await apiCall<{ id: number }>(suite.plexus.url, moderatorCookie, "POST", "/data/save", { dataType: "REPORT", name: "Протокол", project: { id: projectId }, body: "" });
      await apiCall(suite.plexus.url, moderatorCookie, "POST", "/report/save", { id, body: `<h2>Протокол испытаний</h2><p>[DATA-${chart.id}]</p><p>[DATA-${table.id}]</p><p>Конец протокола.</p>` });

      const { page } = await suite.pageAs(moderatorCookie);
      await page.goto(`${suite.plexus.url}/project/${projectId}/report/${id}`);
      await page.locator(".rp-block--table").getByText("ОБР-0").first().waitFor();
      await page.locator(".rp-block--chart canvas").waitFor();
      const [download] = await Promise.all([page.waitForEvent("download", { timeout: 200_000 }), page.getByRole("button", { name: "Export to PDF" }).click()]);
      const bytes = new Uint8Array(await readFile((await download.path())!));

      const printed = await pdfPages(bytes);
      expect(printed.length).toBeGreaterThan(3);
      const texts = await pdftotextPages(bytes, printed.length);
      const missing = texts.flatMap((text, i) => HEADERS.filter((header) => !text.includes(header)).map((header) => `page ${i + 1}: ${header}`));
      console.log(`PDF: ${printed.length} pages; headers missing: ${missing.length}; pictures drawn ${printed.flatMap((p) => p.pictures).map((w) => Math.round(w)).join(", ")} pt wide of ${TEXT_WIDTH} pt`);
      expect(missing).toEqual([]);
      expect(texts.at(-1)).toContain("ОБР-299");
      expect(texts.at(-1)).toContain("Без замечаний");
      // The chart's picture: one, on the page of its caption, no wider than the text.
      const withPicture = printed.flatMap((p, i) => p.pictures.map((width) => ({ page: i, width })));
      expect(withPicture).toHaveLength(1);
      expect(withPicture[0]!.width).toBeLessThanOrEqual(TEXT_WIDTH + 0.5);
      expect(texts[withPicture[0]!.page]).toContain("Средняя прочность по классам");
    },
    TIMEOUT,
  );
});
