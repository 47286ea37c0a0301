import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { dataItems, dataRelations } from "../../../db/schema";
import { withTestApp } from "../../testing/harness";
import { contrastWithWhite, hslToRgb } from "../../testing/contrast";
import { CHART_LIMITS } from "./limits";
import { seriesColor } from "./palette";

const { t, f } = withTestApp();

const HEADERS = ["Месяц", "Выручка, ₽", "Расходы", "url"];
const ROWS = [
  ["Январь", 120, "80,5", '[{"lat":55.7,"lon":37.6}]'],
  ["Февраль", "135.25", 90, null],
  ["Март", "н/д", 95, null],
];

/** A project with its scene and a table of three months (fields cell_0 … cell_3; cell_3 is the hidden url column). */
async function scene() {
  const s = await f.projectScene();
  const table = f.table(s.project.id, { name: "Бюджет", headers: HEADERS, rows: ROWS });
  return { ...s, table };
}

/** What ROWS draw with chartBody's settings: "н/д" is no number, "80,5" is one. */
const DRAWN = {
  labels: ["Январь", "Февраль", "Март"],
  datasets: [
    { label: "Выручка, ₽", data: [120, 135.25, null] },
    { label: "Расходы", data: [80.5, 90, 95] },
  ],
  missing: [],
  tableMissing: false,
  truncated: false,
  skipped: 0,
  bucket: null,
};

const chartBody = (projectId: number, table: number, overrides: Record<string, unknown> = {}) => ({
  projectId,
  name: "Выручка по месяцам",
  type: "BAR",
  showDetails: true,
  mainColumn: "cell_0",
  headers: [
    { name: "Месяц", field: "cell_0", isValue: false },
    { name: "Выручка, ₽", field: "cell_1", isValue: true },
    { name: "Расходы", field: "cell_2", isValue: true },
  ],
  table,
  ...overrides,
});

const save = (cookie: string, body: unknown) => t.call("POST", "/chart/save", { cookie, body });
const get = (cookie: string, path: string) => t.call("GET", path, { cookie });
const charts = () => t.db.select().from(dataItems).where(eq(dataItems.dataType, "CHART")).all();

