import { describe, expect, test } from "bun:test";
import { withTestApp } from "../../testing/harness";
import { TABLE_LIMITS } from "./limits";
import { createTable, tableValues } from "./service";

const { t, f } = withTestApp();

const get = (cookie: string, path: string) => t.call("GET", path, { cookie });

const CITIES = [
  ["Москва", 13_000_000, "Russia"],
  ["astana", 1_400_000, "Kazakhstan"],
  ["Berlin", 3_700_000, "germany"],
  ["ёлкино", 900, "Russia"],
  ["Ереван", 1_100_000, "Armenia"],
  ["amsterdam", null, "Netherlands"],
  ["10", 10, "Numbers"],
  ["9", 9, "Numbers"],
];

async function scene() {
  const s = await f.projectScene();
  const table = f.table(s.project.id, { name: "Cities", headers: ["City", "Population", "", "url"], rows: CITIES.map((row) => [...row, null, null]) });
  return { ...s, table };
}

const column = (body: { items: Record<string, unknown>[] }, field: string) => body.items.map((item) => item[field]);

describe("table/get-table", () => {
  test("answers the headers (an empty one named Column N) and rows with ids, in the order they were added", async () => {
    const s = await scene();
    const res = await get(s.member.cookie, `/table/get-table/${s.table.id}`);
    expect(res.status).toBe(200);
    expect(res.body.name).toBe("Cities");
    expect(res.body.headers).toEqual([
      { name: "City", field: "cell_0", type: "TEXT", fit: 1 },
      { name: "Population", field: "cell_1", type: "TEXT", fit: 1 },
      { name: "Column 3", field: "cell_2", type: "TEXT", fit: 1 },
      { name: "url", field: "cell_3", type: "TEXT", fit: 1 },
    ]);
    expect(res.body.totalElements).toBe(CITIES.length);
    expect(res.body.items[0]).toEqual({ id: expect.any(Number), cell_0: "Москва", cell_1: 13_000_000, cell_2: "Russia", cell_3: null });
    expect(column(res.body, "cell_0")).toEqual(CITIES.map((row) => row[0]));
  });

  test("sorts numbers by value, empty cells last, and text without regard to case, Cyrillic and ё too", async () => {
    const s = await scene();
    const byPopulation = await get(s.member.cookie, `/table/get-table/${s.table.id}?sortBy=cell_1`);
    expect(column(byPopulation.body, "cell_1")).toEqual([9, 10, 900, 1_100_000, 1_400_000, 3_700_000, 13_000_000, null]);
    const byCity = await get(s.member.cookie, `/table/get-table/${s.table.id}?sortBy=cell_0&desc=false`);
    // Text that reads as a number sorts as one, before text; ё sorts as е.
    expect(column(byCity.body, "cell_0")).toEqual(["9", "10", "amsterdam", "astana", "Berlin", "ёлкино", "Ереван", "Москва"]);
    const down = await get(s.member.cookie, `/table/get-table/${s.table.id}?sortBy=cell_0&desc=true&rowsPerPage=3&page=1`);
    expect(column(down.body, "cell_0")).toEqual(["Berlin", "astana", "amsterdam"]);
    expect(down.body.totalElements).toBe(CITIES.length);
    // Pages in the second half are read from the index's other end: the same rows in the same order.
    const all = column((await get(s.member.cookie, `/table/get-table/${s.table.id}?sortBy=cell_1&rowsPerPage=8`)).body, "cell_1");
    for (const desc of [false, true]) {
      const expected = desc ? [...all].reverse() : all;
      const pages = await Promise.all([0, 1, 2].map((page) => get(s.member.cookie, `/table/get-table/${s.table.id}?sortBy=cell_1&rowsPerPage=3&page=${page}&desc=${desc}`)));
      expect(pages.flatMap((page) => column(page.body, "cell_1"))).toEqual(expected);
    }
  });

  test("filters rows by any cell's text without regard to case or ё, and counts what it lets through", async () => {
    const s = await scene();
    const res = await get(s.member.cookie, `/table/get-table/${s.table.id}?filter=${encodeURIComponent("RUSSIA")}&sortBy=cell_0`);
    expect(column(res.body, "cell_0")).toEqual(["ёлкино", "Москва"]);
    expect(res.body.totalElements).toBe(2);
    const yo = await get(s.member.cookie, `/table/get-table/${s.table.id}?filter=${encodeURIComponent("ЕЛК")}`);
    expect(column(yo.body, "cell_0")).toEqual(["ёлкино"]);
  });

  test("a number in the filter is found as the reader's locale displays it: 31,5 and 1 234,5 in ru", async () => {
    const s = await f.projectScene();
    const table = f.table(s.project.id, { headers: ["Cube", "MPa"], rows: [["A", 31.5], ["B", 1234.5], ["C", 315], ["D", "31,5 (text)"]] });
    const found = async (filter: string, locale: string) =>
      column((await get(`${s.member.cookie}; plexus_locale=${locale}`, `/table/get-table/${table.id}?filter=${encodeURIComponent(filter)}`)).body, "cell_0");
    expect(await found("31,5", "ru")).toEqual(["A", "D"]);
    expect(await found("1\u00a0234,5", "ru")).toEqual(["B"]);
    expect(await found("31,5", "es")).toEqual(["A", "D"]);
    // In en "31,5" is no number: only the text holds it.
    expect(await found("31,5", "en")).toEqual(["D"]);
    expect(await found("31.5", "en")).toEqual(["A"]);
  });

  test("the filter's index follows edits: a changed cell is found by its new text, not its old, a removed row not at all", async () => {
    const s = await scene();
    const filtered = async (text: string) => column((await get(s.member.cookie, `/table/get-table/${s.table.id}?filter=${encodeURIComponent(text)}`)).body, "cell_0");
    const rows = (await get(s.member.cookie, `/table/get-table/${s.table.id}`)).body.items as { id: number; cell_0: string }[];
    const berlin = rows.find((row) => row.cell_0 === "Berlin")!;
    const astana = rows.find((row) => row.cell_0 === "astana")!;
    const update = { id: s.table.id, items: [{ id: berlin.id, cell_2: 'Deutschland "Bund"' }, { cell_0: "Köln", cell_2: "Deutschland" }], removed: [astana.id] };
    expect((await t.call("POST", "/table/update", { cookie: s.moderator.cookie, body: update })).status).toBe(200);
    expect(await filtered("germany")).toEqual([]);
    expect(await filtered("DEUTSCH")).toEqual(["Berlin", "Köln"]);
    expect(await filtered('"bund"')).toEqual(["Berlin"]);
    expect(await filtered("kazakh")).toEqual([]);
    // One or two characters are matched too (they read every row of the table).
    expect(await filtered("ln")).toEqual(["Köln"]);
    expect(await filtered('d"')).toEqual(["Berlin"]);
  });

  test("pages: rowsPerPage and page pick the slice, past the end is empty", async () => {
    const s = await scene();
    const second = await get(s.member.cookie, `/table/get-table/${s.table.id}?rowsPerPage=3&page=1`);
    expect(column(second.body, "cell_0")).toEqual(["ёлкино", "Ереван", "amsterdam"]);
    const past = await get(s.member.cookie, `/table/get-table/${s.table.id}?rowsPerPage=3&page=5`);
    expect(past.body.items).toEqual([]);
  });

  test("refuses a sort field the table has not, paging past the caps, and other data types, with clear 4xx", async () => {
    const s = await scene();
    for (const query of ["sortBy=cell_9", "sortBy=name", "sortBy=cell_01", "rowsPerPage=501", "rowsPerPage=0", "page=-1", "desc=yes"]) {
      const res = await get(s.member.cookie, `/table/get-table/${s.table.id}?${query}`);
      expect([query, res.status]).toEqual([query, 422]);
    }
    const doc = f.dataItem(s.project.id, { name: "Not a table" });
    const res = await get(s.member.cookie, `/table/get-table/${doc.id}`);
    expect(res.status).toBe(404);
    expect(res.body.error).toBe("data_not_found");
  });

  test("the outsider and a member limited to other categories get 404", async () => {
    const s = await scene();
    expect((await get(s.outsider.cookie, `/table/get-table/${s.table.id}`)).status).toBe(404);
    const photos = f.category(s.project.id, { name: "Photos" });
    const filed = f.table(s.project.id, { headers: ["A"], rows: [["x"]], categoryIds: [f.category(s.project.id, { name: "Survey" }).id] });
    const limited = await t.userWithCookie("USER");
    f.assignCategories(f.member(limited.user.id, s.project.id).id, [photos.id]);
    const res = await get(limited.cookie, `/table/get-table/${filed.id}`);
    expect(res.status).toBe(404);
    expect(res.body.error).toBe("data_not_found");
  });
});

