import { describe, expect, test } from "bun:test";
import { withTestApp } from "../../testing/harness";

// A public report as anyone reads it (public-data/get): a public table's first rows and a public chart's numbers
// in place of their placeholders, and a neutral note, naming nothing, where the embedded item is not public.

const { t, f } = withTestApp();

async function scene() {
  const { project } = await f.projectScene({ name: "Мост" });
  const open = f.category(project.id, { name: "Open", isPublic: true });
  const closed = f.category(project.id, { name: "Internal" });
  const rows = Array.from({ length: 25 }, (_, i) => [`Опора ${i + 1}`, 10 + i / 2, ["A", "B"][i % 2]!]);
  const table = f.table(project.id, { name: "Нагрузки", headers: ["Узел", "Нагрузка", "Группа"], rows, categoryIds: [open.id] });
  const secret = f.table(project.id, { name: "Secret budget", headers: ["Cost"], rows: [["999 secret"]], categoryIds: [closed.id] });
  const settings = {
    name: "Load by group", type: "PIE", showDetails: true, mainColumn: "cell_2", table: table.id, summary: { op: "SUM", series: null, top: null, bucket: null },
    headers: [{ name: "Узел", field: "cell_0", isValue: false }, { name: "Нагрузка", field: "cell_1", isValue: true }, { name: "Группа", field: "cell_2", isValue: false }],
  };
  const chart = f.dataItem(project.id, { dataType: "CHART", name: "Load by group", value: JSON.stringify(settings) }, [open.id]);
  const body = `<h2>Итоги</h2><p>[DATA-${table.id}]</p><p>See [DATA-${chart.id}] and [DATA-${secret.id}].</p><p><a href="/x?[DATA-${secret.id}]">link</a></p>`;
  const report = f.dataItem(project.id, { dataType: "REPORT", name: "Public report", body }, [open.id]);
  return { table, secret, chart, report, rows };
}

describe("a public report's embedded data", () => {
  test("a public table shows its first rows, a public chart its numbers, a private item a note without its name", async () => {
    const s = await scene();
    const res = await t.call("GET", `/public-data/get?id=${s.report.id}`, { headers: { "accept-language": "ru" } });
    expect(res.status).toBe(200);
    const html = res.body.report as string;
    // The paragraph that held the table alone gives way to it; its rows are the first 20, numbers in the reader's language.
    expect(html).toStartWith(`<h2>Итоги</h2><figure class="pub-embed pub-embed--table"><figcaption><a href="/public-data/${s.table.id}">Нагрузки</a></figcaption>`);
    expect(html).toContain(`<th scope="col">Узел</th><th scope="col">Нагрузка</th><th scope="col">Группа</th>`);
    expect(html).toContain("<tr><td>Опора 2</td><td>10,5</td><td>B</td></tr>");
    expect(html).toContain("Опора 20<");
    expect(html).not.toContain("Опора 21<");
    // The chart's sums by group: A holds rows 1, 3, … 25 (13 rows), B the other 12.
    const sum = (group: number) => s.rows.filter((_, i) => i % 2 === group).reduce((total, row) => total + (row[1] as number), 0);
    expect(html).toContain(`<a href="/public-data/${s.chart.id}">Load by group</a>`);
    expect(html).toContain(`<tr><td>A</td><td>${new Intl.NumberFormat("ru").format(sum(0))}</td></tr><tr><td>B</td><td>${new Intl.NumberFormat("ru").format(sum(1))}</td></tr>`);
    // The private table: a note in its place, its name and cells nowhere; a placeholder inside an attribute stays text.
    expect(html).toContain(`and <em class="pub-embed pub-embed--none">Данные недоступны</em>.`);
    expect(html).not.toContain("Secret");
    expect(html).not.toContain("999");
    expect(html).toContain(`href="/x?[DATA-${s.secret.id}]"`);
  });
});