describe("chart/save", () => {
  test("a moderator's chart is a CHART item with its settings as JSON text in value, linked to its table", async () => {
    const { project, moderator, member, table } = await scene();
    const res = await save(moderator.cookie, chartBody(project.id, table.id));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "Выручка по месяцам", dataType: "CHART", project: { id: project.id } });
    expect(JSON.parse(res.body.value)).toEqual({
      name: "Выручка по месяцам",
      type: "BAR",
      showDetails: true,
      mainColumn: "cell_0",
      headers: chartBody(project.id, table.id).headers,
      table: table.id,
      summary: null,
    });
    const related = await get(member.cookie, `/relations-data/get?id=${res.body.id}`);
    expect(related.body.map((r: { id: number }) => r.id)).toEqual([table.id]);
    // Saving again with its id updates the one item; the link is not doubled.
    const again = await save(moderator.cookie, chartBody(project.id, table.id, { id: res.body.id, type: "LINE" }));
    expect(again.status).toBe(200);
    expect(JSON.parse(again.body.value).type).toBe("LINE");
    expect(charts()).toHaveLength(1);
    expect(t.db.select().from(dataRelations).all()).toHaveLength(1);
  });

  test("the type is one of the five: a missing or unknown one is a 422 and nothing is stored", async () => {
    const { project, moderator, table } = await scene();
    for (const type of ["AREA", "bar", "", undefined, 3]) {
      const res = await save(moderator.cookie, chartBody(project.id, table.id, { type }));
      expect(res.status).toBe(422);
      expect(res.body.error).toBe("validation_failed");
    }
    for (const type of ["LINE", "BAR", "PIE", "RADAR", "DOUGHNUT"]) expect((await save(moderator.cookie, chartBody(project.id, table.id, { type }))).status).toBe(200);
    expect(charts().map((c) => JSON.parse(c.value!).type)).toEqual(["LINE", "BAR", "PIE", "RADAR", "DOUGHNUT"]);
  });

  test("columns the table does not have, the hidden url column, no value column or one column twice: 422 naming the field", async () => {
    const { project, moderator, table } = await scene();
    const cases: [Record<string, unknown>, string][] = [
      [{ mainColumn: "cell_9" }, "body.mainColumn"],
      [{ headers: [{ name: "x", field: "cell_7", isValue: true }] }, "body.headers.0.field"],
      [{ headers: [{ name: "url", field: "cell_3", isValue: true }] }, "body.headers.0.field"],
      [{ headers: [{ name: "Выручка", field: "cell_1", isValue: false }] }, "body.headers"],
      [{ headers: [{ name: "a", field: "cell_1", isValue: true }, { name: "b", field: "cell_1", isValue: true }] }, "body.headers.1.field"],
      // The label column is never a value: a chart with nothing else has no value column.
      [{ headers: [{ name: "Месяц", field: "cell_0", isValue: true }] }, "body.headers"],
    ];
    for (const [overrides, path] of cases) {
      const res = await save(moderator.cookie, chartBody(project.id, table.id, overrides));
      expect(res.status).toBe(422);
      expect(res.body.details.map((d: { path: string }) => d.path)).toContain(path);
    }
    expect(charts()).toEqual([]);
  });

  test("a table of another project is a 422, one the saver cannot see or that is no table a 404; nothing is stored", async () => {
    const { project, moderator, admin, table } = await scene();
    const other = f.project("Other");
    const foreign = f.table(other.id, { headers: ["a", "b"], rows: [["x", 1]] });
    // An administrator sees both projects: the table is there, but not in the chart's project.
    const crossed = await save(admin.cookie, chartBody(project.id, foreign.id, { headers: [{ name: "b", field: "cell_1", isValue: true }] }));
    expect(crossed.status).toBe(422);
    expect(crossed.body.details[0].path).toBe("body.table");
    // The moderator is no member of the other project: its table does not exist for them.
    const unseen = await save(moderator.cookie, chartBody(project.id, foreign.id, { headers: [{ name: "b", field: "cell_1", isValue: true }] }));
    expect(unseen.status).toBe(404);
    expect(unseen.body.error).toBe("data_not_found");
    const doc = f.dataItem(project.id, { name: "Not a table" });
    expect((await save(moderator.cookie, chartBody(project.id, doc.id))).status).toBe(404);
    expect((await save(moderator.cookie, chartBody(project.id, 999_999))).status).toBe(404);
    // An id that is no chart is not overwritten.
    const wrongId = await save(moderator.cookie, chartBody(project.id, table.id, { id: doc.id }));
    expect(wrongId.status).toBe(404);
    expect(t.db.select().from(dataItems).where(eq(dataItems.id, doc.id)).get()!.value).toBeNull();
    expect(charts()).toEqual([]);
  });

  test("a plain member cannot save (403), an outsider gets 404, signed out 401; nothing is stored", async () => {
    const { project, member, outsider, table } = await scene();
    expect((await save(member.cookie, chartBody(project.id, table.id))).status).toBe(403);
    expect((await save(outsider.cookie, chartBody(project.id, table.id))).status).toBe(404);
    expect((await t.call("POST", "/chart/save", { body: chartBody(project.id, table.id) })).status).toBe(401);
    expect(charts()).toEqual([]);
  });
});

