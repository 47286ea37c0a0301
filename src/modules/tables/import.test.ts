import { describe, expect, test } from "bun:test";
import { count, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { dataItems, tableRows } from "../../../db/schema";
import { madeFilesFolder } from "../../lib/xlsx-download";
import { OWN_PAGE_HEADERS, withTestApp } from "../../testing/harness";

const { t, f } = withTestApp();

type Bytes = Uint8Array | string;

async function send(cookie: string, path: string, file: { name: string; bytes: Bytes } | null, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file) form.append("file", new File([file.bytes as BlobPart], file.name));
  const response = await t.app.handle(new Request(`http://plexus.test/api${path}`, { method: "POST", headers: { ...OWN_PAGE_HEADERS, cookie }, body: form }));
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

const preview = (cookie: string, projectId: number, name: string, bytes: Bytes) => send(cookie, "/table/preview", { name, bytes }, { projectId: String(projectId) });
const save = (cookie: string, projectId: number, name: string, bytes: Bytes, fields: Record<string, string> = { name: "Imported" }) =>
  send(cookie, `/table/save-for-project/${projectId}`, { name, bytes }, fields);

async function xlsx(rows: unknown[][]): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet("Data").addRows(rows);
  return new Uint8Array(await book.xlsx.writeBuffer());
}

/** Windows-1251 bytes of Cyrillic text (TextEncoder writes only UTF-8). */
function cp1251(text: string): Uint8Array {
  const decoder = new TextDecoder("windows-1251");
  const byChar = new Map<string, number>();
  for (let b = 0; b < 256; b++) byChar.set(decoder.decode(new Uint8Array([b])), b);
  return new Uint8Array([...text].map((c) => byChar.get(c)!));
}

const tablesIn = (projectId: number) => t.db.select({ n: count() }).from(dataItems).where(eq(dataItems.projectId, projectId)).get()!.n;
const storedRows = () => t.db.select({ n: count() }).from(tableRows).get()!.n;
/** Files left under DATA_DIR/files (uploads are removed once read, whatever the answer). */
const leftFiles = () => {
  const root = join(t.config.dataDir, "files");
  return existsSync(root) ? readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length : 0;
};

describe("table/preview", () => {
  test("reads a real XLSX: headers (an empty one named later), numbers as numbers, dates as text, formulas' results; nothing stored", async () => {
    const s = await f.projectScene();
    const bytes = await xlsx([
      ["Pier", "Height", null, "Inspected"],
      ["П-1", 12.5, "ok", new Date(Date.UTC(2024, 4, 17))],
      ["П-2", { formula: "1+2", result: 3 }, { richText: [{ text: "re" }, { text: "pair" }] }, new Date(Date.UTC(2024, 4, 18, 9, 30))],
    ]);
    const res = await preview(s.moderator.cookie, s.project.id, "piers.xlsx", bytes);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      headers: ["Pier", "Height", "", "Inspected"],
      rows: [
        ["П-1", 12.5, "ok", "2024-05-17"],
        ["П-2", 3, "repair", "2024-05-18 09:30"],
      ],
      totalRows: 2,
    });
    expect(tablesIn(s.project.id)).toBe(0);
  });

  test("a Windows-1251 semicolon CSV with a decimal comma and a quoted line break", async () => {
    const s = await f.projectScene();
    const bytes = cp1251('Город;Население;Заметка\r\nМосква;13000000,5;"две\r\nстроки"\r\nТверь;3,5;007\r\n');
    const res = await preview(s.moderator.cookie, s.project.id, "города.csv", bytes);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      headers: ["Город", "Население", "Заметка"],
      rows: [
        ["Москва", 13000000.5, "две\r\nстроки"],
        ["Тверь", 3.5, "007"],
      ],
      totalRows: 2,
      encoding: "windows-1251",
      delimiter: ";",
    });
  });

  test("UTF-8 with a byte order mark and commas, UTF-16 with its mark and tabs; only 50 rows come back, all are counted", async () => {
    const s = await f.projectScene();
    const lines = ["Name,Value", ...Array.from({ length: 120 }, (_, i) => `Строка ${i},"1,5"`)];
    const utf8 = await preview(s.moderator.cookie, s.project.id, "a.csv", `\ufeff${lines.join("\n")}`);
    expect(utf8.body.encoding).toBe("UTF-8");
    expect(utf8.body.delimiter).toBe(",");
    expect(utf8.body.headers).toEqual(["Name", "Value"]);
    // In a comma CSV a comma is no decimal separator: "1,5" stays text.
    expect(utf8.body.rows[0]).toEqual(["Строка 0", "1,5"]);
    expect(utf8.body.rows.length).toBe(50);
    expect(utf8.body.totalRows).toBe(120);
    const text = "A\tB\r\nЁж\t2\r\n";
    const utf16 = new Uint8Array(2 + text.length * 2);
    utf16.set([0xff, 0xfe]);
    for (let i = 0; i < text.length; i++) new DataView(utf16.buffer).setUint16(2 + i * 2, text.charCodeAt(i), true);
    const res = await preview(s.moderator.cookie, s.project.id, "b.txt", utf16);
    expect(res.body).toEqual({ headers: ["A", "B"], rows: [["Ёж", 2]], totalRows: 1, encoding: "UTF-16LE", delimiter: "\t" });
  });

  test("a plain member may not import (403), an outsider is told there is no project (404), and the file is not kept", async () => {
    const s = await f.projectScene();
    expect((await preview(s.member.cookie, s.project.id, "a.csv", "A\n1")).status).toBe(403);
    expect((await preview(s.outsider.cookie, s.project.id, "a.csv", "A\n1")).status).toBe(404);
    expect((await send(s.moderator.cookie, "/table/preview", { name: "a.csv", bytes: "A\n1" })).status).toBe(422);
    expect(leftFiles()).toBe(0);
  });
});

