import { describe, expect, test } from "bun:test";
import { withTestApp } from "../../testing/harness";

const { t, f } = withTestApp();

const find = (cookie: string, query: string) => t.call("GET", `/full-text-search/find?${query.split(" ").map((w) => `q=${encodeURIComponent(w)}`).join("&")}`, { cookie });
const hitsOf = (res: { body: { content: { type: string; id: number }[] } }) => res.body.content.map(({ type, id }) => `${type} ${id}`);

/** A project with a report and a table in one category and a report in another; a member limited to the second. */
async function scene() {
  const { project, moderator, outsider } = await f.projectScene({ name: "Viaduct" });
  const spans = f.category(project.id, { name: "Spans" });
  const piers = f.category(project.id, { name: "Piers" });
  const saveReport = async (name: string, body: string, categoryId: number) => {
    const res = await t.call("POST", "/data/save", { cookie: moderator.cookie, body: { dataType: "REPORT", name, project: { id: project.id }, body, categoryList: [{ id: categoryId }] } });
    expect(res.status).toBe(200);
    return res.body.id as number;
  };
  const report = await saveReport("Weekly", "<h2>Findings</h2><p>Inspect the bearings on span 2.</p><p>[DATA-77]</p>", spans.id);
  const pierReport = await saveReport("Pier log", "<p>The pier footing shows scour.</p>", piers.id);
  const table = f.table(project.id, {
    name: "Defects",
    headers: ["Element", "Note", "url"],
    rows: [["Span 4", "Cracked deck joint near the abutment", '[{"lat":55.75,"lon":37.61,"name":"scourpoint"}]'], ["Pier 1", "Paint", null]],
    categoryIds: [spans.id],
  });
  const limited = await t.userWithCookie("USER");
  f.assignCategories(f.member(limited.user.id, project.id).id, [piers.id]);
  return { project, moderator, limited, outsider, report, pierReport, table };
}

describe("reports and tables in full-text-search/find", () => {
  test("a report's body is found by its words in any order, as a REPORT hit; its [DATA-n] blocks are not text", async () => {
    const { moderator, report, project } = await scene();
    const res = await find(moderator.cookie, "span bearings");
    expect(res.status).toBe(200);
    expect(res.body.content).toEqual([
      { type: "REPORT", id: report, name: "Weekly", project: { id: project.id, name: "Viaduct" }, version: null, snippet: expect.stringContaining("<mark>bearings</mark> on <mark>span</mark> 2") },
    ]);
    expect((await find(moderator.cookie, "DATA-77")).body.totalElements).toBe(0);
  });

  test("a table's cells are found as a TABLE hit, any word order; the column of map points is not text", async () => {
    const { moderator, table } = await scene();
    const res = await find(moderator.cookie, "joint cracked");
    expect(hitsOf(res)).toEqual([`TABLE ${table.id}`]);
    expect(res.body.content[0].snippet).toContain("<mark>Cracked</mark> deck <mark>joint</mark>");
    expect((await find(moderator.cookie, "scourpoint")).body.totalElements).toBe(0);
  });

  test("an edited body and edited cells are found by their new words only", async () => {
    const { moderator, project, report, table } = await scene();
    const saved = await t.call("POST", "/data/save", { cookie: moderator.cookie, body: { id: report, dataType: "REPORT", name: "Weekly", project: { id: project.id }, body: "<p>Drainage pipes replaced.</p>" } });
    expect(saved.status).toBe(200);
    expect(hitsOf(await find(moderator.cookie, "bearings"))).toEqual([]);
    expect(hitsOf(await find(moderator.cookie, "drainage"))).toEqual([`REPORT ${report}`]);
    const rows = (await t.call("GET", `/table/get-table/${table.id}`, { cookie: moderator.cookie })).body.items as { id: number; cell_0: string }[];
    const span = rows.find((row) => row.cell_0 === "Span 4")!;
    const update = { id: table.id, items: [{ id: span.id, cell_1: "Spalled concrete" }] };
    expect((await t.call("POST", "/table/update", { cookie: moderator.cookie, body: update })).status).toBe(200);
    expect(hitsOf(await find(moderator.cookie, "joint"))).toEqual([]);
    expect(hitsOf(await find(moderator.cookie, "spalled"))).toEqual([`TABLE ${table.id}`]);
  });

  test("the reader's access applies: a member limited to another category, an outsider, a removed report", async () => {
    const { limited, outsider, moderator, report, pierReport, table } = await scene();
    expect(hitsOf(await find(limited.cookie, "bearings"))).toEqual([]);
    expect(hitsOf(await find(limited.cookie, "joint"))).toEqual([]);
    expect(hitsOf(await find(limited.cookie, "scour"))).toEqual([`REPORT ${pierReport}`]);
    expect(hitsOf(await find(outsider.cookie, "scour"))).toEqual([]);
    expect(hitsOf(await find(outsider.cookie, "joint"))).toEqual([]);
    expect(hitsOf(await find(moderator.cookie, "joint"))).toEqual([`TABLE ${table.id}`]);
    expect((await t.call("GET", `/data/remove?id=${report}`, { cookie: moderator.cookie })).status).toBe(200);
    expect(hitsOf(await find(moderator.cookie, "bearings"))).toEqual([]);
  });
});