describe("chart/data", () => {
  test("labels from the main column, one dataset per value column, numbers read from text with a point or a comma, else gaps", async () => {
    const { project, moderator, member, table } = await scene();
    const chart = (await save(moderator.cookie, chartBody(project.id, table.id))).body;
    const res = await get(member.cookie, `/chart/data?id=${chart.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: chart.id, ...DRAWN });
    expect(res.body.settings.type).toBe("BAR");
  });

  test("a column gone from the table is named in missing and nothing is drawn; a column moved by a re-import is found by its name", async () => {
    const { project, moderator, table } = await scene();
    const chart = (await save(moderator.cookie, chartBody(project.id, table.id))).body;
    // Re-imported: "Расходы" is gone, "Выручка, ₽" moved to cell_2.
    t.db.update(dataItems).set({ value: JSON.stringify([{ name: "Месяц", field: "cell_0" }, { name: "Прочее", field: "cell_1" }, { name: "Выручка, ₽", field: "cell_2" }]) })
      .where(eq(dataItems.id, table.id)).run();
    const res = await get(moderator.cookie, `/chart/data?id=${chart.id}`);
    expect(res.body.missing).toEqual(["Расходы"]);
    expect(res.body.datasets).toEqual([]);
    expect(res.body.labels).toEqual([]);
    // A chart over the columns still there draws the moved one from its new place.
    const moved = (await save(moderator.cookie, chartBody(project.id, table.id, { headers: [{ name: "Выручка, ₽", field: "cell_2", isValue: true }] }))).body;
    t.db.update(dataItems).set({ value: JSON.stringify([{ name: "Выручка, ₽", field: "cell_0" }, { name: "Месяц", field: "cell_1" }]) }).where(eq(dataItems.id, table.id)).run();
    const found = await get(moderator.cookie, `/chart/data?id=${moved.id}`);
    expect(found.body.missing).toEqual([]);
    expect(found.body.labels).toEqual(["120", "135.25", "н/д"]);
    expect(found.body.datasets).toEqual([{ label: "Выручка, ₽", data: [null, null, null] }]);
  });

  test("a long table is drawn up to the cap with truncated set", async () => {
    const { project, moderator, member } = await scene();
    const rows = Array.from({ length: CHART_LIMITS.points + 3 }, (_, i) => [`r${i}`, i]);
    const table = f.table(project.id, { headers: ["Label", "Value"], rows });
    const chart = (await save(moderator.cookie, chartBody(project.id, table.id, { headers: [{ name: "Value", field: "cell_1", isValue: true }] }))).body;
    const res = await get(member.cookie, `/chart/data?id=${chart.id}`);
    expect(res.body.labels).toHaveLength(CHART_LIMITS.points);
    expect(res.body.truncated).toBe(true);
  });

  test("a CHART item whose value is no chart's answers settings null; a table removed since answers tableMissing", async () => {
    const { project, moderator, member, table } = await scene();
    const odd = f.dataItem(project.id, { name: "Odd", dataType: "CHART", value: '{"type":"AREA"}' });
    const res = await get(member.cookie, `/chart/data?id=${odd.id}`);
    expect(res.status).toBe(200);
    expect(res.body.settings).toBeNull();
    const chart = (await save(moderator.cookie, chartBody(project.id, table.id))).body;
    expect((await get(moderator.cookie, `/data/remove?id=${table.id}`)).status).toBe(200);
    const gone = await get(member.cookie, `/chart/data?id=${chart.id}`);
    expect(gone.status).toBe(200);
    expect(gone.body).toMatchObject({ tableMissing: true, labels: [], datasets: [] });
  });

  test("an item that is no chart, or one the reader may not see, is a 404", async () => {
    const { project, outsider, member, table } = await scene();
    expect((await get(member.cookie, `/chart/data?id=${table.id}`)).status).toBe(404);
    const chart = f.dataItem(project.id, { name: "C", dataType: "CHART", value: JSON.stringify(chartBody(project.id, table.id)) });
    const res = await get(outsider.cookie, `/chart/data?id=${chart.id}`);
    expect(res.status).toBe(404);
    expect(res.body.error).toBe("data_not_found");
  });
});

describe("chart/get", () => {
  test("lists the charts built on the table that the reader sees; not other items linked to it, nor charts of other tables", async () => {
    const { project, moderator, member, table } = await scene();
    const a = (await save(moderator.cookie, chartBody(project.id, table.id, { name: "B chart" }))).body;
    const b = (await save(moderator.cookie, chartBody(project.id, table.id, { name: "A chart", type: "PIE" }))).body;
    const second = f.table(project.id, { headers: ["x", "y"], rows: [["a", 1]] });
    const other = (await save(moderator.cookie, chartBody(project.id, second.id, { headers: [{ name: "y", field: "cell_1", isValue: true }] }))).body;
    const doc = f.dataItem(project.id, { name: "Note" });
    await get(moderator.cookie, `/relations-data/add?idNode=${doc.id}&id=${table.id}`);
    // A chart whose settings moved to the other table keeps its old link, but is no chart of this table.
    await get(moderator.cookie, `/relations-data/add?idNode=${other.id}&id=${table.id}`);
    await get(moderator.cookie, `/data/remove?id=${a.id}`);
    const res = await get(member.cookie, `/chart/get?tableId=${table.id}`);
    expect(res.status).toBe(200);
    expect(res.body.map((c: { id: number }) => c.id)).toEqual([b.id]);
    expect(res.body[0]).toMatchObject({ name: "A chart", isActive: true, settings: { type: "PIE", table: table.id } });
    // Moderators see removed charts too, struck through in lists.
    const all = await get(moderator.cookie, `/chart/get?tableId=${table.id}`);
    expect(all.body.map((c: { id: number }) => c.id)).toEqual([b.id, a.id]);
  });

  test("an item that is no table, or a table the reader may not see, is a 404", async () => {
    const { project, outsider, member, table } = await scene();
    expect((await get(outsider.cookie, `/chart/get?tableId=${table.id}`)).status).toBe(404);
    const doc = f.dataItem(project.id, { name: "Doc" });
    expect((await get(member.cookie, `/chart/get?tableId=${doc.id}`)).status).toBe(404);
    expect((await get(member.cookie, "/chart/get?tableId=abc")).status).toBe(422);
  });
});

describe("a member limited to categories", () => {
  test("gets 404 for a chart outside their categories, and a chart they see over a table they do not is drawn as tableMissing, none of its cells sent", async () => {
    const { project, moderator } = await scene();
    const limited = await t.userWithCookie("USER");
    const open = f.category(project.id, { name: "Open" });
    const closed = f.category(project.id, { name: "Closed" });
    f.assignCategories(f.member(limited.user.id, project.id).id, [open.id]);
    const table = f.table(project.id, { name: "Бюджет", headers: HEADERS, rows: ROWS, categoryIds: [closed.id] });
    const hidden = (await save(moderator.cookie, chartBody(project.id, table.id, { categoryList: [{ id: closed.id }] }))).body;
    const shown = (await save(moderator.cookie, chartBody(project.id, table.id, { categoryList: [{ id: open.id }] }))).body;
    const refused = await get(limited.cookie, `/chart/data?id=${hidden.id}`);
    expect(refused.status).toBe(404);
    expect(refused.body.error).toBe("data_not_found");
    const drawn = await get(limited.cookie, `/chart/data?id=${shown.id}`);
    expect(drawn.status).toBe(200);
    expect(drawn.body).toMatchObject({ tableMissing: true, labels: [], datasets: [] });
    expect(JSON.stringify(drawn.body)).not.toContain("Январь");
    expect((await get(limited.cookie, `/chart/get?tableId=${table.id}`)).status).toBe(404);
    // Not a moderator: they cannot build a chart at all, over that table or any other.
    expect((await save(limited.cookie, chartBody(project.id, table.id))).status).toBe(403);
    expect(charts()).toHaveLength(2);
  });
});

describe("chart/preview", () => {
  test("draws settings not saved yet, checked as a save checks them; stores nothing; a reader of the table may preview", async () => {
    const { project, member, outsider, table } = await scene();
    const { name: _name, projectId: _projectId, ...settings } = chartBody(project.id, table.id);
    const res = await t.call("POST", "/chart/preview", { cookie: member.cookie, body: settings });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(DRAWN);
    expect((await t.call("POST", "/chart/preview", { cookie: member.cookie, body: { ...settings, mainColumn: "cell_8" } })).status).toBe(422);
    expect((await t.call("POST", "/chart/preview", { cookie: member.cookie, body: { ...settings, type: "AREA" } })).status).toBe(422);
    expect((await t.call("POST", "/chart/preview", { cookie: outsider.cookie, body: settings })).status).toBe(404);
    expect(charts()).toEqual([]);
  });
});

describe("series colours", () => {
  test("neighbouring series differ and every colour keeps 3:1 on the white chart (WCAG's rule for graphics)", () => {
    const colours = Array.from({ length: 24 }, (_, n) => seriesColor(n));
    expect(new Set(colours).size).toBe(24);
    for (const colour of colours) {
      const [hue, saturation, lightness] = colour.match(/[\d.]+/g)!.map(Number);
      expect(contrastWithWhite(hslToRgb(hue, saturation / 100, lightness / 100))).toBeGreaterThanOrEqual(3);
    }
  });
});