test("table/preview refuses an outsider at the file's first byte, not after a trickled 10 MB body", async () => {
  const s = await f.projectScene();
  const boundary = "plexus-trickle";
  const head = `--${boundary}\r\ncontent-disposition: form-data; name="projectId"\r\n\r\n${s.project.id}\r\n--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="big.csv"\r\ncontent-type: text/csv\r\n\r\n`;
  let sent = 0;
  const chunk = new TextEncoder().encode("1,2,3\n".repeat(10_000));
  const body = new ReadableStream<Uint8Array>({
    start: (controller) => controller.enqueue(new TextEncoder().encode(head)),
    // 10 MB in 60 KB pieces 10 ms apart: about 1.7 s if it were all read.
    async pull(controller) {
      await Bun.sleep(10);
      if (sent >= 10 * 1024 * 1024) return controller.close();
      sent += chunk.length;
      controller.enqueue(chunk);
    },
  });
  const started = performance.now();
  const response = await t.app.handle(
    new Request("http://plexus.test/api/table/preview", { method: "POST", headers: { ...OWN_PAGE_HEADERS, cookie: s.outsider.cookie, "content-type": `multipart/form-data; boundary=${boundary}` }, body }),
  );
  const took = performance.now() - started;
  expect(response.status).toBe(404);
  expect(took).toBeLessThan(500);
  expect(sent).toBeLessThan(1024 * 1024);
  expect(leftFiles()).toBe(0);
});

describe("files that are not tables, or too big", () => {
  test("a PNG renamed .xlsx, a truncated XLSX, a PDF, an empty file and a binary .csv: clear 4xx, nothing stored", async () => {
    const s = await f.projectScene();
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    const whole = await xlsx([["A"], [1]]);
    const cases: [string, Bytes, number, string][] = [
      ["image.xlsx", png, 415, "file_type_mismatch"],
      ["cut.xlsx", whole.subarray(0, Math.floor(whole.length / 2)), 422, "file_unreadable"],
      ["doc.pdf", "%PDF-1.4\n%%EOF", 415, "table_file_type"],
      ["empty.csv", "", 422, "file_empty"],
      ["image.csv", png, 422, "file_unreadable"],
    ];
    for (const [name, bytes, status, error] of cases) {
      const res = await save(s.moderator.cookie, s.project.id, name, bytes);
      expect([name, res.status, res.body.error]).toEqual([name, status, error]);
    }
    expect(tablesIn(s.project.id)).toBe(0);
    expect(leftFiles()).toBe(0);
  });

  test("a 1 MB line of commas is a table too wide (422 table_too_wide), answered quickly", async () => {
    const s = await f.projectScene();
    const started = performance.now();
    const res = await preview(s.moderator.cookie, s.project.id, "wide.csv", ",".repeat(1024 * 1024));
    expect(res.status).toBe(422);
    expect(res.body.error).toBe("table_too_wide");
    expect(performance.now() - started).toBeLessThan(5000);
  });

  test("an XLSX wider than 500 columns is refused the same way", async () => {
    const s = await f.projectScene();
    const res = await save(s.moderator.cookie, s.project.id, "wide.xlsx", await xlsx([Array.from({ length: 501 }, (_, i) => `C${i}`)]));
    expect(res.status).toBe(422);
    expect(res.body.error).toBe("table_too_wide");
  });

  test("a file over 20 MB is refused while it streams in (413)", async () => {
    const s = await f.projectScene();
    const res = await save(s.moderator.cookie, s.project.id, "big.csv", "a,b\n".repeat(5_300_000));
    expect(res.status).toBe(413);
    expect(tablesIn(s.project.id)).toBe(0);
    expect(leftFiles()).toBe(0);
  });
});

