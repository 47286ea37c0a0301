import { describe, expect, test } from "bun:test";
import mammoth from "mammoth";
import { makePng } from "../../lib/sample-documents";
import { pdfPages as pages } from "../../testing/pdf-pages";
import type { ReportBlock } from "./blocks";
import exportReport from "./export-job";

// Reports printed on A4 as a team prints them: a long 7-column table of concrete tests, a chart drawn
// wider than the page, and a table too wide for an upright page. The export worker's own function writes
// real PDF and DOCX bytes; pdf.js reads back each page's text, size and where every picture is drawn.

const TEXT_WIDTH = 595.28 - 80;
const LABELS = { unavailable: "Недоступно", truncated: "Показаны не все строки" };
const HEADERS = ["Номер образца", "Дата испытания", "Класс бетона", "Прочность, МПа", "Поставщик", "Участок", "Примечание"];
const ROWS = Array.from({ length: 300 }, (_, i) => [`ОБР-${i}`, "12.03.2026", "B25", 31.5 + i / 10, "ООО Бетонстрой-Северный", `Пролёт ${i % 7}`, "Отбор на объекте, без замечаний"]);


async function exportPdf(html: string, blocks: Record<string, ReportBlock>) {
  return exportReport({ format: "pdf", title: "Испытания бетона", html, blocks, labels: LABELS, locale: "ru" });
}

describe("a report printed on A4", () => {
  test("a 300-row table of 7 columns repeats its header row on every page and keeps every column", async () => {
    const table: ReportBlock = { kind: "table", name: "Испытания", headers: HEADERS, rows: ROWS, truncated: false };
    const printed = await pages(await exportPdf("<h2>Отчёт</h2><p>[DATA-1]</p><p>Конец</p>", { 1: table }));
    expect(printed.length).toBeGreaterThan(3);
    for (const [index, page] of printed.entries()) {
      for (const header of HEADERS) expect({ page: index + 1, has: page.text.includes(header) }).toEqual({ page: index + 1, has: true });
      expect(page.width).toBeLessThan(page.height);
    }
    // Every column's value of the last row is printed: none ran off the page.
    expect(printed.at(-1)!.text).toContain("ОБР-299");
    expect(printed.at(-1)!.text).toContain("Пролёт 5");
    expect(printed.at(-1)!.text).toContain("замечаний");
  });

  test("a chart drawn wider than the page is scaled to the text width and printed on the page of its caption", async () => {
    const chart: ReportBlock = { kind: "chart", name: "Прочность по партиям", png: Buffer.from(makePng(1200, 700)).toString("base64") };
    // Text of several lengths before it, so that for some the caption would fit at the foot of a page and the chart not.
    for (const paragraphs of [18, 21, 24, 27, 30, 33]) {
      const filler = Array.from({ length: paragraphs }, (_, i) => `<p>Абзац ${i} пояснительной записки.</p>`).join("");
      const printed = await pages(await exportPdf(`${filler}<p>[DATA-2]</p>`, { 2: chart }));
      const withPicture = printed.filter((page) => page.pictures.length);
      expect(withPicture).toHaveLength(1);
      expect(withPicture[0]!.pictures[0]!).toBeLessThanOrEqual(TEXT_WIDTH + 0.5);
      expect(withPicture[0]!.pictures[0]!).toBeGreaterThan(TEXT_WIDTH * 0.9);
      expect({ paragraphs, caption: withPicture[0]!.text.includes("Прочность по партиям") }).toEqual({ paragraphs, caption: true });
    }
  });

  test("a table too wide for an upright page gets landscape pages of its own, and the text after it is upright again", async () => {
    const headers = Array.from({ length: 14 }, (_, i) => `Измерение_${i + 1}`);
    const rows = Array.from({ length: 60 }, (_, r) => headers.map((_, c) => `Отметка${r}_${c}_сверка`));
    const table: ReportBlock = { kind: "table", name: "Нивелирование", headers, rows, truncated: true };
    const printed = await pages(await exportPdf("<p>Вступление</p><p>[DATA-3]</p><p>Заключение</p>", { 3: table }));
    const wide = printed.filter((page) => page.width > page.height);
    expect(wide.length).toBeGreaterThan(0);
    // Words longer than their column break across lines rather than run off the page.
    for (const page of wide) for (const header of headers) expect(page.joined).toContain(header);
    expect(wide.at(-1)!.joined).toContain("Отметка59_13_сверка");
    expect(printed[0]!.width).toBeLessThan(printed[0]!.height);
    expect(printed[0]!.text).toContain("Вступление");
    const last = printed.at(-1)!;
    expect(last.width).toBeLessThan(last.height);
    expect(last.text).toContain("Заключение");
  });

  test("a wide table at the very end adds no blank page after it", async () => {
    const headers = Array.from({ length: 14 }, (_, i) => `Колонка_номер_${i + 1}`);
    const table: ReportBlock = { kind: "table", name: "Сводка", headers, rows: [headers.map((h) => `${h}_значение`)], truncated: false };
    const printed = await pages(await exportPdf("<p>Вступление</p><p>[DATA-4]</p>", { 4: table }));
    expect(printed.at(-1)!.width).toBeGreaterThan(printed.at(-1)!.height);
    expect(printed.at(-1)!.joined).toContain("Колонка_номер_14_значение");
  });

  test("DOCX marks a table's header row to repeat on every page", async () => {
    const table: ReportBlock = { kind: "table", name: "Испытания", headers: HEADERS, rows: ROWS.slice(0, 5), truncated: false };
    const bytes = await exportReport({ format: "docx", title: "Испытания", html: "<p>[DATA-1]</p>", blocks: { 1: table }, labels: LABELS, locale: "ru" });
    // mammoth reads rows marked to repeat (w:tblHeader) as the table's <thead>.
    const html = (await mammoth.convertToHtml({ buffer: Buffer.from(bytes) })).value;
    const head = /<thead>([\s\S]*?)<\/thead>/.exec(html)?.[1] ?? "";
    expect(head.match(/<tr>/g)).toHaveLength(1);
    for (const header of HEADERS) expect(head).toContain(header);
    expect(head).not.toContain("ОБР-0");
  });
});