describe("table/find-row", () => {
  test("the first row, in the table's own order, holding every word's start in any case; its place; null when none; 404 for an outsider", async () => {
    const s = await scene();
    const rows = Array.from({ length: 450 }, (_, i) => [`Куб ${i + 1}`, i === 333 ? "Трещины у опоры, пролёт 2" : "без замечаний", i === 402 ? "Fisuras en el APOYO" : ""]);
    const table = f.table(s.project.id, { name: "Кубы", headers: ["Куб", "Осмотр", "Notas"], rows });
    const ids = column((await get(s.member.cookie, `/table/get-table/${table.id}?page=4&rowsPerPage=100`)).body, "id") as number[];
    const find = async (q: string, who = s.member) => get(who.cookie, `/table/find-row/${table.id}?q=${encodeURIComponent(q)}`);
    const row333 = (await find("ОПОРЫ трещины")).body.row;
    expect(row333.index).toBe(333);
    expect((await find("apoyos fisuras")).body.row).toEqual({ id: ids[2], index: 402 });
    expect((await find("трещины fisuras")).body.row).toBeNull();
    expect((await find("  ")).body.row).toBeNull();
    expect((await find("опоры", s.outsider)).status).toBe(404);
    expect((await find("x".repeat(TABLE_LIMITS.filterChars + 1))).status).toBe(422);
  });
});

