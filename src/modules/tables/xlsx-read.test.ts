import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { inflateEntry, readZipDirectory } from "../../lib/zip";
import { storedZip } from "../../testing/zip-fixture";
import readTable from "./import-job";

const dir = mkdtempSync(join(tmpdir(), "xlsx-read-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The parts of an XLSX, with the first sheet placed before or after the shared strings. */
async function reordered(bytes: Uint8Array, sheetFirst: boolean): Promise<Uint8Array> {
  const entries = await readZipDirectory((s, e) => bytes.subarray(s, e), bytes.length);
  const parts = entries.map((entry) => [entry.name, inflateEntry(bytes, entry)] as [string, Uint8Array]);
  const rank = (name: string) => (name === "xl/worksheets/sheet1.xml" ? (sheetFirst ? 0 : 2) : name === "xl/sharedStrings.xml" ? 1 : -1);
  return storedZip(parts.sort((a, b) => rank(a[0]) - rank(b[0])));
}

async function read(bytes: Uint8Array, keep = 50) {
  const path = join(dir, `${crypto.randomUUID()}.xlsx`);
  await Bun.write(path, bytes);
  return readTable({ path, kind: "xlsx", keep });
}

describe("readXlsx", () => {
  test("the same workbook with its sheet before or after the shared strings reads the same, every time", async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet("S").addRows([["Pier", "Depth"], ["North", 4], ["South", 7]]);
    const bytes = new Uint8Array(await book.xlsx.writeBuffer());
    for (const sheetFirst of [true, false]) {
      const zip = await reordered(bytes, sheetFirst);
      for (let i = 0; i < 50; i++) {
        const table = await read(zip);
        expect([table.headers, ...table.rows]).toEqual([["Pier", "Depth"], ["North", 4], ["South", 7]]);
      }
    }
  }, 30_000); // a hundred reads: 4.5-6 s on a machine shared by eight test runs

  test("rich text gives its plain text, an inline string its text, shared formulas their results, in either part order", async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("S");
    sheet.addRows([["Name", "Double"], [{ richText: [{ text: "Nor", font: { bold: true } }, { text: "th" }] }, 0], ["South", 0]]);
    sheet.getCell("B2").value = { formula: "LEN(A2)*2", result: 10, shareType: "shared", ref: "B2:B3" } as ExcelJS.CellValue;
    sheet.getCell("B3").value = { sharedFormula: "B2", result: 10 } as ExcelJS.CellValue;
    const written = new Uint8Array(await book.xlsx.writeBuffer());
    const entries = await readZipDirectory((s, e) => written.subarray(s, e), written.length);
    const parts = entries.map((entry) => [entry.name, inflateEntry(written, entry)] as [string, Uint8Array]);
    // Turn the first data cell into an inline string, as some writers do.
    const sheetPart = parts.find(([name]) => name === "xl/worksheets/sheet1.xml");
    if (!sheetPart) throw new Error("no sheet");
    sheetPart[1] = new TextEncoder().encode(new TextDecoder().decode(sheetPart[1]).replace(/<c r="A3"([^>]*) t="s"><v>\d+<\/v><\/c>/, '<c r="A3"$1 t="inlineStr"><is><t>South</t></is></c>'));
    for (const sheetFirst of [true, false]) {
      const table = await read(await reordered(storedZip(parts), sheetFirst));
      expect([table.headers, ...table.rows]).toEqual([["Name", "Double"], ["North", 10], ["South", 10]]);
    }
    expect(new TextDecoder().decode(sheetPart[1])).toContain("inlineStr");
  });
});
