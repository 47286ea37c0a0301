import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { dataItems } from "../../../db/schema";
import { withTestApp } from "../../testing/harness";
import { measureStall } from "../../testing/loop-stall";
import type { Cell } from "../tables/cells";

// Charts that summarise a real table over every row, read through chart/preview, chart/save and
// chart/data on a real SQLite database: costs by supplier with decimal commas, the top suppliers and
// the rest, concrete tests by class, levelling readings by date on a time axis.

const { t, f } = withTestApp();

const SUPPLIERS = ["Бетонстрой", "Северный ЖБИ", "Арматура-М", "СтальКом", "Гранит", "Опалубка+", "ТрансЛес"];
const CLASSES = ["B25", "B30", "B35"];

/** 320 deliveries: supplier i % 7, a cost written with a decimal comma, a concrete class, a date in 2025-2026. */
function deliveries(count = 320): Cell[][] {
  return Array.from({ length: count }, (_, i) => {
    const day = new Date(Date.UTC(2025, 0, 1) + (i * 2 + (i % 3)) * 86_400_000);
    const date = `${String(day.getUTCDate()).padStart(2, "0")}.${String(day.getUTCMonth() + 1).padStart(2, "0")}.${day.getUTCFullYear()}`;
    return [SUPPLIERS[i % 7]!, `${100 + i},5`, CLASSES[i % 3]!, date, i % 5];
  });
}
const HEADERS = ["Поставщик", "Стоимость", "Класс", "Дата", "Партия"];
const COLUMNS = HEADERS.map((name, i) => ({ name, field: `cell_${i}`, isValue: i === 1 }));

async function scene(rows = deliveries()) {
  const s = await f.projectScene();
  const table = f.table(s.project.id, { name: "Поставки", headers: HEADERS, rows });
  return { ...s, table, rows };
}

const body = (projectId: number, table: number, overrides: Record<string, unknown> = {}) => ({
  projectId,
  name: "Затраты по поставщикам",
  type: "PIE",
  showDetails: true,
  mainColumn: "cell_0",
  headers: COLUMNS,
  table,
  summary: { op: "SUM" },
  ...overrides,
});

const preview = (cookie: string, payload: unknown, language = "en") =>
  t.call("POST", "/chart/preview", { cookie, body: payload, headers: { "accept-language": language } });

/** The expected sum per supplier, computed from the rows as a person would. */
const sums = (rows: Cell[][]) => {
  const out = new Map<string, number>();
  for (const row of rows) out.set(String(row[0]), (out.get(String(row[0])) ?? 0) + Number(String(row[1]).replace(",", ".")));
  return out;
};