describe("the service", () => {
  test("createTable needs MODERATOR, names empty headers, pads short rows and refuses a bad url cell whole", async () => {
    const s = await scene();
    const input = { name: "Piers", headers: ["Pier", "", "URL"], rows: [["P1", 3.5, '[{"lat":55.7,"lon":37.6,"name":"a"}]'], ["P2"]] };
    expect(() => t.db.transaction((tx) => createTable(tx, s.member.user, s.project.id, input))).toThrow("You do not have the rights for this");
    const item = t.db.transaction((tx) => createTable(tx, s.moderator.user, s.project.id, input));
    const values = tableValues(t.db, s.member.user, item.id, 10);
    expect(values.headers.map((h) => h.name)).toEqual(["Pier", "Column 2", "URL"]);
    expect(values.items.map(({ id: _, ...cells }) => cells)).toEqual([
      { cell_0: "P1", cell_1: 3.5, cell_2: '[{"lat":55.7,"lon":37.6,"name":"a"}]' },
      { cell_0: "P2", cell_1: null, cell_2: null },
    ]);
    expect(values.truncated).toBe(false);
    expect(tableValues(t.db, s.member.user, item.id, 1).truncated).toBe(true);
    const bad = { ...input, rows: [["P3", 1, '[{"lat":91,"lon":0}]']] };
    expect(() => t.db.transaction((tx) => createTable(tx, s.moderator.user, s.project.id, bad))).toThrow("Some fields are not valid");
  });
});

