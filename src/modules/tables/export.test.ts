import { describe, expect, test } from "bun:test";
import ExcelJS from "exceljs";
import { sheetNameOf } from "../../lib/sheet-writer";
import { OWN_PAGE_HEADERS, withTestApp } from "../../testing/harness";
import { createTable } from "./service";

const { t, f } = withTestApp();

const download = (cookie: string, path: string) => t.app.handle(new Request(`http://plexus.test/api${path}`, { headers: { ...OWN_PAGE_HEADERS, cookie } }));

/** Concrete cube tests as a lab logs them: dd.mm.yyyy dates, strengths with fractions, a long note. */
async function cubeTests(name: string) {
  const s = await f.projectScene();
  const rows = Array.from({ length: 2100 }, (_, i) => [`К-${i + 1}`, `${String((i % 28) + 1).padStart(2, "0")}.03.2026`, 31.5 + (i % 10), i === 5 ? "трещина по грани, образец заменён, повторное испытание через 7 суток" : null]);
  const table = createTable(t.db, s.moderator.user, s.project.id, { name, headers: ["Образец", "Дата", "Прочность, МПа", "Примечание"], rows });
  return { s, table };
}

describe("table downloads keep numbers and dates", () => {
  test("XLSX: dates as Excel dates, numbers as numbers, columns as wide as their text, the sheet named after the table", async () => {
    const { s, table } = await cubeTests("Кубы: партия [3] / бетон B25 участок Северный-2");
    const res = await download(s.member.cookie, `/files/get-data-table/${table.id}`);
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const sheet = book.worksheets[0];
    expect(sheet.name).toBe("Кубы партия 3 бетон B25 участок");
    const date = sheet.getRow(2).getCell(2);
    expect(date.type).toBe(ExcelJS.ValueType.Date);
    expect(date.value).toEqual(new Date(Date.UTC(2026, 2, 1)));
    expect(sheet.getRow(2).getCell(3).type).toBe(ExcelJS.ValueType.Number);
    expect(sheet.getRow(2).getCell(3).value).toBe(31.5);
    expect(sheet.getRow(2).getCell(1).type).toBe(ExcelJS.ValueType.String);
    expect([1, 2, 3, 4].map((c) => sheet.getColumn(c).width)).toEqual([10, 12, 16, 60]);
  }, 30_000);

  test("CSV follows the reader's locale: semicolons and decimal commas in ru; the query chooses either", async () => {
    const { s, table } = await cubeTests("Кубы");
    const text = async (cookie: string, query = "") => new TextDecoder().decode((await (await download(cookie, `/files/get-data-table/${table.id}?format=csv${query}`)).arrayBuffer()).slice(3));
    const ru = await text(`${s.member.cookie}; plexus_locale=ru`);
    expect(ru.split("\r\n").slice(0, 3)).toEqual(["Образец;Дата;Прочность, МПа;Примечание", "К-1;01.03.2026;31,5;", "К-2;02.03.2026;32,5;"]);
    const es = await text(`${s.member.cookie}; plexus_locale=es`);
    expect(es.split("\r\n")[1]).toBe("К-1;01.03.2026;31,5;");
    const point = await text(`${s.member.cookie}; plexus_locale=ru`, "&csv=point");
    expect(point.split("\r\n").slice(0, 2)).toEqual(['Образец,Дата,"Прочность, МПа",Примечание', "К-1,01.03.2026,31.5,"]);
    expect((await text(s.member.cookie, "&csv=comma")).split("\r\n")[1]).toBe("К-1;01.03.2026;31,5;");
  }, 30_000);

  test("a sheet name keeps Excel's rules", () => {
    expect(sheetNameOf("'History'")).toBe("Sheet1");
    expect(sheetNameOf("a:b\\c/d?e*f[g]h")).toBe("a b c d e f g h");
    expect(sheetNameOf("  ")).toBe("Sheet1");
    expect(sheetNameOf("x".repeat(40))).toHaveLength(31);
  });
});