describe("a chart that summarises its table", () => {
  test("sum of costs by supplier over 320 rows: one slice per supplier, in the order first met, decimal commas read", async () => {
    const { project, member, table, rows } = await scene();
    const res = await preview(member.cookie, body(project.id, table.id));
    expect(res.status).toBe(200);
    expect(res.body.labels).toEqual(SUPPLIERS);
    const expected = sums(rows);
    expect(res.body.datasets).toHaveLength(1);
    res.body.datasets[0].data.forEach((value: number, i: number) => expect(value).toBeCloseTo(expected.get(SUPPLIERS[i]!)!, 6));
    expect(res.body).toMatchObject({ truncated: false, skipped: 0, bucket: null, missing: [] });
  });

  test("average, count, least and greatest by class", async () => {
    const { project, member, table, rows } = await scene();
    const byClass = (op: string) => preview(member.cookie, body(project.id, table.id, { type: "BAR", mainColumn: "cell_2", summary: { op } }));
    const costs = (cls: string) => rows.filter((row) => row[2] === cls).map((row) => Number(String(row[1]).replace(",", ".")));
    const avg = await byClass("AVG");
    expect(avg.body.labels).toEqual(CLASSES);
    CLASSES.forEach((cls, i) => expect(avg.body.datasets[0].data[i]).toBeCloseTo(costs(cls).reduce((a, b) => a + b, 0) / costs(cls).length, 6));
    expect((await byClass("COUNT")).body.datasets[0].data).toEqual(CLASSES.map((cls) => costs(cls).length));
    expect((await byClass("MIN")).body.datasets[0].data).toEqual(CLASSES.map((cls) => Math.min(...costs(cls))));
    expect((await byClass("MAX")).body.datasets[0].data).toEqual(CLASSES.map((cls) => Math.max(...costs(cls))));
  });

  test("the top 3 suppliers and the rest added up as Other, in the reader's language; the whole is unchanged", async () => {
    const { project, member, table, rows } = await scene();
    const expected = sums(rows);
    const ranked = [...expected.entries()].sort((a, b) => b[1] - a[1]);
    const res = await preview(member.cookie, body(project.id, table.id, { summary: { op: "SUM", top: 3 } }), "ru");
    expect(res.body.labels).toEqual([...ranked.slice(0, 3).map(([name]) => name), "Прочее"]);
    const data = res.body.datasets[0].data as number[];
    expect(data.at(-1)!).toBeCloseTo(ranked.slice(3).reduce((sum, [, value]) => sum + value, 0), 6);
    expect(data.reduce((a, b) => a + b, 0)).toBeCloseTo([...expected.values()].reduce((a, b) => a + b, 0), 6);
  });

  test("a second column splits the values into series: one per class, gaps where a supplier has none", async () => {
    const rows = deliveries().filter((row) => !(row[0] === "Гранит" && row[2] === "B35"));
    const { project, member, table } = await scene(rows);
    const res = await preview(member.cookie, body(project.id, table.id, { type: "BAR", summary: { op: "COUNT", series: "cell_2" } }));
    expect(res.body.datasets.map((d: { label: string }) => d.label)).toEqual(CLASSES);
    const count = (supplier: string, cls: string) => rows.filter((row) => row[0] === supplier && row[2] === cls).length;
    res.body.datasets.forEach((dataset: { data: number[] }, c: number) => expect(dataset.data).toEqual(SUPPLIERS.map((s) => count(s, CLASSES[c]!))));
    expect(res.body.datasets[2].data[SUPPLIERS.indexOf("Гранит")]).toBe(0);
  });

  test("a count needs no value column: it counts the rows per label, empty cells too; any other operation still needs one", async () => {
    const rows = [...deliveries(), ["Гранит", "", "B30", "", 1]];
    const { project, member, table } = await scene(rows);
    const headers = COLUMNS.map((h) => ({ ...h, isValue: false }));
    const res = await preview(member.cookie, body(project.id, table.id, { headers, summary: { op: "COUNT" } }), "ru");
    expect(res.status).toBe(200);
    expect(res.body.datasets).toEqual([{ label: "Строк", data: SUPPLIERS.map((s) => rows.filter((row) => row[0] === s).length) }]);
    const summed = await preview(member.cookie, body(project.id, table.id, { headers, summary: { op: "SUM" } }));
    expect(summed.status).toBe(422);
  });

  test("dates as labels on a time axis: weeks over two years, the empty weeks drawn, rows that are no date counted out", async () => {
    const rows = [...deliveries(), ["Бетонстрой", "5,5", "B25", "н/д", 0], ["Гранит", "7", "B30", "", 1]];
    const { project, member, table } = await scene(rows);
    const res = await preview(member.cookie, body(project.id, table.id, { type: "LINE", mainColumn: "cell_3", summary: { op: "SUM", bucket: "AUTO" } }), "ru");
    expect(res.body.bucket).toBe("WEEK");
    expect(res.body.skipped).toBe(2);
    // 320 deliveries every two days or so from 1 Jan 2025: about 92 weeks, each one drawn (a gap is a 0 sum).
    expect(res.body.labels.length).toBeGreaterThan(85);
    expect(res.body.labels.length).toBeLessThanOrEqual(120);
    expect(res.body.labels[0]).toBe("30.12.2024");
    const data = res.body.datasets[0].data as number[];
    expect(data.reduce((a, b) => a + b, 0)).toBeCloseTo([...sums(deliveries()).values()].reduce((a, b) => a + b, 0), 6);
    const months = await preview(member.cookie, body(project.id, table.id, { type: "BAR", mainColumn: "cell_3", summary: { op: "COUNT", bucket: "MONTH" } }), "en");
    expect(months.body.bucket).toBe("MONTH");
    expect(months.body.labels[0]).toBe("Jan 2025");
    expect(months.body.datasets[0].data.reduce((a: number, b: number) => a + b, 0)).toBe(320);
  });

  test("every row counts, not the first 5,000 a per-row chart draws", async () => {
    const rows = deliveries(7_000);
    const { project, member, table } = await scene(rows);
    const res = await preview(member.cookie, body(project.id, table.id, { summary: { op: "COUNT" } }));
    expect(res.body.datasets[0].data.reduce((a: number, b: number) => a + b, 0)).toBe(7_000);
    expect(res.body.truncated).toBe(false);
  }, 30_000);

  test("saved with the chart, drawn by chart/data; a bad summary is a 422 naming the field and nothing is stored", async () => {
    const { project, moderator, member, table } = await scene();
    const saved = await t.call("POST", "/chart/save", { cookie: moderator.cookie, body: body(project.id, table.id, { summary: { op: "SUM", top: 3, series: null, bucket: null } }) });
    expect(saved.status).toBe(200);
    expect(JSON.parse(saved.body.value).summary).toEqual({ op: "SUM", top: 3, series: null, bucket: null });
    const drawn = await t.call("GET", `/chart/data?id=${saved.body.id}`, { cookie: member.cookie });
    expect(drawn.body.labels).toHaveLength(4);
    const before = t.db.select().from(dataItems).where(eq(dataItems.dataType, "CHART")).all().length;
    // An operation, top or bucket out of the lists is refused by the body's schema, under body.summary; a series
    // column that is the label, a value or no column of the chart by the service, naming it.
    const bad = [
      [{ op: "MEDIAN" }, "body.summary"],
      [{ op: "SUM", top: 1 }, "body.summary"],
      [{ op: "SUM", top: 51 }, "body.summary"],
      [{ op: "SUM", bucket: "YEAR" }, "body.summary"],
      [{ op: "SUM", series: "cell_0" }, "body.summary.series"],
      [{ op: "SUM", series: "cell_1" }, "body.summary.series"],
      [{ op: "SUM", series: "cell_9" }, "body.summary.series"],
    ] as const;
    for (const [summary, path] of bad) {
      const res = await t.call("POST", "/chart/save", { cookie: moderator.cookie, body: body(project.id, table.id, { summary }) });
      const paths = (res.body.details ?? []).map((d: { path: string }) => d.path);
      expect({ summary, status: res.status, named: paths.length > 0 && paths.every((p: string) => p.startsWith(path)) }).toEqual({ summary, status: 422, named: true });
    }
    expect(t.db.select().from(dataItems).where(eq(dataItems.dataType, "CHART")).all()).toHaveLength(before);
  });

  test("summing 50,000 rows keeps /api/health within 3x of idle: the rows are read a slice at a time", async () => {
    const rows = deliveries(50_000);
    const { project, member, table } = await scene(rows);
    const payload = body(project.id, table.id, { summary: { op: "AVG", series: "cell_2" } });
    let answer: { status: number; body: { datasets: { data: number[] }[] } } | undefined;
    const stall = await measureStall(t.app.handle, async () => {
      answer = await preview(member.cookie, payload);
    }, { floorMs: 20 });
    console.log("chart/preview, AVG by supplier and class over 50,000 rows:", JSON.stringify(stall));
    expect(answer!.status).toBe(200);
    expect(answer!.body.datasets).toHaveLength(3);
    expect(stall.ratio).toBeLessThan(3);
  }, 60_000);
});
