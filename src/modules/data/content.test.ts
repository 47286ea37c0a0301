import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { dataItems } from "../../../db/schema";
import { withTestApp } from "../../testing/harness";
import { sanitize } from "../../lib/sanitize";

const { t, f } = withTestApp();

const stored = (id: number) => t.db.select().from(dataItems).where(eq(dataItems.id, id)).get()!;

/** A project with a CALC, a REPORT, a TABLE and a CHART over it, as their owners store them. */
async function scene() {
  const s = await f.projectScene();
  const table = f.table(s.project.id, { name: "Loads", headers: ["Month", "Load"], rows: [["May", 3]] });
  const settings = { name: "Loads", type: "BAR", showDetails: false, mainColumn: "cell_0", headers: [{ name: "Month", field: "cell_0", isValue: false }, { name: "Load", field: "cell_1", isValue: true }], table: table.id };
  const items = {
    CALC: f.dataItem(s.project.id, { name: "Area", dataType: "CALC", script: "function main() { return 1; }", props: "[]" }),
    REPORT: f.dataItem(s.project.id, { name: "Summary", dataType: "REPORT", body: "<p>Summary</p>" }),
    TABLE: table,
    CHART: f.dataItem(s.project.id, { name: "Loads", dataType: "CHART", value: JSON.stringify(settings) }),
  };
  const save = (body: Record<string, unknown>) => t.call("POST", "/data/save", { cookie: s.moderator.cookie, body: { project: { id: s.project.id }, ...body } });
  return { ...s, items, settings, save };
}

describe("data/save checks a typed item's content as its owner does", () => {
  test("another type's content, or malformed content, is a 422 naming the field, and nothing changes", async () => {
    const s = await scene();
    const { CALC, REPORT, TABLE, CHART } = s.items;
    const cases: [typeof CALC, Record<string, unknown>, string][] = [
      // A REPORT's content on a CALC, a CALC's on a REPORT, a script on a TABLE, a body on a CHART.
      [CALC, { body: "<p>report text</p>" }, "body.body"],
      [CALC, { value: "{}" }, "body.value"],
      [REPORT, { script: "function main() {}" }, "body.script"],
      [REPORT, { props: "[]" }, "body.props"],
      [TABLE, { script: "function main() {}" }, "body.script"],
      [CHART, { body: "<p>x</p>" }, "body.body"],
      // Malformed content of the item's own type.
      [CALC, { props: '{"variable":"a"}' }, "body.props"],
      [CALC, { props: JSON.stringify([{ variable: "1a", name: "A" }]) }, "body.props[0]"],
      [CALC, { props: null }, "body.props"],
      [TABLE, { value: '{"a":1}' }, "body.value"],
      [TABLE, { value: JSON.stringify([{ name: "Month", field: "cell_7" }, { name: "Load", field: "cell_1" }]) }, "body.value"],
      [TABLE, { value: JSON.stringify([{ name: "Only one", field: "cell_0" }]) }, "body.value"],
      [TABLE, { value: "not json" }, "body.value"],
      [CHART, { value: JSON.stringify({ type: "NOPE" }) }, "body.value"],
      [CHART, { value: JSON.stringify({ ...s.settings, table: 999_999 }) }, "body.value"],
      [CHART, { value: JSON.stringify({ ...s.settings, mainColumn: "cell_9" }) }, "body.mainColumn"],
      [CHART, { value: "[]" }, "body.value"],
    ];
    for (const [item, fields, path] of cases) {
      const before = stored(item.id);
      const res = await s.save({ id: item.id, dataType: item.dataType, name: item.name, ...fields });
      expect([item.dataType, fields, res.status, res.body.error]).toEqual([item.dataType, fields, 422, "validation_failed"]);
      expect(res.body.details.map((d: { path: string }) => d.path)).toContain(path);
      expect(stored(item.id)).toEqual(before);
    }
  }, 30_000);

  test("a new item with another type's content is refused before anything is made", async () => {
    const s = await scene();
    const count = () => t.db.select().from(dataItems).all().length;
    const before = count();
    for (const body of [
      { dataType: "CALC", name: "Sneaky", body: "<p>x</p>" },
      { dataType: "REPORT", name: "Sneaky", script: "function main() {}" },
      { dataType: "TABLE", name: "Sneaky", value: '{"headers":"x"}' },
      { dataType: "CHART", name: "Sneaky", value: '{"type":"BAR"}' },
    ]) {
      const res = await s.save(body);
      expect([body.dataType, res.status]).toEqual([body.dataType, 422]);
    }
    expect(count()).toBe(before);
  }, 30_000);

  test("content of the item's own type is stored as its owner stores it", async () => {
    const s = await scene();
    const { CALC, REPORT, TABLE, CHART } = s.items;
    const props = await s.save({ id: CALC.id, dataType: "CALC", name: "Area", props: JSON.stringify([{ variable: "w", name: " Width ", extra: 1 }]) });
    expect(props.status).toBe(200);
    expect(JSON.parse(stored(CALC.id).props!)).toEqual([{ variable: "w", name: "Width" }]);

    // The report's own sanitising setting, not the generic rich text one.
    const html = '<p style="color:red" onclick="x()">Cracks <img src="data:image/png;base64,AAAA"></p>';
    expect((await s.save({ id: REPORT.id, dataType: "REPORT", name: "Summary", body: html })).status).toBe(200);
    expect(stored(REPORT.id).body).toBe(sanitize(html, "report"));

    const renamed = JSON.stringify([{ name: "Month", field: "cell_0" }, { name: "Load, kN", field: "cell_1" }]);
    expect((await s.save({ id: TABLE.id, dataType: "TABLE", name: "Loads", value: renamed })).status).toBe(200);
    expect(JSON.parse(stored(TABLE.id).value!)).toEqual(JSON.parse(renamed));

    const pie = { ...s.settings, type: "PIE" };
    expect((await s.save({ id: CHART.id, dataType: "CHART", name: "Loads", value: JSON.stringify(pie) })).status).toBe(200);
    expect(JSON.parse(stored(CHART.id).value!)).toMatchObject({ type: "PIE", table: TABLE.id, mainColumn: "cell_0" });

    // A new table with the spec's { headers, items } shape keeps its headers; a new report with an empty body.
    const table = await s.save({ dataType: "TABLE", name: "Empty", value: JSON.stringify({ headers: [], items: [] }) });
    expect(table.status).toBe(200);
    expect(stored(table.body.id).value).toBe("[]");
    expect((await s.save({ dataType: "REPORT", name: "Draft", body: "" })).status).toBe(200);
  }, 30_000);
});