describe("table/save-for-project", () => {
  test("imports an XLSX as a TABLE item with its categories, readable page by page", async () => {
    const s = await f.projectScene();
    const survey = f.category(s.project.id, { name: "Survey" });
    const rows = [["Pier", "Height", "url"], ...Array.from({ length: 30 }, (_, i) => [`P${i}`, 30 - i, i === 0 ? '[{"lat":55.75,"lon":37.62,"name":"P0"}]' : null])];
    const res = await save(s.moderator.cookie, s.project.id, "piers.xlsx", await xlsx(rows), { name: " Piers ", description: "From the survey", categoryList: JSON.stringify([survey.id]) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "Piers", dataType: "TABLE", description: "From the survey", categoryList: [{ id: survey.id, name: "Survey" }] });
    const page = await t.call("GET", `/table/get-table/${res.body.id}?sortBy=cell_1&rowsPerPage=2`, { cookie: s.member.cookie });
    expect(page.body.totalElements).toBe(30);
    expect(page.body.items.map((item: Record<string, unknown>) => item.cell_0)).toEqual(["P29", "P28"]);
    expect(page.body.headers.map((h: { name: string }) => h.name)).toEqual(["Pier", "Height", "url"]);
  });

  test("without a name, with foreign categories or a bad url cell: 422 and nothing stored", async () => {
    const s = await f.projectScene();
    const other = f.category(f.project("Other").id);
    const csv = "A,url\nx,\n";
    expect((await save(s.moderator.cookie, s.project.id, "a.csv", csv, {})).status).toBe(422);
    expect((await save(s.moderator.cookie, s.project.id, "a.csv", csv, { name: "T", categoryList: JSON.stringify([other.id]) })).status).toBe(422);
    expect((await save(s.moderator.cookie, s.project.id, "a.csv", csv, { name: "T", categoryList: "[1," })).status).toBe(422);
    expect((await save(s.moderator.cookie, s.project.id, "a.csv", 'A,url\nx,"[{""lat"":100,""lon"":0}]"\n', { name: "T" })).status).toBe(422);
    expect(tablesIn(s.project.id)).toBe(0);
    expect(storedRows()).toBe(0);
  });

  test("a plain member gets 403 before the file is read; an outsider 404", async () => {
    const s = await f.projectScene();
    expect((await save(s.member.cookie, s.project.id, "a.csv", "A\n1")).status).toBe(403);
    expect((await save(s.outsider.cookie, s.project.id, "a.csv", "A\n1")).status).toBe(404);
    expect(tablesIn(s.project.id)).toBe(0);
  });
});

describe("files/get-data-table", () => {
  const download = (cookie: string, path: string) => t.app.handle(new Request(`http://plexus.test/api${path}`, { headers: { ...OWN_PAGE_HEADERS, cookie } }));

  test("CSV: UTF-8 with a byte order mark, CRLF, quoted where needed, formulas made inert, named after the item", async () => {
    const s = await f.projectScene();
    const table = f.table(s.project.id, { name: "Мосты", headers: ["Мост", "Длина", "url"], rows: [["Крымский, \"большой\"", 688, '[{"lat":55.7,"lon":37.6}]'], ["=HYPERLINK(1)", 3.5, null]] });
    const res = await download(s.member.cookie, `/files/get-data-table/${table.id}?format=csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toContain(`filename*=UTF-8''${encodeURIComponent("Мосты.csv")}`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.subarray(3))).toBe(
      'Мост,Длина,url\r\n"Крымский, ""большой""",688,"[{""lat"":55.7,""lon"":37.6}]"\r\n\'=HYPERLINK(1),3.5,\r\n',
    );
  });

  test("XLSX: bold header row, numbers as numbers; the default format", async () => {
    const s = await f.projectScene();
    const table = f.table(s.project.id, { name: "Piers", headers: ["Pier", "Height"], rows: [["P1", 12.5], ["P2", null]] });
    const res = await download(s.member.cookie, `/files/get-data-table/${table.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain('filename="Piers.xlsx"');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.getRow(1).values).toEqual([undefined, "Pier", "Height"]);
    expect(sheet.getRow(2).getCell(2).value).toBe(12.5);
    expect(sheet.getRow(3).getCell(2).value).toBe(null);
  });

  test("a member who may not see the table gets 404; an unknown format 422", async () => {
    const s = await f.projectScene();
    const table = f.table(s.project.id, { headers: ["A"], rows: [["x"]] });
    expect((await download(s.outsider.cookie, `/files/get-data-table/${table.id}`)).status).toBe(404);
    expect((await download(s.member.cookie, `/files/get-data-table/${table.id}?format=pdf`)).status).toBe(422);
  });

  test("the file is streamed from the worker's copy on disk, with its length, and no copy stays behind, read or dropped", async () => {
    const s = await f.projectScene();
    const table = f.table(s.project.id, { headers: ["A"], rows: Array.from({ length: 20_000 }, (_, i) => [`row ${i}`]) });
    const read = await download(s.member.cookie, `/files/get-data-table/${table.id}?format=csv`);
    expect(readdirSync(madeFilesFolder())).toEqual([]);
    const bytes = await read.arrayBuffer();
    expect(Number(read.headers.get("content-length"))).toBe(bytes.byteLength);
    expect(new TextDecoder().decode(bytes).split("\r\n")[20_000]).toBe("row 19999");
    const dropped = await download(s.member.cookie, `/files/get-data-table/${table.id}?format=csv`);
    await dropped.body!.cancel();
    expect(readdirSync(madeFilesFolder())).toEqual([]);
  });
});
