import { describe, expect, test } from "bun:test";
import { count, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { dataItems, tableRows } from "../../../db/schema";
import { inflateEntry, readZipDirectory } from "../../lib/zip";
import { OWN_PAGE_HEADERS, withTestApp } from "../../testing/harness";
import { storedZip } from "../../testing/zip-fixture";
import { writeZip } from "../docs/hostile-docx";

/**
 * A failed or partial read of an uploaded table is an error the user sees, never a smaller table:
 * every damaged file below is refused by table/preview and table/save-for-project with a 4xx, and
 * nothing is stored. Each one was answered 200 with fewer rows (or changed text) before.
 */
const { t, f } = withTestApp();

const ROWS = 300;
const encode = (text: string) => new TextEncoder().encode(text);

async function send(cookie: string, path: string, name: string, bytes: Uint8Array, fields: Record<string, string>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append("file", new File([bytes as BlobPart], name));
  const response = await t.app.handle(new Request(`http://plexus.test/api${path}`, { method: "POST", headers: { ...OWN_PAGE_HEADERS, cookie }, body: form }));
  return { status: response.status, body: await response.json() };
}

const storedRows = () => t.db.select({ n: count() }).from(tableRows).get()!.n;
const leftFiles = () => {
  const root = join(t.config.dataDir, "files");
  return existsSync(root) ? readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length : 0;
};

/** Sends the file to both import routes: each must refuse it with `error`, leaving no item, row or file. */
async function expectRefused(name: string, bytes: Uint8Array, error: string) {
  const s = await f.projectScene();
  const preview = await send(s.moderator.cookie, "/table/preview", name, bytes, { projectId: String(s.project.id) });
  const save = await send(s.moderator.cookie, `/table/save-for-project/${s.project.id}`, name, bytes, { name: "Imported" });
  for (const res of [preview, save]) expect([name, res.status, res.body.error]).toEqual([name, 422, error]);
  expect(t.db.select({ n: count() }).from(dataItems).where(eq(dataItems.projectId, s.project.id)).get()!.n).toBe(0);
  expect(storedRows()).toBe(0);
  expect(leftFiles()).toBe(0);
}

/** The sound workbook's parts, and a zip of them with the first sheet's XML replaced. */
async function workbook() {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Data");
  sheet.addRow(["Pier", "Depth"]);
  for (let i = 1; i <= ROWS; i++) sheet.addRow([`pier ${i}`, i]);
  const bytes = new Uint8Array(await book.xlsx.writeBuffer());
  const entries = await readZipDirectory((start, end) => bytes.subarray(start, end), bytes.length);
  const parts = entries.map((entry) => [entry.name, inflateEntry(bytes, entry)] as [string, Uint8Array]);
  const xml = new TextDecoder().decode(parts.find(([name]) => name === "xl/worksheets/sheet1.xml")![1]);
  const withSheet = (text: string) => writeZip(parts.map(([name, data]) => ({ name, chunks: () => [name === "xl/worksheets/sheet1.xml" ? encode(text) : data] })));
  // Where row 150 starts: the damage goes there, half-way down the sheet.
  const half = xml.indexOf('<row r="150"');
  return { bytes, parts, xml, withSheet, half };
}

describe("XLSX", () => {
  test("the sound workbook imports whole (the fixtures below damage it)", async () => {
    const s = await f.projectScene();
    const { bytes, withSheet, xml } = await workbook();
    for (const file of [bytes, await withSheet(xml)]) {
      const res = await send(s.moderator.cookie, "/table/preview", "piers.xlsx", file, { projectId: String(s.project.id) });
      expect(res).toMatchObject({ status: 200, body: { totalRows: ROWS } });
    }
  });

  test("a sheet whose XML stops half-way (the zip itself sound)", async () => {
    const { withSheet, xml, half } = await workbook();
    await expectRefused("cut.xlsx", await withSheet(xml.slice(0, half)), "file_unreadable");
  });

  test("a sheet with a stray & half-way, which a streaming reader takes for an entity swallowing the rest", async () => {
    const { withSheet, xml, half } = await workbook();
    await expectRefused("amp.xlsx", await withSheet(`${xml.slice(0, half)}<row r="149"><c r="C149" t="inlineStr"><is><t>a & b</t></is></c></row>${xml.slice(half)}`), "file_unreadable");
  });

  test("shared strings cut short, so text cells would lose their text", async () => {
    const { parts } = await workbook();
    const zip = await writeZip(parts.map(([name, data]) => ({ name, chunks: () => [name === "xl/sharedStrings.xml" ? data.subarray(0, data.length / 2) : data] })));
    await expectRefused("strings.xlsx", zip, "file_unreadable");
  });

  test("a stored sheet with one digit changed: the zip's checksum no longer matches", async () => {
    const { parts } = await workbook();
    const sheet = parts.find(([name]) => name === "xl/worksheets/sheet1.xml")!;
    const at = new TextDecoder().decode(sheet[1]).indexOf("<v>", new TextDecoder().decode(sheet[1]).indexOf('<row r="150"')) + 3;
    const changed = storedZip(parts);
    const offset = Buffer.from(changed).indexOf(Buffer.from(sheet[1].subarray(0, 64))) + at;
    changed[offset] = changed[offset] === 0x39 ? 0x38 : 0x39;
    await expectRefused("digit.xlsx", changed, "file_unreadable");
  });

  test("a zip cut in the middle of the sheet's compressed data", async () => {
    const { withSheet, xml } = await workbook();
    const whole = await withSheet(xml);
    await expectRefused("truncated.xlsx", whole.subarray(0, Math.floor(whole.length * 0.6)), "file_unreadable");
  });
});

test("a worker whose thread ends while it reads the sheet: 422, nothing stored", async () => {
  const { withSheet, xml } = await workbook();
  const bytes = await withSheet(xml);
  const post = Worker.prototype.postMessage;
  // The pool's worker is ended as soon as it is handed the import job, as a thread that dies would be (a delay
  // raced the job: on a quiet machine the small sheet was read before 50 ms were up).
  Worker.prototype.postMessage = function (this: Worker, message: unknown, ...rest: unknown[]) {
    (post as (...args: unknown[]) => void).call(this, message, ...rest);
    if (String((message as { job?: unknown })?.job ?? "").endsWith("/import-job.ts")) this.terminate();
  } as typeof post;
  try {
    await expectRefused("killed.xlsx", bytes, "file_unreadable");
  } finally {
    Worker.prototype.postMessage = post;
  }
});

describe("CSV", () => {
  const lines = ["Pier,Depth", ...Array.from({ length: ROWS }, (_, i) => `pier ${i + 1},${i + 1}`)];

  test("a quote never closed, which would swallow every later line into one cell", async () => {
    const text = [...lines.slice(0, 150), '"pier x,1', ...lines.slice(150)].join("\n");
    await expectRefused("open-quote.csv", encode(text), "csv_quote_broken");
  });

  test("a quoted value followed by other characters", async () => {
    const text = [...lines.slice(0, 150), '"pier" x,1', ...lines.slice(150)].join("\n");
    await expectRefused("stray-quote.csv", encode(text), "csv_quote_broken");
  });

  test("UTF-8 with one damaged byte, which was read as Windows-1251 nonsense", async () => {
    const text = encode(["Опора,Глубина", "Северная,4", "Южная,7"].join("\n"));
    await expectRefused("damaged.csv", new Uint8Array([...text.subarray(0, 20), 0xff, ...text.subarray(20)]), "csv_encoding_invalid");
  });

  test("a UTF-8 byte order mark before bytes that are not UTF-8", async () => {
    await expectRefused("bom.csv", new Uint8Array([0xef, 0xbb, 0xbf, ...encode("Pier,Depth\nnorth,"), 0xc3, 0x28, ...encode("\nsouth,7\n")]), "csv_encoding_invalid");
  });

  test("UTF-16 with a lone surrogate and an odd last byte", async () => {
    const utf16 = (text: string) => new Uint8Array(Buffer.from(text, "utf16le"));
    await expectRefused("half.csv", new Uint8Array([0xff, 0xfe, ...utf16("Pier,Depth\nnorth,"), 0x00, 0xd8, ...utf16("4\n"), 0x41]), "csv_encoding_invalid");
  });

  test("a Windows-1251 file is still read as one (it is not damaged UTF-8)", async () => {
    const s = await f.projectScene();
    const decoder = new TextDecoder("windows-1251");
    const byChar = new Map<string, number>();
    for (let b = 0; b < 256; b++) byChar.set(decoder.decode(new Uint8Array([b])), b);
    const bytes = new Uint8Array([..."Опора;Глубина\r\nСеверная;4\r\nВёшенская;7\r\n"].map((c) => byChar.get(c)!));
    const res = await send(s.moderator.cookie, "/table/preview", "опоры.csv", bytes, { projectId: String(s.project.id) });
    expect(res).toMatchObject({ status: 200, body: { headers: ["Опора", "Глубина"], rows: [["Северная", 4], ["Вёшенская", 7]], encoding: "windows-1251" } });
  });
});