describe("table/get-options", () => {
  test("a column's distinct values, one spelling per case-insensitive value, sorted, empty cells left out", async () => {
    const s = await scene();
    const res = await get(s.member.cookie, `/table/get-options?tableId=${s.table.id}&header=cell_2`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(["Armenia", "germany", "Kazakhstan", "Netherlands", "Numbers", "Russia"]);
    const numbers = await get(s.member.cookie, `/table/get-options?tableId=${s.table.id}&header=cell_1`);
    expect(numbers.body).toEqual(["9", "10", "900", "1100000", "1400000", "3700000", "13000000"]);
  });

  test("an unknown column is 422; a table the reader may not see 404", async () => {
    const s = await scene();
    expect((await get(s.member.cookie, `/table/get-options?tableId=${s.table.id}&header=cell_7`)).status).toBe(422);
    expect((await get(s.outsider.cookie, `/table/get-options?tableId=${s.table.id}&header=cell_0`)).status).toBe(404);
  });
});

describe("table/update", () => {
  const update = (cookie: string, body: unknown) => t.call("POST", "/table/update", { cookie, body });
  const rows = async (cookie: string, id: number) => (await get(cookie, `/table/get-table/${id}?rowsPerPage=500`)).body;

  test("changes given fields of a row, adds rows without id, removes rows, in one call; sorting sees the new values", async () => {
    const s = await scene();
    const before = await rows(s.member.cookie, s.table.id);
    const [moscow, astana, berlin] = before.items;
    const res = await update(s.moderator.cookie, {
      id: s.table.id,
      items: [
        { id: moscow.id, cell_1: 1 },
        { cell_0: "Алматы", cell_1: 2_000_000, cell_3: '[{"lat":43.2,"lon":76.9,"name":"Алматы"}]' },
      ],
      removed: [astana.id, berlin.id],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ totalElements: CITIES.length - 1 });
    const after = await rows(s.member.cookie, s.table.id);
    expect(after.items[0]).toEqual({ ...moscow, cell_1: 1 });
    expect(after.items.at(-1)).toMatchObject({ cell_0: "Алматы", cell_1: 2_000_000, cell_2: null, cell_3: '[{"lat":43.2,"lon":76.9,"name":"Алматы"}]' });
    expect(column(after, "cell_0")).not.toContain("Berlin");
    const sorted = await get(s.member.cookie, `/table/get-table/${s.table.id}?sortBy=cell_1&rowsPerPage=2`);
    expect(column(sorted.body, "cell_0")).toEqual(["Москва", "9"]);
  });

  test("any bad row refuses the whole update with 422 and changes nothing", async () => {
    const s = await scene();
    const before = await rows(s.member.cookie, s.table.id);
    const [first, second] = before.items;
    const other = f.table(s.project.id, { headers: ["A"], rows: [["x"]] });
    const [foreign] = (await rows(s.member.cookie, other.id)).items;
    const bad = [
      { items: [{ id: first.id, cell_0: "changed" }, { id: second.id, name: "unknown field" }] },
      { items: [{ id: first.id, cell_0: "changed" }, { cell_9: 1 }] },
      { items: [{ id: first.id, cell_0: "changed" }, { cell_3: '[{"lat":10,"lon":200}]' }] },
      { items: [{ id: first.id, cell_0: "changed" }, { cell_3: "not json" }] },
      { items: [{ id: first.id, cell_0: "changed" }, { cell_0: { nested: true } }] },
      { items: [{ id: first.id, cell_0: "changed" }, { cell_0: true }] },
      { items: [{ id: first.id, cell_0: "changed" }], removed: [foreign.id] },
      { items: [{ id: foreign.id, cell_0: "changed" }] },
      { items: [{ id: first.id, cell_0: "changed" }], removed: [first.id] },
      { items: [{ id: first.id, cell_0: "x".repeat(40_000) }] },
    ];
    for (const body of bad) {
      const res = await update(s.moderator.cookie, { id: s.table.id, ...body });
      expect([JSON.stringify(body).slice(0, 80), res.status]).toEqual([JSON.stringify(body).slice(0, 80), 422]);
    }
    expect(await rows(s.member.cookie, s.table.id)).toEqual(before);
    expect((await rows(s.member.cookie, other.id)).items).toEqual([foreign]);
  });

  test("a plain member gets 403, an outsider 404, another data type 404", async () => {
    const s = await scene();
    const body = { id: s.table.id, items: [{ cell_0: "x" }] };
    expect((await update(s.member.cookie, body)).status).toBe(403);
    expect((await update(s.outsider.cookie, body)).status).toBe(404);
    const doc = f.dataItem(s.project.id);
    expect((await update(s.moderator.cookie, { ...body, id: doc.id })).status).toBe(404);
    expect((await rows(s.member.cookie, s.table.id)).totalElements).toBe(CITIES.length);
  });
});
