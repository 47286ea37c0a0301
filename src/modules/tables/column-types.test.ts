import { describe, expect, test } from "bun:test";
import { tableRows } from "../../../db/schema";
import { OWN_PAGE_HEADERS, withTestApp } from "../../testing/harness";
import { detectColumnTypes } from "./column-types";

const { t, f } = withTestApp();

const pad = (n: number) => String(n).padStart(2, "0");
/** A levelling log as a Russian site office exports it: `;`, decimal commas, dd.mm.yyyy dates, a few gaps and notes. */
function levellingCsv(rows: number): string {
  const lines = ["Пикет;Дата;Отметка, м;Примечание"];
  for (let i = 0; i < rows; i++) {
    const day = new Date(Date.UTC(2025, 0, 1) + ((i * 37) % 700) * 86_400_000);
    const date = `${pad(day.getUTCDate())}.${pad(day.getUTCMonth() + 1)}.${day.getUTCFullYear()}`;
    const height = i % 100 === 7 ? "нет данных" : i % 50 === 3 ? "" : `${100 + (i % 90)},${pad(i % 100)}`;
    lines.push(`ПК-${i};${date};${height};${i % 3 ? "" : "осмотр"}`);
  }
  return `${lines.join("\r\n")}\r\n`;
}

async function importCsv(cookie: string, projectId: number, text: string) {
  const form = new FormData();
  form.append("name", "Нивелирование");
  form.append("file", new File([text], "levels.csv"));
  const response = await t.app.handle(new Request(`http://plexus.test/api/table/save-for-project/${projectId}`, { method: "POST", headers: { ...OWN_PAGE_HEADERS, cookie }, body: form }));
  expect(response.status).toBe(200);
  return ((await response.json()) as { id: number }).id;
}

const page = async (cookie: string, id: number, query = "") => (await t.call("GET", `/table/get-table/${id}${query}`, { cookie })).body;
const storedCells = (id: number) => t.db.select().from(tableRows).all().filter((row) => row.id === id)[0]?.cells;

describe("column types", () => {
  test("detects number, date and text columns of a 2,400-row CSV with decimal commas and dd.mm.yyyy dates, with the share that fits", async () => {
    const s = await f.projectScene();
    const id = await importCsv(s.moderator.cookie, s.project.id, levellingCsv(2400));
    const { headers } = await page(s.member.cookie, id, "?rowsPerPage=1");
    // 24 of 2,352 filled heights are notes: 99% numbers; every date reads.
    expect(headers.map((h: { type: string }) => h.type)).toEqual(["TEXT", "DATE", "NUMBER", "TEXT"]);
    expect(headers[1].fit).toBe(1);
    expect(headers[2].fit).toBeCloseTo(2328 / 2352, 6);
  }, 30_000);

  test("a column is typed only when 90% of its filled cells are of the type; an empty column is text", () => {
    const rows = Array.from({ length: 20 }, (_, i) => [i < 18 ? i : "x", i < 17 ? "12.03.2026" : "soon", null]);
    expect(detectColumnTypes(rows, 3)).toEqual([
      { type: "NUMBER", fit: 0.9 },
      { type: "TEXT", fit: 1 },
      { type: "TEXT", fit: 1 },
    ]);
  });

  test("a DATE column sorts by time, not by its text", async () => {
    const s = await f.projectScene();
    const id = await importCsv(s.moderator.cookie, s.project.id, "Пикет;Дата\r\nA;02.01.2025\r\nB;01.02.2025\r\nC;2024-12-31\r\nD;15.01.2025\r\n");
    const sorted = await page(s.member.cookie, id, "?sortBy=cell_1");
    expect(sorted.items.map((row: { cell_0: string }) => row.cell_0)).toEqual(["C", "A", "D", "B"]);
  });

  test("a typed column refuses a value of the wrong type, naming the cell, and nothing is saved; a ru number's text is read as ru", async () => {
    const s = await f.projectScene();
    const id = await importCsv(s.moderator.cookie, s.project.id, "Пикет;Дата;Отметка\r\nA;02.01.2025;101,5\r\nB;01.02.2025;99\r\n");
    const [first, second] = (await page(s.member.cookie, id)).items;
    const before = (await page(s.member.cookie, id)).items;
    const refused = await t.call("POST", "/table/update", {
      cookie: s.moderator.cookie,
      body: { id, items: [{ id: first.id, cell_0: "A-1" }, { id: second.id, cell_2: "высоко", cell_1: "вчера" }] },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe("cell_wrong_type");
    expect(refused.body.details).toEqual([
      { path: "body.items.1.cell_2", message: `Row ${second.id}, column “Отметка”: a number is expected, not “высоко”` },
      { path: "body.items.1.cell_1", message: `Row ${second.id}, column “Дата”: a date is expected, not “вчера”` },
    ]);
    expect((await page(s.member.cookie, id)).items).toEqual(before);
    const ru = `${s.moderator.cookie}; plexus_locale=ru`;
    const saved = await t.call("POST", "/table/update", { cookie: ru, body: { id, items: [{ id: second.id, cell_2: "18,5", cell_1: "03.02.2025" }] } });
    expect(saved.status).toBe(200);
    expect(JSON.parse(storedCells(second.id)!)).toEqual(["B", "03.02.2025", 18.5]);
  });

  test("a moderator changes a column's type; a member may not; a type the cells do not hold is refused cell by cell", async () => {
    const s = await f.projectScene();
    const id = await importCsv(s.moderator.cookie, s.project.id, "Код;Марка\r\n007;B25\r\n12,5;B30\r\n3;\r\n");
    const set = (cookie: string, field: string, type: string) => t.call("POST", "/table/column-type", { cookie, body: { id, field, type } });
    expect((await page(s.member.cookie, id)).headers[0]).toEqual({ name: "Код", field: "cell_0", type: "TEXT", fit: 1 });
    expect((await set(s.member.cookie, "cell_1", "TEXT")).status).toBe(403);
    const refused = await set(s.moderator.cookie, "cell_1", "NUMBER");
    expect(refused.status).toBe(422);
    expect(refused.body.details.map((d: { message: string }) => d.message)).toEqual(["Row 1, column “Марка”: “B25” is not a number", "Row 2, column “Марка”: “B30” is not a number"]);
    // "007" is kept as text on import; asked for numbers, the moderator gets the column as numbers.
    const number = await set(s.moderator.cookie, "cell_0", "NUMBER");
    expect(number.body).toEqual({ type: "NUMBER", fit: 1 });
    const sorted = await page(s.member.cookie, id, "?sortBy=cell_0");
    expect(sorted.items.map((row: { cell_0: number }) => row.cell_0)).toEqual([3, 7, 12.5]);
    expect(sorted.headers[0].type).toBe("NUMBER");
    expect((await set(s.moderator.cookie, "cell_9", "TEXT")).status).toBe(422);
  });

  test("a table made before types were kept reads as text and takes any value, as before", async () => {
    const s = await f.projectScene();
    const table = f.table(s.project.id, { headers: ["Pier", "Height"], rows: [["P1", 12]] });
    const { headers, items } = await page(s.member.cookie, table.id);
    expect(headers.map((h: { type: string }) => h.type)).toEqual(["TEXT", "TEXT"]);
    expect((await t.call("POST", "/table/update", { cookie: s.moderator.cookie, body: { id: table.id, items: [{ id: items[0].id, cell_1: "high" }] } })).status).toBe(200);
  });
});
