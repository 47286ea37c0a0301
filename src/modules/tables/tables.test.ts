import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { factories } from "../../testing/factories";
import { testApp, type TestApp } from "../../testing/harness";
import { createTable, tableValues } from "./service";

let t: TestApp;
let f: ReturnType<typeof factories>;
beforeEach(() => {
  t = testApp();
  f = factories(t);
});
afterEach(() => t.close());

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
      { name: "City", field: "cell_0" },
      { name: "Population", field: "cell_1" },
      { name: "Column 3", field: "cell_2" },
      { name: "url", field: "cell_3" },
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
  });

  test("filters rows by any cell's text without regard to case or ё, and counts what it lets through", async () => {
    const s = await scene();
    const res = await get(s.member.cookie, `/table/get-table/${s.table.id}?filter=${encodeURIComponent("RUSSIA")}&sortBy=cell_0`);
    expect(column(res.body, "cell_0")).toEqual(["ёлкино", "Москва"]);
    expect(res.body.totalElements).toBe(2);
    const yo = await get(s.member.cookie, `/table/get-table/${s.table.id}?filter=${encodeURIComponent("ЕЛК")}`);
    expect(column(yo.body, "cell_0")).toEqual(["ёлкино"]);
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
